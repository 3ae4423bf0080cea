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
 *
 * Then, on the same two APIs, the history rows (issue 41, decision 0146): the earning write of a
 * member with 10,000 ledger rows ÷ a new member's, on each dialect (target ≥ 0.9). Each round a
 * new member and a long-time one that have not written yet (write-history.ts), so neither has
 * the other's write rate window or the last round's rows; each is measured in two halves around
 * the other's (A B B A, the first taking turns), and the ratio is the median of the rounds' ratios. Beside the rates, the CPU per write of the API and
 * (on PostgreSQL) the database's processes: on a shared machine, or where a write waits for the
 * disk (fsync), the rates move with the rest of the machine and the CPU says what the write cost.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { countPgStatements } from '#test/fixtures/pg-statements.ts';
import { startPostgres } from '#test/fixtures/postgres.ts';
import { freePort } from '#test/fixtures/ports.ts';
import { childrenOf, cpuSeconds } from './stack.ts';
import { addBenchMembersTo, type BenchMember } from './write-history.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

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

/** An earning write of a member with history ÷ a new member's, on one dialect. */
export interface HistoryRow {
  dialect: 'SQLite' | 'PostgreSQL';
  /** Ledger rows of the long-time member before its round. */
  rows: number;
  /** Requests per second (medians). */
  fresh: number;
  longTime: number;
  /** Long-time ÷ new: the median of the rounds' ratios. */
  ratio: number;
  target: number;
  /**
   * CPU milliseconds per write (medians) of the API process, and PostgreSQL's processes on that
   * dialect: what the machine's other load does not blur as it blurs the rates.
   */
  cpuFresh: number;
  cpuLongTime: number;
}

/** Ledger rows of the long-time members, and the ratio their writes must reach (issue 41). */
const HISTORY_ROWS = 10_000;
const HISTORY_TARGET = 0.9;

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
const MEMBER = loginOf(READER01);
const BOOK = '소년이 온다';

async function isbnOf(url: string): Promise<string> {
  const found = (await (await fetch(`${url}${P}/book/search?query=${encodeURIComponent(BOOK)}`)).json()) as { book_list?: { isbn: string }[] };
  return found.book_list?.[0]?.isbn ?? '9788936434120';
}

/** The member's diaries (a new text each time) on the API at `url`, signed in as `userId`. */
async function diaryLoad(url: string, userId: string, isbn: string): Promise<autocannon.Options> {
  const base = `${url}${P}`;
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...MEMBER, user_id: userId }) });
  const token = ((await login.json()) as { access_token?: string }).access_token ?? '';
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  let n = 0;
  return {
    url: `${base}/activity/bookdiary`, headers, connections: 10, method: 'POST',
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify({ isbn, content: `벤치 일지 ${process.pid}-${url}-${userId}-${n++}` }) }) }],
  };
}

/** The two loads on the API at `url`: a member's token, then a read and a write (a new text each time). */
async function targetOf(url: string): Promise<Target> {
  const write = await diaryLoad(url, MEMBER.user_id, await isbnOf(url));
  return { read: { url: `${url}${P}/user/point`, headers: write.headers, connections: 10 }, write };
}

/**
 * Requests per second answered 2xx, and how many were. Other answers are reported: a bench that
 * meets the write rate's 429 (or a pool's 503) measures the refusal, not the dialect.
 */
async function load(opts: autocannon.Options, duration: number): Promise<{ rps: number; ok: number }> {
  const r = await autocannon({ ...opts, duration });
  if (r.non2xx > 0) console.log(`  (${r.non2xx} of ${r.requests.total} answers were not 2xx: ${opts.url})`);
  const share = 1 - r.non2xx / Math.max(1, r.requests.total);
  return { rps: r.requests.average * share, ok: r.requests.total - r.non2xx };
}

const rps = async (opts: autocannon.Options, duration: number): Promise<number> => (await load(opts, duration)).rps;

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

interface Api {
  dialect: HistoryRow['dialect'];
  url: string;
  where: { file: string; url?: string };
  /** CPU seconds so far of the processes serving it. */
  cpu(): number;
}

/**
 * The history rows: per round (plus one to warm up, not counted) and dialect, a new member's and
 * a long-time member's diaries for `durationS` each, in two halves around the other's.
 */
async function benchHistory(apis: Api[], durationS: number, rounds: number): Promise<HistoryRow[]> {
  const out: HistoryRow[] = [];
  for (const api of apis) {
    const isbn = await isbnOf(api.url);
    const members = await addBenchMembersTo(api.where, { prefix: 'bench', fresh: rounds + 1, longTime: rounds + 1, rows: HISTORY_ROWS, isbn });
    const diaries = (m: BenchMember | undefined) => diaryLoad(api.url, m?.userId ?? '', isbn);
    const measure = async (opts: autocannon.Options) => {
      const before = api.cpu();
      const r = await load(opts, durationS / 2);
      return { ok: r.ok, rps: r.rps, cpu: api.cpu() - before };
    };
    /** Two halves of a round for one member: their rate (requests over time) and CPU per write. */
    const both = (a: Awaited<ReturnType<typeof measure>>, b: Awaited<ReturnType<typeof measure>>) => ({
      rps: (a.rps + b.rps) / 2, cpuMs: ((a.cpu + b.cpu) * 1000) / Math.max(1, a.ok + b.ok),
    });
    const fresh: { rps: number; cpuMs: number }[] = [];
    const longTime: { rps: number; cpuMs: number }[] = [];
    const ratios: number[] = [];
    for (let r = 0; r <= rounds; r++) {
      // A B B A (the first taking turns between rounds): a load that rises or falls during the
      // round falls on both members alike.
      const [n, h] = [await diaries(members.fresh[r]), await diaries(members.longTime[r])];
      const [first, second] = r % 2 === 0 ? [n, h] : [h, n];
      const halves = [await measure(first), await measure(second), await measure(second), await measure(first)] as const;
      const [a, b] = [both(halves[0], halves[3]), both(halves[1], halves[2])];
      const pair = r % 2 === 0 ? [a, b] as const : [b, a] as const;
      if (r === 0) continue; // warming up
      fresh.push(pair[0]);
      longTime.push(pair[1]);
      ratios.push(pair[1].rps / Math.max(1, pair[0].rps));
      console.log(`  earning write, ${HISTORY_ROWS}-row member ÷ new member on ${api.dialect}, round ${r}: ${pair[1].rps.toFixed(0)} vs ${pair[0].rps.toFixed(0)} req/s (${ratios.at(-1)?.toFixed(2)}); CPU ${pair[1].cpuMs.toFixed(2)} vs ${pair[0].cpuMs.toFixed(2)} ms a write`);
    }
    out.push({
      dialect: api.dialect, rows: HISTORY_ROWS, ratio: median(ratios), target: HISTORY_TARGET,
      fresh: median(fresh.map((x) => x.rps)), longTime: median(longTime.map((x) => x.rps)),
      cpuFresh: median(fresh.map((x) => x.cpuMs)), cpuLongTime: median(longTime.map((x) => x.cpuMs)),
    });
  }
  return out;
}

/**
 * Requests per second (2xx only) of a member read and an earning write on each dialect: medians
 * of `rounds` alternating rounds of `durationS` seconds each; then the history rows (rounds of
 * `historyS` seconds; 0 leaves them out).
 */
export async function benchDialects(durationS = 10, rounds = 5, historyS = durationS / 2, dialectRows = true): Promise<{ dialects: DialectRow[]; history: HistoryRow[] }> {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-dialects-'));
  const pg = await startPostgres({ fsync: true });
  const children: ChildProcess[] = [];
  try {
    const counts = await countPerRequest(await pg.createDatabase());
    const lite = await startApi({ DATA_DIR: tmp });
    children.push(lite.child);
    const pgUrl = await pg.createDatabase();
    const onPg = await startApi({ DATABASE_URL: pgUrl });
    children.push(onPg.child);
    const [l, p] = [await targetOf(lite.url), await targetOf(onPg.url)];
    const out: DialectRow[] = [];
    const kinds = [
      ['member read (GET /user/point)', 'read', 0.5, counts.read],
      ['earning write (POST /activity/bookdiary)', 'write', 0.7, counts.write],
    ] as const;
    for (const [what, kind, target, count] of dialectRows ? kinds : []) {
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
    const postmaster = Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const apis: Api[] = [
      { dialect: 'SQLite', url: lite.url, where: { file: join(tmp, 'homepage.db') }, cpu: () => cpuSeconds(lite.child.pid ?? 0) },
      {
        dialect: 'PostgreSQL', url: onPg.url, where: { file: ':memory:', url: pgUrl },
        cpu: () => cpuSeconds(onPg.child.pid ?? 0) + cpuSeconds(postmaster, true) + childrenOf(postmaster).reduce((sum, c) => sum + cpuSeconds(c), 0),
      },
    ];
    return { dialects: out, history: historyS > 0 ? await benchHistory(apis, historyS, rounds) : [] };
  } finally {
    for (const c of children) c.kill('SIGKILL');
    pg.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { dialects, history } = await benchDialects(Number(process.env['DURATION_S'] ?? 10), Number(process.env['ROUNDS'] ?? 5));
  for (const r of dialects) {
    console.log(`${r.what}: PostgreSQL ${r.postgres.toFixed(0)} req/s, SQLite ${r.sqlite.toFixed(0)} req/s (${r.ratio.toFixed(2)}×, target ≥ ${r.target}×; ${r.statements} statements, ${r.roundTrips} round trips)`);
  }
  for (const h of history) {
    console.log(`earning write on ${h.dialect}, ${h.rows}-row member ÷ new member: ${h.ratio.toFixed(2)} (${h.longTime.toFixed(0)} vs ${h.fresh.toFixed(0)} req/s; target ≥ ${h.target}; CPU ${h.cpuLongTime.toFixed(2)} vs ${h.cpuFresh.toFixed(2)} ms a write)`);
  }
  process.exit(0);
}
