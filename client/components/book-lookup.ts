/**
 * Loaders' book lookups: the book a write is about (`?isbn=` in the page's address, looked
 * up in the catalogue) and the search a book picker shows (`?q=`).
 */
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { isIsbn13 } from '#shared/contract/programme.ts';
import { homepage } from '../api/homepage.ts';

const PICK_SIZE = 5;

export function isIsbn(s: string): boolean {
  return isIsbn13(s);
}

/** `?isbn=` when it is an ISBN-13, else ''. */
export function isbnParam(url: string): string {
  const v = new URL(url).searchParams.get('isbn') ?? '';
  return isIsbn(v) ? v : '';
}

/** The catalogue's book for an ISBN, or null when it has none (or cannot answer now). */
export async function bookOf(context: unknown, isbn: string): Promise<Book | null> {
  const answer = await homepage(context).get('/book/:isbn', { params: { isbn } });
  return answer.result === 'success' ? answer.book : null;
}

/** The book search a picker shows for `?q=` (a promise: it streams in), or null without a query. */
export function pickerSearch(context: unknown, url: string): { q: string; results: Promise<BookSearchAnswer | ErrorAnswer> | null } {
  const q = searchQuery(url);
  return { q, results: q ? homepage(context).get('/book/search', { query: { query: q, size: PICK_SIZE } }) : null };
}

/** The picker's search words (`?q=`), trimmed to what the API takes. */
export function searchQuery(url: string): string {
  return (new URL(url).searchParams.get('q') ?? '').trim().slice(0, 100);
}
