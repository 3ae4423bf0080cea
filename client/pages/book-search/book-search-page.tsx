/**
 * Start reading (docs/product.md §2 /search/booksearch): find a book — by title, author, publisher,
 * ISBN, a Korean substring or initial consonants (초성) — then write the first entry of
 * its reading diary (a member's action, guarded).
 */
import { useId, useState, type FormEvent } from 'react';
import { getChoseong } from 'es-hangul';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { DIARY_MAX_CHARS } from '#shared/contract/programme.ts';
import { messages } from '#shared/messages.ts';
import { diaryText, searchText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { newWriteKey, readDraft, removeDraft, saveDraft } from '#client/forms/drafts.ts';
import { useSessionUser } from '#client/session/session-context.tsx';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { BookCard } from '#client/components/book-card.tsx';
import { formatNumber } from '#shared/format-number.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { useWithinPage, WITHIN_PAGE } from '#client/components/within-page.ts';
import { withinText } from '#client/components/within-page-messages.ts';
import { useGuard } from '#client/shell/use-guard.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { IconSearch } from '#client/shell/icons-lazy.tsx';

const PAGE_SIZE = 10;
const FIELDS = ['all', 'title', 'author', 'publisher', 'isbn'] as const;
type SearchField = (typeof FIELDS)[number];

interface Data {
  q: string;
  field: SearchField;
  result: Promise<BookSearchAnswer | ErrorAnswer> | null;
}

export function loader({ context, request }: LoaderFunctionArgs): Data {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, 100);
  const field = FIELDS.find((f) => f === params.get('field')) ?? 'all';
  const page = pageParam(request.url);
  return {
    q,
    field,
    result: q ? homepage(context).get('/book/search', { query: { query: q, field, page, size: PAGE_SIZE } }) : null,
  };
}

/** A search URL of this page for another query (suggestions after no results). */
function searchHref(q: string, field: SearchField = 'all'): string {
  const params = new URLSearchParams({ q });
  if (field !== 'all') params.set('field', field);
  return `?${params.toString()}`;
}

const HANGUL_SYLLABLE = /[가-힣]/;

const resultTitle = () => document.getElementById('result-title');

/** A search made on this page (issue 39): the focus on the results' heading, and how many books it found said once. */
function Said({ sentence }: { sentence: string }) {
  useWithinPage(sentence, resultTitle);
  return null;
}

/** No results: say so, and offer what usually finds the book (fewer words, 초성, every field). */
function NoResults({ q, field, choseong }: { q: string; field: SearchField; choseong: boolean }) {
  const words = [...new Set(q.split(' '))];
  const initials = !choseong && HANGUL_SYLLABLE.test(q) ? getChoseong(q, { keepNonHangul: true }) : '';
  return (
    <div className="search-empty">
      <Said sentence={searchText.none(q)} />
      <p className="search-empty__title">{searchText.none(q)}</p>
      <ul className="search-empty__tips">
        {words.length > 1 && (
          <li>
            {searchText.tryFewer}{' '}
            {words.slice(0, 4).map((w) => (
              <Link key={w} className="chip" to={searchHref(w, field)}>
                {w}
              </Link>
            ))}
          </li>
        )}
        {initials && (
          <li>
            {searchText.tryChoseong}{' '}
            <Link className="chip" to={searchHref(initials, field)}>
              {initials}
            </Link>
          </li>
        )}
        {field !== 'all' && (
          <li>
            {searchText.tryAllFields}{' '}
            <Link className="chip" to={searchHref(q)}>
              {searchText.fields.all}: {q}
            </Link>
          </li>
        )}
        <li>{searchText.trySpelling}</li>
      </ul>
    </div>
  );
}

function DiaryForm({ book, onDone }: { book: Book; onDone(): void }) {
  const dialogs = useDialogs();
  const id = useId();
  const userId = useSessionUser()?.user_id ?? '';
  // The diary page's draft of this book (issue 38): what was begun here is there too, and back.
  const draftId = `diary:${book.isbn}`;
  const [kept] = useState(() => readDraft(userId, draftId));
  const [key] = useState(() => kept?.key ?? newWriteKey());
  const [text, setText] = useState(kept?.fields['content'] ?? '');
  const [busy, setBusy] = useState(false);
  const write = (value: string) => {
    setText(value);
    if (value.trim() === '') removeDraft(userId, draftId);
    else saveDraft(userId, draftId, { key, fields: { content: value }, at: Date.now() });
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      await dialogs.alert(diaryText.empty);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await homepage().post('/activity/bookdiary', { body: { isbn: book.isbn, content: text.trim() }, idempotencyKey: key });
      await dialogs.alert(answer.msg);
      if (answer.result === 'success') onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="diary-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label className="field__label" htmlFor={`${id}-text`}>
        {diaryText.label}
      </label>
      <textarea
        id={`${id}-text`}
        className="input textarea"
        maxLength={DIARY_MAX_CHARS}
        rows={3}
        value={text}
        onChange={(e) => write(e.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="field__hint">
        {formatNumber(text.length)} / {diaryText.max(DIARY_MAX_CHARS)} · {diaryText.hint}
      </p>
      <div className="diary-form__actions">
        <button type="button" className="btn btn--small btn--tertiary" onClick={onDone}>
          {messages.dialog.cancel}
        </button>
        <button type="submit" className="btn btn--small btn--primary" disabled={busy}>
          {diaryText.submit}
        </button>
      </div>
    </form>
  );
}

export default function BookSearchPage() {
  const { q, field, result } = useLoaderData<Data>();
  const guard = useGuard();
  const [writing, setWriting] = useState<string | null>(null);
  return (
    <div className="container section stack">
      <div className="search-panel">
        <Form method="get" state={WITHIN_PAGE} className="search-form" role="search" aria-label={searchText.form}>
          <div className="search-form__field">
            <label className="sr-only" htmlFor="book-field">
              {searchText.field}
            </label>
            <select id="book-field" name="field" className="select" defaultValue={field}>
              {FIELDS.map((f) => (
                <option key={f} value={f}>
                  {searchText.fields[f]}
                </option>
              ))}
            </select>
          </div>
          <label className="sr-only" htmlFor="book-q">
            {searchText.query}
          </label>
          <input
            id="book-q"
            className="input search-form__input"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={searchText.placeholder}
            autoComplete="off"
            maxLength={100}
            aria-describedby="book-q-hint"
          />
          <button className="btn btn--primary search-form__button" type="submit">
            <IconSearch width={20} height={20} />
            {searchText.submit}
          </button>
        </Form>
        <p id="book-q-hint" className="field__hint">
          {searchText.hint}
        </p>
      </div>
      {result && (
        <section className="search-results" aria-labelledby="result-title">
          <h2 id="result-title" className="section__title">
            {searchText.resultTitle(q)}
          </h2>
          <Deferred value={result} fallback={<Skeleton lines={6} label={messages.loading} />}>
            {(answer) =>
              answer.result !== 'success' ? (
                <p className="empty">
                  <Said sentence={answer.msg} />
                  {answer.msg}
                </p>
              ) : answer.book_list.length === 0 ? (
                <NoResults q={q} field={field} choseong={answer.chosung_yn === 'Y'} />
              ) : (
                <>
                  <Said sentence={withinText.found(q, answer.total)} />
                  <p className="list-count">
                    <strong>{searchText.count(formatNumber(answer.total))}</strong> · {searchText.order}
                  </p>
                  {answer.chosung_yn === 'Y' ? (
                    <p className="notice-box search-note">{searchText.choseong(q)}</p>
                  ) : (
                    q.includes(' ') && <p className="notice-box search-note">{searchText.allWords(q.split(' '))}</p>
                  )}
                  <ul className="book-list">
                    {answer.book_list.map((b) => (
                      <li key={b.isbn}>
                        <BookCard book={b}>
                          {writing === b.isbn ? (
                            <DiaryForm book={b} onDone={() => setWriting(null)} />
                          ) : (
                            <p>
                              <button
                                type="button"
                                className="btn btn--small btn--secondary"
                                onClick={() => void guard.run(() => setWriting(b.isbn))}
                                aria-label={`${diaryText.start}: ${b.title}`}
                              >
                                {diaryText.start}
                              </button>
                            </p>
                          )}
                        </BookCard>
                      </li>
                    ))}
                  </ul>
                  <Pagination page={answer.page} size={PAGE_SIZE} total={answer.total} label={searchText.resultPages} />
                </>
              )
            }
          </Deferred>
        </section>
      )}
    </div>
  );
}
