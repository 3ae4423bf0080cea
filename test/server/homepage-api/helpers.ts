/** Shared helpers of the reference homepage API's tap tests. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildHomepageApi, type HomepageApiOptions } from '../../../server/homepage-api/app.ts';
import type { ApiSettingsInput } from '../../../server/homepage-api/settings.ts';

export const P = '/api/v1/homepage';
export const PASSWORD = 'chungbuk2026!';

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

export async function testApi(
  opts: { start?: string; settings?: ApiSettingsInput; dbFile?: string } & Partial<HomepageApiOptions> = {},
): Promise<TestApi> {
  const clock = new TestClock(opts.start ?? '2026-11-21T10:00:00+09:00');
  const app = await buildHomepageApi({
    dbFile: opts.dbFile ?? ':memory:',
    seed: opts.seed ?? true,
    settings: { clock: clock.now, random: () => 0.5, ...opts.settings },
  });
  return { app, clock, close: () => app.close() };
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
export { curatedBooks } from '../../../server/homepage-api/seed/books.ts';

export function ledgerSum(app: FastifyInstance, userId: string): number {
  const r = app.db
    .prepare('SELECT coalesce(sum(l.points), 0) AS n FROM point_ledger l JOIN members m USING (member_id) WHERE m.user_id = ?')
    .get(userId);
  return Number(r?.['n']);
}
