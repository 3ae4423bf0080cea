/** The book a write is about (book-lookup.ts finds it), shown above the form with a link to its page. */
import { Link } from 'react-router-dom';
import type { Book } from '#shared/contract/books.ts';
import { writeText, pickerText } from '#shared/messages-programme.ts';

export function ChosenBook({ book, changeHref }: { book: Book; changeHref?: string }) {
  return (
    <div className="chosen-book">
      <div className="chosen-book__cover" aria-hidden="true">
        {book.subject}
      </div>
      <p className="chosen-book__text">
        <span className="sr-only">{writeText.chosenBook}: </span>
        <Link className="chosen-book__title" to={`/book/${book.isbn}`}>
          {book.title}
        </Link>
        <span className="chosen-book__meta">
          {book.author} · {book.publisher} · {book.pub_year}
        </span>
      </p>
      {changeHref && (
        <Link className="btn btn--small btn--tertiary chosen-book__change" to={changeHref}>
          {pickerText.change}
        </Link>
      )}
    </div>
  );
}
