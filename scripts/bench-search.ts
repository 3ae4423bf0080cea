/**
 * `npm run bench:search`: the book search on 100,000 books (decision 0103: well under
 * 50 ms per query). Builds a throwaway database (the curated books plus generated ones),
 * then times each kind of query: warm runs, page 1 of 20 plus the total count, as the
 * route does. BENCH_BOOKS and BENCH_RUNS override the sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { bookSearcher, bookWriter, type SearchField } from '#server/homepage-api/search/book-search.ts';
import { curatedBooks, generatedBooks } from '#server/homepage-api/seed/books.ts';

const BOOKS = Number(process.env['BENCH_BOOKS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);

const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
const db = await openDatabase(join(dir, 'bench.db'));
try {
  let t = performance.now();
  const curated = curatedBooks();
  await db.transaction(async () => {
    const add = bookWriter(db);
    for (const b of curated) await add(b);
    for (const b of generatedBooks(0, BOOKS - curated.length)) await add(b);
  });
  const count = Number((await db.prepare('SELECT count(*) AS n FROM books').get())?.['n']);
  console.log(`loaded ${count.toLocaleString('en')} books in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  await db.exec("INSERT INTO book_search(book_search) VALUES ('optimize')");
  await db.exec('ANALYZE');
  console.log(`optimized the index in ${Math.round(performance.now() - t)} ms`);

  const search = bookSearcher(db);
  const cases: [label: string, query: string, field: SearchField, page?: number][] = [
    ['title, 3+ chars', '편의점', 'all'],
    ['title, 2-char word', '한강', 'all'],
    ['2-char, very common', '바다', 'all'],
    ['2-char, page 20', '바다', 'all', 20],
    ['1 character', '숲', 'all'],
    ['phrase with space', '채식 주의자', 'all'],
    ['author', '김영하', 'author'],
    ['author, all fields', '무라카미 하루키', 'all'],
    ['publisher', '문학동네', 'publisher'],
    ['초성 (2)', 'ㅎㄱ', 'all'],
    ['초성 (4)', 'ㅂㅍㅎㅍ', 'all'],
    ['초성, author', 'ㄱㅇㅎ', 'author'],
    ['ISBN full', curated[0]?.isbn ?? '9788936433598', 'all'],
    ['ISBN prefix', '97911990', 'isbn'],
    ['Latin letters', '1q84', 'all'],
    ['two words, author+title', '한강 소년', 'all'],
    ['two words, common', '푸른 바다', 'all'],
    ['no match', '존재하지않는책제목', 'all'],
  ];
  const all: number[] = [];
  const rows: string[] = [];
  for (const [label, query, field, page = 1] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      const r = await search(query, field, 20, (page - 1) * 20);
      const ms = performance.now() - s;
      total = r.total;
      if (i >= 3) times.push(ms); // the first runs warm caches up
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    const p = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    rows.push(`${label.padEnd(22)} ${JSON.stringify(query).padEnd(22)} total ${String(total).padStart(6)}  p50 ${p(0.5).padStart(6)} ms  p95 ${p(0.95).padStart(6)} ms  max ${(times[times.length - 1] ?? 0).toFixed(2).padStart(6)} ms`);
  }
  console.log(rows.join('\n'));
  all.sort((a, b) => a - b);
  const q = (x: number) => (all[Math.min(all.length - 1, Math.floor(x * all.length))] ?? 0).toFixed(2);
  console.log(`all queries (${all.length} runs): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${(all[all.length - 1] ?? 0).toFixed(2)} ms`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
