/**
 * One book in a list: a drawn cover (no external images), title, author, publisher, year.
 * The title links to the book's page (/book/{isbn}).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Book } from '#shared/contract/books.ts';

export function BookCard({ book, badge, children }: { book: Book; badge?: ReactNode; children?: ReactNode }) {
  return (
    <article className="book-card">
      <div className="book-card__cover" aria-hidden="true">
        {badge ?? book.subject}
      </div>
      <div className="book-card__body">
        <h3 className="book-card__title">
          <Link className="book-card__link" to={`/book/${book.isbn}`}>
            {book.title}
          </Link>
        </h3>
        <p className="book-card__meta">
          {book.author} · {book.publisher} · {book.pub_year}
        </p>
        <p className="book-card__meta">ISBN {book.isbn}</p>
        {children}
      </div>
    </article>
  );
}
