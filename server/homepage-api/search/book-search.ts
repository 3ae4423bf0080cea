/**
 * Book search (decisions 0103, 0108, 0109). SQLite FTS5 with pre-tokenised columns: each field
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
import { SQL_FNS, type Database, type Dialect, type Statement } from '../store/db.ts';
import { int, str, type Row } from '../store/rows.ts';
import type { Book } from '#shared/contract/books.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';

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

/**
 * Prepared statements for adding books; reuse for bulk loads. On SQLite a book is also
 * added to the FTS5 index; on PostgreSQL, book_keys is the index (trigram GIN indexes).
 */
export function bookWriter(db: Database) {
  const insertBook = db.prepare(
    `INSERT INTO books (isbn, title, author, publisher, pub_year, subject, curated)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING book_id`,
  );
  const insertKeys = keyWriter(db);
  const insertIndex = db.dialect === 'sqlite'
    ? db.prepare('INSERT INTO book_search (rowid, title, author, publisher, title_cho, author_cho) VALUES (?, ?, ?, ?, ?, ?)')
    : null;
  return async (b: BookInput): Promise<boolean> => {
    const r = await insertBook.get(b.isbn, b.title, b.author, b.publisher, b.pubYear, b.subject, b.curated ? 1 : 0);
    if (!r) return false;
    const id = int(r, 'book_id');
    const k = await insertKeys(id, b.title, b.author, b.publisher, b.pubYear);
    await insertIndex?.run(id, grams(k.titleNorm), grams(k.authorNorm), grams(normalise(b.publisher)), grams(k.titleCho), grams(k.authorCho));
    return true;
  };
}

function keyWriter(db: Database) {
  const insert = db.prepare(
    `INSERT INTO book_keys (book_id, title_key, author_key, title_norm, author_norm, title_cho, author_cho, publisher_key, pub_year)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (book_id) DO UPDATE SET title_key = excluded.title_key, author_key = excluded.author_key,
       title_norm = excluded.title_norm, author_norm = excluded.author_norm, title_cho = excluded.title_cho,
       author_cho = excluded.author_cho, publisher_key = excluded.publisher_key, pub_year = excluded.pub_year`,
  );
  return async (id: number, title: string, author: string, publisher: string, pubYear: number) => {
    const k = bookKeys(title, author, publisher);
    await insert.run(id, k.titleKey, k.authorKey, k.titleNorm, k.authorNorm, k.titleCho, k.authorCho, k.publisherKey, pubYear);
    return k;
  };
}

/** Adds the ranking keys of books stored before they existed (migration 0006). */
export async function fillBookKeys(db: Database): Promise<number> {
  const missing = db.prepare(
    'SELECT b.book_id, b.title, b.author, b.publisher, b.pub_year FROM books b LEFT JOIN book_keys k USING (book_id) WHERE k.book_id IS NULL LIMIT 5000',
  );
  const add = keyWriter(db);
  let n = 0;
  for (let rows = await missing.all(); rows.length > 0; rows = await missing.all()) {
    for (const r of rows) await add(int(r, 'book_id'), str(r, 'title'), str(r, 'author'), str(r, 'publisher'), int(r, 'pub_year'));
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
function textTiers(k: number, d: Dialect): string {
  const { has, starts } = SQL_FNS[d];
  const all = (f: (i: number) => string) => range(k).map(f).join(' AND ');
  const inTitle = (i: number) => has('b.title_key', `:w${i}`);
  const inAuthor = (i: number) => has('b.author_key', `:w${i}`);
  const inPublisher = (i: number) => has('b.publisher_key', `:w${i}`);
  // The query is the author, or (several words) one word is the author and the others are in the title or author.
  const authorIs = k === 1
    ? 'b.author_norm = :qn'
    : `b.author_norm = :qn OR ((${range(k).map((i) => `b.author_norm = :w${i}`).join(' OR ')}) AND ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)})`)})`;
  return `CASE WHEN b.title_norm = :qn THEN 0
               WHEN ${starts('b.title_norm', ':qn')} THEN 1
               WHEN ${authorIs} THEN 2
               WHEN ${all(inTitle)} THEN 3
               WHEN ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)})`)} THEN 4
               WHEN ${all((i) => `(${inTitle(i)} OR ${inAuthor(i)} OR ${inPublisher(i)})`)} THEN 5
               ELSE 6 END`;
}

/** Tiers of a 초성 query: all of it is the 초성 class, ranked inside. */
function choTiers(k: number, d: Dialect): string {
  const { has, starts } = SQL_FNS[d];
  const all = (f: (i: number) => string) => range(k).map(f).join(' AND ');
  return `CASE WHEN b.title_cho = :qn THEN 0 WHEN b.author_cho = :qn THEN 1
               WHEN ${starts('b.title_cho', ':qn')} THEN 2
               WHEN ${all((i) => has('b.title_cho', `:w${i}`))} THEN 3
               ELSE 4 END`;
}

/** The columns a search looks in, by field: text words in the normalised keys, 초성 in the 초성 keys. */
const PG_COLUMNS: Record<'text' | 'cho', Partial<Record<SearchField, readonly string[]>>> = {
  text: { all: ['title_norm', 'author_norm', 'publisher_norm'], title: ['title_norm'], author: ['author_norm'], publisher: ['publisher_norm'] },
  cho: { all: ['title_cho', 'author_cho'], title: ['title_cho'], author: ['author_cho'] },
};

export function bookSearcher(db: Database) {
  const byIsbn = db.prepare(
    `SELECT * FROM books WHERE isbn >= :lo AND isbn <= :hi ORDER BY isbn LIMIT :limit OFFSET :offset`,
  );
  const countIsbn = db.prepare('SELECT count(*) AS n FROM books WHERE isbn >= :lo AND isbn <= :hi');
  // The page is chosen on narrow rows, then its books are read. Among books whose author is the
  // query (tier `authorTier`), an author with more books in the catalogue comes first: ㅎㄱ is
  // both 한강 and 허균, and 한강's seven books come before 허균's 홍길동전.
  const rankedSql = (tiers: string, authorTier: number, from: string) =>
    `SELECT b.* FROM (
       SELECT t.id, t.tier, t.len, t.year,
              CASE WHEN t.tier = ${authorTier} THEN -(SELECT count(*) FROM book_keys x WHERE x.author_norm = t.author_norm) ELSE 0 END AS prolific
         FROM (SELECT b.book_id AS id, ${tiers} AS tier, length(b.title_norm) AS len, b.pub_year AS year, b.author_norm
                 ${from}) t
        ORDER BY t.tier, prolific, t.len, t.year DESC, t.id
        LIMIT :limit OFFSET :offset) p
     JOIN books b ON b.book_id = p.id
     ORDER BY p.tier, p.prolific, p.len, p.year DESC, p.id`;
  const tiersOf = (chosung: boolean, k: number) => (chosung ? choTiers(k, db.dialect) : textTiers(k, db.dialect));
  const authorTierOf = (chosung: boolean) => (chosung ? 1 : 2);

  // SQLite: FTS5 finds the candidates (one MATCH expression), ranked by the tiers.
  const ftsFrom = 'FROM book_search s JOIN book_keys b ON b.book_id = s.rowid WHERE book_search MATCH :match';
  const sqlite = db.dialect === 'sqlite'
    ? {
        text: range(MAX_WORDS).map((k) => db.prepare(rankedSql(tiersOf(false, k), 2, ftsFrom))),
        cho: range(MAX_WORDS).map((k) => db.prepare(rankedSql(tiersOf(true, k), 1, ftsFrom))),
        count: db.prepare('SELECT count(*) AS n FROM book_search WHERE book_search MATCH :match'),
      }
    : null;
  // PostgreSQL: each word (:l1…:lk, '%word%') is a substring of one of the field's columns of
  // book_keys, which trigram GIN indexes serve (decision 0109). One statement per field and count.
  const pgStatements = new Map<string, { rows: Statement; count: Statement }>();
  const pgStatement = (chosung: boolean, cols: readonly string[], k: number) => {
    const key = `${chosung ? 'cho' : 'text'}:${cols.join(',')}:${k}`;
    let st = pgStatements.get(key);
    if (!st) {
      const where = range(k).map((i) => `(${cols.map((c) => `b.${c} LIKE :l${i}`).join(' OR ')})`).join(' AND ');
      st = {
        rows: db.prepare(rankedSql(tiersOf(chosung, k), authorTierOf(chosung), `FROM book_keys b WHERE ${where}`)),
        count: db.prepare(`SELECT count(*) AS n FROM book_keys b WHERE ${where}`),
      };
      pgStatements.set(key, st);
    }
    return st;
  };

  return async (query: string, field: SearchField, limit: number, offset: number): Promise<SearchResult> => {
    const digits = normaliseIsbn(query);
    if (field === 'isbn' || (field === 'all' && /^[0-9]{10,13}$/.test(digits))) {
      if (!/^[0-9]{1,13}$/.test(digits)) return { books: [], total: 0, chosung: false };
      const r = { lo: digits, hi: digits + '9'.repeat(13 - digits.length) };
      return { books: (await byIsbn.all({ ...r, limit, offset })).map(toBook), total: int((await countIsbn.get(r)) ?? { n: 0 }, 'n'), chosung: false };
    }
    const split = wordKey(query).split(' ').filter(Boolean);
    const words = split.length > MAX_WORDS ? [...split.slice(0, MAX_WORDS - 1), split.slice(MAX_WORDS - 1).join('')] : split;
    if (words.length === 0) return { books: [], total: 0, chosung: false };
    const chosung = words.some((w) => JAMO_CONSONANT.test(w));
    const keys = chosung ? words.map((w) => choseong(w)) : words;
    const params: Record<string, string | number> = { qn: keys.join(''), limit, offset };
    keys.forEach((w, i) => (params[`w${i + 1}`] = w));

    if (!sqlite) {
      const cols = PG_COLUMNS[chosung ? 'cho' : 'text'][field];
      if (!cols) return { books: [], total: 0, chosung };
      const st = pgStatement(chosung, cols, keys.length);
      const likes: Record<string, string> = {};
      keys.forEach((w, i) => (likes[`l${i + 1}`] = `%${w}%`));
      return {
        books: (await st.rows.all({ ...params, ...likes })).map(toBook),
        total: int((await st.count.get(likes)) ?? { n: 0 }, 'n'),
        chosung,
      };
    }

    let terms: string[];
    if (chosung) {
      const cols = field === 'author' ? 'author_cho' : field === 'title' ? 'title_cho' : field === 'publisher' ? null : 'title_cho author_cho';
      if (!cols) return { books: [], total: 0, chosung };
      terms = keys.map((w) => `{${cols}} : ${phrase(w)}`);
    } else {
      const cols = field === 'all' ? 'title author publisher' : field;
      terms = words.map((w) => `{${cols}} : ${phrase(w)}`);
    }
    const match = terms.join(' AND ');
    const statement = (chosung ? sqlite.cho : sqlite.text)[keys.length - 1];
    return {
      books: statement ? (await statement.all({ ...params, match })).map(toBook) : [],
      total: int((await sqlite.count.get({ match })) ?? { n: 0 }, 'n'),
      chosung,
    };
  };
}
