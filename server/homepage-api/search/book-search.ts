/**
 * Book search (decision 0103). SQLite FTS5 with pre-tokenised columns: each field is
 * normalised (NFC, lower case, letters and digits only) and stored as its character
 * bigrams plus its last character. A phrase of the query's consecutive bigrams is then an
 * exact substring match — Korean 2-character words included — and a prefix query on one
 * character finds 1-character searches. The *_cho columns hold the same for the initial
 * consonants (초성), so ㅎㄱ finds 한강. ISBN searches use the books table's unique index.
 */
import type { Database } from '../store/db.ts';
import { int, str, type Row } from '../store/rows.ts';
import type { Book } from '#shared/contract/books.ts';

const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JAMO_CONSONANT = /[\u3131-\u314e]/;

export function normalise(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** 한강 → ㅎㄱ; characters that are not Hangul syllables are kept. */
export function choseong(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    out += code >= 0xac00 && code <= 0xd7a3 ? (CHOSEONG[Math.floor((code - 0xac00) / 588)] ?? ch) : ch;
  }
  return out;
}

/** "한강의기적" → "한강 강의 의기 기적 적" */
export function grams(normalised: string): string {
  const chars = [...normalised];
  if (chars.length <= 1) return chars.join('');
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + (chars[i + 1] ?? ''));
  out.push(chars[chars.length - 1] ?? '');
  return out.join(' ');
}

/** The FTS5 expression matching `normalised` as a substring of a column. */
function phrase(normalised: string): string {
  const chars = [...normalised];
  if (chars.length === 1) return `"${normalised}"*`;
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) bigrams.push(chars[i] + (chars[i + 1] ?? ''));
  return `"${bigrams.join(' ')}"`;
}

export interface BookInput {
  isbn: string;
  title: string;
  author: string;
  publisher: string;
  pubYear: number;
  subject: string;
  curated: boolean;
}

/** Prepared statements for adding books; reuse for bulk loads. */
export function bookWriter(db: Database) {
  const insertBook = db.prepare(
    `INSERT OR IGNORE INTO books (isbn, title, author, publisher, pub_year, subject, curated)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING book_id`,
  );
  const insertIndex = db.prepare(
    'INSERT INTO book_search (rowid, title, author, publisher, title_cho, author_cho) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return (b: BookInput): boolean => {
    const r = insertBook.get(b.isbn, b.title, b.author, b.publisher, b.pubYear, b.subject, b.curated ? 1 : 0);
    if (!r) return false;
    const t = normalise(b.title);
    const a = normalise(b.author);
    insertIndex.run(int(r, 'book_id'), grams(t), grams(a), grams(normalise(b.publisher)), grams(choseong(t)), grams(choseong(a)));
    return true;
  };
}

export type SearchField = 'all' | 'title' | 'author' | 'publisher' | 'isbn';

export interface SearchResult {
  books: Book[];
  total: number;
  chosung: boolean;
}

export function toBook(r: Row): Book {
  return {
    isbn: str(r, 'isbn'),
    title: str(r, 'title'),
    author: str(r, 'author'),
    publisher: str(r, 'publisher'),
    pub_year: int(r, 'pub_year'),
    subject: str(r, 'subject'),
  };
}

export function bookSearcher(db: Database) {
  const byIsbn = db.prepare(
    `SELECT * FROM books WHERE isbn >= :lo AND isbn <= :hi ORDER BY isbn LIMIT :limit OFFSET :offset`,
  );
  const countIsbn = db.prepare('SELECT count(*) AS n FROM books WHERE isbn >= :lo AND isbn <= :hi');
  // Rank: exact title, title starting with the query, exact author, title containing it, author or
  // publisher containing it, matches only across word boundaries or by 초성; then bm25
  // (weights: title 10, author 5, publisher 1, title 초성 6, author 초성 3), newer first.
  const search = db.prepare(
    `SELECT b.*, CASE WHEN b.title = :raw THEN 0 WHEN instr(b.title, :raw) = 1 THEN 1 WHEN b.author = :raw THEN 2
                      WHEN instr(b.title, :raw) > 0 THEN 3 WHEN instr(b.author, :raw) > 0 OR instr(b.publisher, :raw) > 0 THEN 4
                      ELSE 5 END AS tier
       FROM (SELECT rowid AS id, bm25(book_search, 10.0, 5.0, 1.0, 6.0, 3.0) AS score
               FROM book_search WHERE book_search MATCH :match) s
       JOIN books b ON b.book_id = s.id
      ORDER BY tier, s.score, b.pub_year DESC, b.book_id
      LIMIT :limit OFFSET :offset`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM book_search WHERE book_search MATCH :match');

  return (query: string, field: SearchField, limit: number, offset: number): SearchResult => {
    const digits = query.replace(/[\s-]/g, '');
    if (field === 'isbn' || (field === 'all' && /^[0-9]{10,13}$/.test(digits))) {
      if (!/^[0-9]{1,13}$/.test(digits)) return { books: [], total: 0, chosung: false };
      const range = { lo: digits, hi: digits + '9'.repeat(13 - digits.length) };
      return {
        books: byIsbn.all({ ...range, limit, offset }).map(toBook),
        total: int(countIsbn.get(range) ?? { n: 0 }, 'n'),
        chosung: false,
      };
    }
    const q = normalise(query);
    if (!q) return { books: [], total: 0, chosung: false };
    const chosung = JAMO_CONSONANT.test(q);
    let match: string;
    if (chosung) {
      const cols = field === 'author' ? 'author_cho' : field === 'title' ? 'title_cho' : field === 'publisher' ? null : 'title_cho author_cho';
      if (!cols) return { books: [], total: 0, chosung };
      match = `{${cols}} : ${phrase(choseong(q))}`;
    } else {
      const cols = field === 'all' ? 'title author publisher' : field;
      match = `{${cols}} : ${phrase(q)}`;
    }
    return {
      books: search.all({ match, raw: query.trim(), limit, offset }).map(toBook),
      total: int(count.get({ match }) ?? { n: 0 }, 'n'),
      chosung,
    };
  };
}
