/**
 * Choosing the book of a write (a review, a diary, a loan): a search form that is a plain
 * GET (so it works without JavaScript) and the results as links that put the ISBN in the
 * page's address. The form keeps the page's other parameters (the kind of certification).
 * Both are changes within the page (decision 0143): a search keeps the focus at its field and
 * says how many books it found; choosing one says the book and moves on to the form's next field.
 */
import { Form, Link } from 'react-router-dom';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { pickerText } from '#shared/messages-programme.ts';
import { announce, onArrival } from '#client/shell/announce.ts';
import { Deferred, Skeleton } from './deferred.tsx';
import { useWithinPage, WITHIN_PAGE } from './within-page.ts';
import { withinText } from './within-page-messages.ts';

export interface BookPickerProps {
  id: string;
  q: string;
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  /** Query parameters the search keeps (e.g. type=loan). */
  keep?: Record<string, string>;
  hrefFor(isbn: string): string;
}

export function BookPicker({
  id,
  q,
  results,
  keep = {},
  hrefFor,
}: BookPickerProps) {
  return (
    <div className="book-picker">
      <Form method="get" state={WITHIN_PAGE} className="search-form" role="search" aria-label={pickerText.search}>
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {/* A visible label (decision 0131): the placeholder it replaces was cut on phones. */}
        <label className="field__label search-form__label" htmlFor={id}>
          {pickerText.query}
        </label>
        <input
          id={id}
          className="input search-form__input"
          type="search"
          name="q"
          defaultValue={q}
          autoComplete="off"
          maxLength={100}
        />
        <button className="btn btn--secondary search-form__button" type="submit">
          {pickerText.submit}
        </button>
      </Form>
      {results && (
        <Deferred value={results} fallback={<Skeleton lines={3} label={messages.loading} />}>
          {(answer) => <Results q={q} answer={answer} hrefFor={hrefFor} />}
        </Deferred>
      )}
    </div>
  );
}

const FIELDS = 'input:not([type="hidden"]), textarea, select';

/**
 * A book chosen just now, shown above the form (chosen-book.tsx): said, and the focus on to the
 * form's field after it (decision 0143). Run by the layout once the choice has arrived.
 */
function chosen(book: Book): void {
  const shown = document.querySelector('.chosen-book');
  if (!shown) return;
  Array.from(document.querySelectorAll<HTMLElement>(FIELDS))
    .find((f) => shown.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING)
    ?.focus();
  announce(withinText.chosen(book.title, book.author));
}

/** What the search found: said once it is here, the focus left at the search field. */
function Results({ q, answer, hrefFor }: { q: string; answer: BookSearchAnswer | ErrorAnswer; hrefFor(isbn: string): string }) {
  const books = answer.result === 'success' ? answer.book_list : [];
  useWithinPage(answer.result !== 'success' ? answer.msg : books.length === 0 ? pickerText.none : withinText.found(q, books.length));
  if (answer.result !== 'success') return <p className="empty">{answer.msg}</p>;
  if (books.length === 0) return <p className="empty">{pickerText.none}</p>;
  return (
    <ul className="pick-list" aria-label={pickerText.results(q)}>
      {books.map((b) => (
        <li key={b.isbn} className="pick-list__item">
          <span className="pick-list__book">
            <strong>{b.title}</strong>
            <span className="pick-list__meta">
              {b.author} · {b.publisher} · {b.pub_year}
            </span>
          </span>
          <Link
            className="btn btn--small btn--tertiary"
            to={hrefFor(b.isbn)}
            replace
            state={WITHIN_PAGE}
            onClick={() => onArrival(() => chosen(b))}
            aria-label={`${pickerText.choose}: ${b.title}`}
          >
            {pickerText.choose}
          </Link>
        </li>
      ))}
    </ul>
  );
}
