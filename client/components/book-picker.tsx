/**
 * Choosing the book of a write (a review, a diary, a loan): a search form that is a plain
 * GET (so it works without JavaScript) and the results as links that put the ISBN in the
 * page's address. The form keeps the page's other parameters (the kind of certification).
 */
import { Form, Link } from 'react-router-dom';
import type { BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { pickerText } from '#shared/messages-programme.ts';
import { Deferred, Skeleton } from './deferred.tsx';

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
      <Form method="get" className="search-form" role="search" aria-label={pickerText.search}>
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
          {(answer) =>
            answer.result !== 'success' ? (
              <p className="empty">{answer.msg}</p>
            ) : answer.book_list.length === 0 ? (
              <p className="empty">{pickerText.none}</p>
            ) : (
              <ul className="pick-list" aria-label={pickerText.results(q)}>
                {answer.book_list.map((b) => (
                  <li key={b.isbn} className="pick-list__item">
                    <span className="pick-list__book">
                      <strong>{b.title}</strong>
                      <span className="pick-list__meta">
                        {b.author} · {b.publisher} · {b.pub_year}
                      </span>
                    </span>
                    <Link className="btn btn--small btn--tertiary" to={hrefFor(b.isbn)} replace aria-label={`${pickerText.choose}: ${b.title}`}>
                      {pickerText.choose}
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </Deferred>
      )}
    </div>
  );
}
