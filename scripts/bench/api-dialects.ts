/**
 * The reference API's throughput on PostgreSQL beside SQLite (decisions 0109, 0137):
 * one API process per dialect, both running at once (on CPU 0 when taskset exists), a member
 * read (GET /user/point) and an earning write (POST /activity/bookdiary, a new text each time)
 * under autocannon, 10 connections, in alternating rounds (SQLite then PostgreSQL, PostgreSQL
 * then SQLite, …) so that the machine's other load falls on both alike; the ratio is the median
 * of the rounds' ratios (a pair runs back to back). It also
 * counts the statements and round trips each of those requests sends PostgreSQL (in process,
 * test/fixtures/pg-statements.ts). `npm run bench` runs it last; only it:
 * `npm run bench -- --pg`, or `node scripts/bench/api-dialects.ts`.
 * PostgreSQL is a throwaway cluster (test/fixtures/postgres.ts, fsync on, as in production).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { countPgStatements } from '#test/fixtures/pg-statements.ts';
import { startPostgres } from '#test/fixtures/postgres.ts';
import { freePort } from '#test/fixtures/ports.ts';

export interface DialectRow {
  what: string;
  sqlite: number;
  postgres: number;
  /** PostgreSQL ÷ SQLite: the median of the rounds' ratios (each round's pair ran back to back). */
  ratio: number;
  /** The ratio PostgreSQL ÷ SQLite must reach (decision 0137). */
  target: number;
  /** Per request on PostgreSQL. */
  statements: number;
  roundTrips: number;
}

async function startApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const taskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const args = ['server/homepage-api/main.ts'];
  const child = spawn(taskset ? 'taskset' : process.execPath, taskset ? ['-c', '0', process.execPath, ...args] : args, {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOMEPAGE_API_PORT: String(port), ACTIVITY_WRITES_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API did not start')), 90_000);
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    const poll = async () => {
      try {
        if ((await fetch(`${url}/readyz`)).ok) {
          clearTimeout(timer);
          resolve();
          return;
        }
      } catch {
        // not listening yet
      }
      setTimeout(() => void poll(), 250);
    };
    void poll();
    // Drained, not split into lines: this process is also the load, on the load's core.
    child.stdout?.resume();
  });
  return { url, child };
}

interface Target {
  read: autocannon.Options;
  write: autocannon.Options;
}

const P = '/api/v1/homepage';
const MEMBER = { user_id: 'reader01', user_pass: 'chungbuk2026!' };
const BOOK = '소년이 온다';

/** The two loads on the API at `url`: a member's token, then a read and a write (a new text each time). */
async function targetOf(url: string): Promise<Target> {
  const base = `${url}${P}`;
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MEMBER) });
  const token = ((await login.json()) as { access_token?: string }).access_token ?? '';
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const isbn = ((await (await fetch(`${base}/book/search?query=${encodeURIComponent(BOOK)}`)).json()) as { book_list?: { isbn: string }[] }).book_list?.[0]?.isbn ?? '9788936434120';
  let n = 0;
  return {
    read: { url: `${base}/user/point`, headers, connections: 10 },
    write: {
      url: `${base}/activity/bookdiary`, headers, connections: 10, method: 'POST',
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify({ isbn, content: `벤치 일지 ${process.pid}-${url}-${n++}` }) }) }],
    },
  };
}

/**
 * Requests per second answered 2xx. Other answers are reported: a bench that meets the write
 * rate's 429 (or a pool's 503) measures the refusal, not the dialect.
 */
async function rps(opts: autocannon.Options, duration: number): Promise<number> {
  const r = await autocannon({ ...opts, duration });
  if (r.non2xx > 0) console.log(`  (${r.non2xx} of ${r.requests.total} answers were not 2xx: ${opts.url})`);
  return r.non2xx > 0 ? r.requests.average * (1 - r.non2xx / Math.max(1, r.requests.total)) : r.requests.average;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Statements and round trips per request of the read and the write, on PostgreSQL, in process. */
async function countPerRequest(url: string): Promise<{ read: [number, number]; write: [number, number] }> {
  const app = await buildHomepageApi({ dbFile: ':memory:', databaseUrl: url, seed: true, settings: { rules: { writesPerMinute: 10_000 } } });
  const counter = countPgStatements();
  try {
    const login = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: MEMBER });
    const headers = { authorization: `Bearer ${String((login.json() as { access_token?: string }).access_token)}` };
    const search = await app.inject({ url: `${P}/book/search?query=${encodeURIComponent(BOOK)}` });
    const isbn = (search.json() as { book_list: { isbn: string }[] }).book_list[0]?.isbn ?? '';
    const N = 10;
    const per = async (send: (i: number) => Promise<unknown>): Promise<[number, number]> => {
      await send(-1); // the first of a day differs (the first diary earns), as the bench's rounds do not
      counter.reset();
      for (let i = 0; i < N; i++) await send(i);
      return [counter.statements() / N, counter.roundTrips() / N];
    };
    const read = await per(() => app.inject({ url: `${P}/user/point`, headers }));
    const write = await per((i) => app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers, payload: { isbn, content: `세기 ${i}` } }));
    return { read, write };
  } finally {
    counter.stop();
    await app.close();
  }
}

/**
 * Requests per second (2xx only) of a member read and an earning write on each dialect: medians
 * of `rounds` alternating rounds of `durationS` seconds each.
 */
export async function benchDialects(durationS = 10, rounds = 5): Promise<DialectRow[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-dialects-'));
  const pg = await startPostgres({ fsync: true });
  const children: ChildProcess[] = [];
  try {
    const counts = await countPerRequest(await pg.createDatabase());
    const lite = await startApi({ DATA_DIR: tmp });
    children.push(lite.child);
    const onPg = await startApi({ DATABASE_URL: await pg.createDatabase() });
    children.push(onPg.child);
    const [l, p] = [await targetOf(lite.url), await targetOf(onPg.url)];
    const out: DialectRow[] = [];
    for (const [what, kind, target, count] of [
      ['member read (GET /user/point)', 'read', 0.5, counts.read],
      ['earning write (POST /activity/bookdiary)', 'write', 0.7, counts.write],
    ] as const) {
      // Warm both (JIT, caches, the pool's connections).
      await rps(l[kind], 2);
      await rps(p[kind], 2);
      const sqlite: number[] = [];
      const postgres: number[] = [];
      const ratios: number[] = [];
      for (let r = 0; r < rounds; r++) {
        // Each round a pair, the first of the pair taking turns: the machine's other load,
        // which comes and goes, falls on both dialects alike.
        if (r % 2 === 0) {
          sqlite.push(await rps(l[kind], durationS));
          postgres.push(await rps(p[kind], durationS));
        } else {
          postgres.push(await rps(p[kind], durationS));
          sqlite.push(await rps(l[kind], durationS));
        }
        ratios.push((postgres.at(-1) ?? 0) / Math.max(1, sqlite.at(-1) ?? 0));
        console.log(`  ${what}, round ${r + 1}: SQLite ${sqlite.at(-1)?.toFixed(0)}, PostgreSQL ${postgres.at(-1)?.toFixed(0)} req/s (${ratios.at(-1)?.toFixed(2)})`);
      }
      out.push({ what, sqlite: median(sqlite), postgres: median(postgres), ratio: median(ratios), target, statements: count[0], roundTrips: count[1] });
    }
    return out;
  } finally {
    for (const c of children) c.kill('SIGKILL');
    pg.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const r of await benchDialects(Number(process.env['DURATION_S'] ?? 10), Number(process.env['ROUNDS'] ?? 5))) {
    console.log(`${r.what}: PostgreSQL ${r.postgres.toFixed(0)} req/s, SQLite ${r.sqlite.toFixed(0)} req/s (${r.ratio.toFixed(2)}×, target ≥ ${r.target}×; ${r.statements} statements, ${r.roundTrips} round trips)`);
  }
  process.exit(0);
}
