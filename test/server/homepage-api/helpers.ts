/** Shared helpers of the reference homepage API's tap tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildHomepageApi, type HomepageApiOptions } from '#server/homepage-api/app.ts';
import type { ApiSettingsInput } from '#server/homepage-api/settings.ts';
import type { Test } from 'tap';
import type { Database } from '#server/homepage-api/store/db.ts';
import { runningPointStore } from '#server/homepage-api/store/running-points.ts';
import { SEED_NOW, pgDatabaseUrl } from './store/helpers.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';
import { waitFor } from '#test/fixtures/wait.ts';

export const P = '/api/v1/homepage';
/** The named members' password (test/fixtures/members.ts), as these suites call it. */
export const PASSWORD = MEMBER_PASSWORD;

/** A clock tests can move: starts at `start` (ISO with offset). */
export class TestClock {
  ms: number;
  constructor(start: string) {
    this.ms = Date.parse(start);
  }
  now = (): number => this.ms;
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
  advanceDays(days: number): void {
    this.ms += days * 24 * 60 * 60 * 1000;
  }
}

export interface TestApi {
  app: FastifyInstance;
  clock: TestClock;
  close(): Promise<void>;
}

/** TEST_DATABASE=postgres runs the API tests on PostgreSQL (a cluster of the test file's own). */
export function onPostgres(): boolean {
  return process.env['TEST_DATABASE'] === 'postgres';
}

const pgDatabases = new Map<string, Promise<string>>();

/**
 * The PostgreSQL database standing for `dbFile` (the same file, the same database: restarts
 * and second instances), else a fresh one; copied from a template seeded as of `start` when
 * the rules are the default ones (the app's own seeding then finds it done).
 */
function pgUrlFor(opts: { start?: string; settings?: ApiSettingsInput; dbFile?: string; seed?: boolean }): Promise<string> {
  const make = () => pgDatabaseUrl({ seed: (opts.seed ?? true) && opts.settings?.rules === undefined, now: opts.start ?? SEED_NOW });
  if (!opts.dbFile) return make();
  let url = pgDatabases.get(opts.dbFile);
  if (!url) {
    url = make();
    pgDatabases.set(opts.dbFile, url);
  }
  return url;
}

/** A sign-in's end far beyond any test's clock (100 years). */
const UNENDING_S = 100 * 365 * 24 * 60 * 60;

export async function testApi(
  opts: { start?: string; settings?: ApiSettingsInput; dbFile?: string } & Partial<HomepageApiOptions> = {},
): Promise<TestApi> {
  const clock = new TestClock(opts.start ?? '2026-11-21T10:00:00+09:00');
  const app = await buildHomepageApi({
    dbFile: opts.dbFile ?? ':memory:',
    databaseUrl: opts.databaseUrl ?? (onPostgres() ? await pgUrlFor(opts) : undefined),
    seed: opts.seed ?? true,
    // Sign-ins here end only when a test says so (decision 0114's absolute end is tested in
    // auth.test.ts): tests give tokens long lives and move the clock by months.
    settings: { clock: clock.now, random: () => 0.5, signInMaxAgeS: UNENDING_S, signInMaxAgeKeepS: UNENDING_S, ...opts.settings },
    ...(opts.logger === undefined ? {} : { logger: opts.logger }),
  });
  return { app, clock, close: () => app.close() };
}

/**
 * After a test's own SQL on a member row: on PostgreSQL, waits until the instance has heard it
 * (decision 0156: the kept access checks are forgotten); on SQLite nothing is kept. For tests
 * whose instance keeps the checks of one member only.
 */
export async function heardByApi(app: FastifyInstance): Promise<void> {
  const cache = app.accessCache;
  await waitFor('the API hears the change', () => !cache?.on || cache.size === 0, 15_000, 5);
}

export async function login(app: FastifyInstance, userId = 'reader01', keep = false) {
  const res = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: userId, user_pass: PASSWORD, keep } });
  const body = res.json() as { access_token: string; refresh_token: string; result: string };
  if (body.result !== 'success') throw new Error(`login of ${userId} failed: ${res.body}`);
  return body;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function call(
  app: FastifyInstance,
  token: string | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: url.startsWith('/') && !url.startsWith(P) ? P + url : url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** reader02 (terms not agreed at seed) after agreeing: a member with no seeded activity. */
export async function freshMember(app: FastifyInstance): Promise<string> {
  const { access_token } = await login(app, 'reader02');
  const r = await call(app, access_token, 'POST', '/user/info', { agree_yn: 'Y' });
  if (r.statusCode !== 200) throw new Error(`agree failed: ${r.body}`);
  return access_token;
}

/** ISBNs of curated seed books, for writes that need a known book. */
import { curatedBooks } from '#server/homepage-api/seed/books.ts';

export { curatedBooks };

export async function ledgerSum(app: FastifyInstance, userId: string): Promise<number> {
  const r = await app.db
    .prepare('SELECT coalesce(sum(l.points), 0) AS n FROM point_ledger l JOIN members m USING (member_id) WHERE m.user_id = ?')
    .get(userId);
  return Number(r?.['n']);
}

/** What to assert after a test's writes: the running point figures equal the ledger's sums (decision 0146). */
export async function runningFiguresHold(t: Test, db: Database): Promise<void> {
  t.same(await runningPointStore(db).runningMismatches(), [], "the running point figures equal the ledger's sums");
}

/** The API as a child process (`node server/homepage-api/main.ts`) on a free loopback port. */
export interface ChildApi {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
}

export async function spawnApi(dataDir: string, env: Record<string, string> = {}, timeoutMs = 20_000): Promise<ChildApi> {
  const child = spawn(process.execPath, ['server/homepage-api/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, HOMEPAGE_API_PORT: '0', HOMEPAGE_API_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let buffered = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API did not start in ${timeoutMs} ms: ${buffered.slice(-500)}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${code}: ${buffered.slice(-500)}`));
    });
  });
  return { url, child, exited, output: () => buffered };
}

export async function post(url: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * The kill -9 durability load (SQLite and PostgreSQL alike): six writers post diaries to `base`
 * until about 120 are acknowledged (or `deadlineMs` passes), then `victim` is killed with
 * SIGKILL. Answers the acknowledged activity keys, the writes that died in flight and the
 * victim's exit code (null: killed by the signal).
 */
export async function diariesUntilKilled(
  base: string,
  token: string,
  victim: ChildApi,
  deadlineMs: number,
): Promise<{ acked: number[]; failures: number; code: number | null }> {
  const isbn = curatedBooks()[3]?.isbn ?? '';
  const acked: number[] = [];
  let stop = false;
  let failures = 0;
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const r = await post(`${base}/activity/bookdiary`, token, { isbn, content: `중단 시험 ${w}-${i}` });
        if (r.status === 200) acked.push(Number(r.body['activity_key']));
      } catch {
        failures++; // the process died under this request: it was never acknowledged
        return;
      }
    }
  };
  const workers = [0, 1, 2, 3, 4, 5].map(worker);
  const deadline = Date.now() + deadlineMs;
  while (acked.length < 120 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  victim.child.kill('SIGKILL');
  const code = await victim.exited;
  stop = true;
  await Promise.all(workers);
  return { acked, failures, code };
}

/**
 * The document with every `#/components/schemas/…` reference replaced by the schema it names
 * (decision 0134 moved the answers there), so a test can check an answer against one schema.
 */
export function derefDocument<T>(doc: T): T {
  const schemas = ((doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {});
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const prefix = '#/components/schemas/';
    const target = typeof $ref === 'string' && $ref.startsWith(prefix) ? schemas[$ref.slice(prefix.length)] : undefined;
    const out: Record<string, unknown> = target === undefined ? { ...($ref === undefined ? {} : { $ref }) } : { ...(walk(target) as object) };
    for (const [k, v] of Object.entries(rest)) out[k] = walk(v);
    return out;
  };
  return walk(doc) as T;
}
