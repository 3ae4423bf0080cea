/**
 * Start reading (spec §2 /search/booksearch): find a book — by title, author, publisher,
 * ISBN, a Korean substring or initial consonants (초성) — then write the first entry of
 * its reading diary (a member's action, guarded).
 */
import { useId, useState, type FormEvent } from 'react';
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { diaryText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { BookCard } from '#client/components/book-card.tsx';
import { formatNumber } from '#client/components/format.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { useGuard } from '#client/session/use-guard.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { IconSearch } from '#client/shell/icons-lazy.tsx';

const PAGE_SIZE = 10;
const DIARY_MAX = 200;

interface Data {
  q: string;
  result: Promise<BookSearchAnswer | ErrorAnswer> | null;
}

export function loader({ context, request }: LoaderFunctionArgs): Data {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = pageParam(request.url);
  return { q, result: q ? homepage(context).get('/book/search', { query: { query: q, page, size: PAGE_SIZE } }) : null };
}

function DiaryForm({ book, onDone }: { book: Book; onDone(): void }) {
  const dialogs = useDialogs();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
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
      const answer = await homepage().post('/activity/bookdiary', { body: { isbn: book.isbn, content: text.trim() } });
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
        maxLength={DIARY_MAX}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="field__hint">
        {formatNumber(text.length)} / {DIARY_MAX}자 · {diaryText.hint}
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
  const { q, result } = useLoaderData<Data>();
  const guard = useGuard();
  const [writing, setWriting] = useState<string | null>(null);
  return (
    <div className="container section stack">
      <div className="search-panel">
        <Form method="get" className="search-form" role="search" aria-label="도서 검색">
          <label className="sr-only" htmlFor="book-q">
            검색어
          </label>
          <input
            id="book-q"
            className="input search-form__input"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="책 제목, 지은이, 출판사, ISBN 또는 초성(예: ㅎㄱ)"
            autoComplete="off"
            maxLength={100}
          />
          <button className="btn btn--primary search-form__button" type="submit">
            <IconSearch width={20} height={20} />
            검색
          </button>
        </Form>
        <p className="field__hint">두 글자 낱말과 초성으로도 찾을 수 있어요. 읽을 책을 고르면 독서일지를 시작할 수 있습니다.</p>
      </div>
      {result && (
        <section aria-labelledby="result-title">
          <h2 id="result-title" className="section__title">
            ‘{q}’ 검색 결과
          </h2>
          <Deferred value={result} fallback={<Skeleton lines={6} label={messages.loading} />}>
            {(answer) => (answer.result !== 'success' ? (
            <p className="empty">{answer.msg}</p>
          ) : answer.book_list.length === 0 ? (
            <p className="empty">검색 결과가 없습니다. 다른 낱말로 찾아 주세요.</p>
          ) : (
            <>
              <p className="list-count" role="status">
                <strong>{formatNumber(answer.total)}</strong>권{answer.chosung_yn === 'Y' ? ' (초성 검색)' : ''}
              </p>
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
                          >
                            {diaryText.start}
                            <span className="sr-only">: {b.title}</span>
                          </button>
                        </p>
                      )}
                    </BookCard>
                  </li>
                ))}
              </ul>
              <Pagination page={answer.page} size={PAGE_SIZE} total={answer.total} label="검색 결과 페이지" />
            </>
          ))}
          </Deferred>
        </section>
      )}
    </div>
  );
}
