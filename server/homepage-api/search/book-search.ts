/**
 * Book search (decisions 0103, 0108). SQLite FTS5 with pre-tokenised columns: each field
 * is normalised (NFC, lower case, letters and digits only) and stored as its character
 * bigrams plus its last character. A phrase of a word's consecutive bigrams is then an
 * exact substring match — Korean 2-character words included — and a prefix query on one
 * character finds 1-character words. The *_cho columns hold the same for the initial
 * consonants (초성), so ㅎㄱ finds 한강. Several words are AND-ed, each found in any of the
 * searched fields ("한강 소년" → 소년이 온다 by 한강). ISBN searches use the books table's
 * unique index.
 *
 * Ranking: exact title > title prefix > author > every word inside the title > inside the
 * title or author > inside any field > the rest (matches across word boundaries); a 초성
 * query — all of it the 초성 class — ranks exact title 초성, exact author 초성 (the author
 * with more books first), title 초성 prefix, then the rest. Then shorter titles, newer books.
 * The tiers read stored keys of each book, so ranking costs no more than reading the rows.
 */
import type { Database } from '../store/db.ts';
import { int, str, type Row } from '../store/rows.ts';
import type { Book } from '#shared/contract/books.ts';

const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JAMO_CONSONANT = /[\u3131-\u314e]/;
/** Words beyond this many are joined to the last one. */
const MAX_WORDS = 5;

export function normalise(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Lower case NFC words separated by single spaces: "J. K. 롤링" → "j k 롤링". */
export function wordKey(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
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

/** The ranking keys of a book, stored beside it (book_keys). */
export function bookKeys(title: string, author: string, publisher: string) {
  const titleNorm = normalise(title);
  const authorNorm = normalise(author);
  return {
    titleKey: wordKey(title),
    authorKey: wordKey(author),
    titleNorm,
    authorNorm,
    titleCho: choseong(titleNorm),
    authorCho: choseong(authorNorm),
    publisherKey: wordKey(publisher),
  };
}

/** Prepared statements for adding books; reuse for bulk loads. */
export function bookWriter(db: Database) {
  const insertBook = db.prepare(
    `INSERT OR IGNORE INTO books (isbn, title, author, publisher, pub_year, subject, curated)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING book_id`,
  );
  const insertKeys = keyWriter(db);
  const insertIndex = db.prepare(
    'INSERT INTO book_search (rowid, title, author, publisher, title_cho, author_cho) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return (b: BookInput): boolean => {
    const r = insertBook.get(b.isbn, b.title, b.author, b.publisher, b.pubYear, b.subject, b.curated ? 1 : 0);
    if (!r) return false;
    const id = int(r, 'book_id');
    const k = insertKeys(id, b.title, b.author, b.publisher, b.pubYear);
    insertIndex.run(id, grams(k.titleNorm), grams(k.authorNorm), grams(normalise(b.publisher)), grams(k.titleCho), grams(k.authorCho));
    return true;
  };
}

function keyWriter(db: Database) {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO book_keys (book_id, title_key, author_key, title_norm, author_norm, title_cho, author_cho, publisher_key, pub_year)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (id: number, title: string, author: string, publisher: string, pubYear: number) => {
    const k = bookKeys(title, author, publisher);
    insert.run(id, k.titleKey, k.authorKey, k.titleNorm, k.authorNorm, k.titleCho, k.authorCho, k.publisherKey, pubYear);
    return k;
  };
}

/** Adds the ranking keys of books stored before they existed (migration 0006). */
export function fillBookKeys(db: Database): number {
  const missing = db.prepare(
    'SELECT b.book_id, b.title, b.author, b.publisher, b.pub_year FROM books b LEFT JOIN book_keys k USING (book_id) WHERE k.book_id IS NULL LIMIT 5000',
  );
  const add = keyWriter(db);
  let n = 0;
  for (let rows = missing.all(); rows.length > 0; rows = missing.all()) {
    for (const r of rows) add(int(r, 'book_id'), str(r, 'title'), str(r, 'author'), str(r, 'publisher'), int(r, 'pub_year'));
    n += rows.length;
  }
  return n;
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

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Tiers of a text query of `k` words (:w1…:wk, :qn the words joined). */
function textTiers(k: number): string {
  const all = (f: (i: number) => string) => range(k).map(f).join(' AND ');
  const inTitle = (i: number) => `instr(b.title_key, :w${i}) > 0`;
  const inAuthor = (i: number) => `instr(b.author_key, :w${i}) > 0`;
  const inPublisher = (i: number) => `instr(b.publisher_key, :w${i}) > 0`;
  // The query is the author, or (several words) one word is the author and the others are in the title or author.
  const authorIs = k === 1
    ? 'b.author_norm = :qn'
    : `b.author_norm = :qn OR ((${range(k).map((i) => `b.author_norm = :w${i}`).join(' OR ')}) AND ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)})`)})`;
  return `CASE WHEN b.title_norm = :qn THEN 0
               WHEN substr(b.title_norm, 1, length(:qn)) = :qn THEN 1
               WHEN ${authorIs} THEN 2
               WHEN ${all(inTitle)} THEN 3
               WHEN ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)})`)} THEN 4
               WHEN ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)} OR ${inPublisher(i)})`)} THEN 5
               ELSE 6 END`;
}

/** Tiers of a 초성 query: all of it is the 초성 class, ranked inside. */
function choTiers(k: number): string {
  const all = (f: (i: number) => string) => range(k).map(f).join(' AND ');
  return `CASE WHEN b.title_cho = :qn THEN 0 WHEN b.author_cho = :qn THEN 1
               WHEN substr(b.title_cho, 1, length(:qn)) = :qn THEN 2
               WHEN ${all((i) => `instr(b.title_cho, :w${i}) > 0`)} THEN 3
               ELSE 4 END`;
}

export function bookSearcher(db: Database) {
  const byIsbn = db.prepare(
    `SELECT * FROM books WHERE isbn >= :lo AND isbn <= :hi ORDER BY isbn LIMIT :limit OFFSET :offset`,
  );
  const countIsbn = db.prepare('SELECT count(*) AS n FROM books WHERE isbn >= :lo AND isbn <= :hi');
  // The page is chosen on narrow rows, then its books are read. Among books whose author is the
  // query (tier `authorTier`), an author with more books in the catalogue comes first: ㅎㄱ is
  // both 한강 and 허균, and 한강's seven books come before 허균's 홍길동전.
  const ranked = (tiers: string, authorTier: number) =>
    db.prepare(
      `SELECT b.* FROM (
         SELECT t.id, t.tier, t.len, t.year,
                CASE WHEN t.tier = ${authorTier} THEN -(SELECT count(*) FROM book_keys x WHERE x.author_norm = t.author_norm) ELSE 0 END AS prolific
           FROM (SELECT b.book_id AS id, ${tiers} AS tier, length(b.title_norm) AS len, b.pub_year AS year, b.author_norm
                   FROM book_search s JOIN book_keys b ON b.book_id = s.rowid
                  WHERE book_search MATCH :match) t
          ORDER BY t.tier, prolific, t.len, t.year DESC, t.id
          LIMIT :limit OFFSET :offset) p
       JOIN books b ON b.book_id = p.id
       ORDER BY p.tier, p.prolific, p.len, p.year DESC, p.id`,
    );
  const text = range(MAX_WORDS).map((k) => ranked(textTiers(k), 2));
  const cho = range(MAX_WORDS).map((k) => ranked(choTiers(k), 1));
  const count = db.prepare('SELECT count(*) AS n FROM book_search WHERE book_search MATCH :match');

  return (query: string, field: SearchField, limit: number, offset: number): SearchResult => {
    const digits = query.replace(/[\s-]/g, '');
    if (field === 'isbn' || (field === 'all' && /^[0-9]{10,13}$/.test(digits))) {
      if (!/^[0-9]{1,13}$/.test(digits)) return { books: [], total: 0, chosung: false };
      const r = { lo: digits, hi: digits + '9'.repeat(13 - digits.length) };
      return { books: byIsbn.all({ ...r, limit, offset }).map(toBook), total: int(countIsbn.get(r) ?? { n: 0 }, 'n'), chosung: false };
    }
    const split = wordKey(query).split(' ').filter(Boolean);
    const words = split.length > MAX_WORDS ? [...split.slice(0, MAX_WORDS - 1), split.slice(MAX_WORDS - 1).join('')] : split;
    if (words.length === 0) return { books: [], total: 0, chosung: false };
    const chosung = words.some((w) => JAMO_CONSONANT.test(w));
    let terms: string[];
    if (chosung) {
      const cols = field === 'author' ? 'author_cho' : field === 'title' ? 'title_cho' : field === 'publisher' ? null : 'title_cho author_cho';
      if (!cols) return { books: [], total: 0, chosung };
      terms = words.map((w) => choseong(w));
      terms = terms.map((w) => `{${cols}} : ${phrase(w)}`);
    } else {
      const cols = field === 'all' ? 'title author publisher' : field;
      terms = words.map((w) => `{${cols}} : ${phrase(w)}`);
    }
    const keys = chosung ? words.map((w) => choseong(w)) : words;
    const match = terms.join(' AND ');
    const params: Record<string, string | number> = { match, qn: keys.join(''), limit, offset };
    keys.forEach((w, i) => (params[`w${i + 1}`] = w));
    const statement = (chosung ? cho : text)[keys.length - 1];
    return {
      books: statement ? statement.all(params).map(toBook) : [],
      total: int(count.get({ match }) ?? { n: 0 }, 'n'),
      chosung,
    };
  };
}
