/** One book in a list: a drawn cover (no external images), title, author, publisher, year. */
import type { ReactNode } from 'react';
import type { Book } from '#shared/contract/books.ts';

export function BookCard({ book, badge, children }: { book: Book; badge?: ReactNode; children?: ReactNode }) {
  return (
    <article className="book-card">
      <div className="book-card__cover" aria-hidden="true">
        {badge ?? book.subject}
      </div>
      <div className="book-card__body">
        <h3 className="book-card__title">{book.title}</h3>
        <p className="book-card__meta">
          {book.author} · {book.publisher} · {book.pub_year}
        </p>
        <p className="book-card__meta">ISBN {book.isbn}</p>
        {children}
      </div>
    </article>
  );
}
