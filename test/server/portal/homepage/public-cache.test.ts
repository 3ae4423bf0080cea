/**
 * The public read cache (decision 0033): concurrent misses share one upstream call, a
 * member's data is never cached, failures are never stored, a stale answer is served
 * while one refresh runs and is kept when the upstream fails; and through the real
 * portal, pages' public reads stop reaching the upstream.
 */
import t from 'tap';
import pino from 'pino';
import type { HomepageCall, HomepageClient, HomepageResult } from '#server/portal/homepage/client.ts';
import { cachedOperationOf, withPublicCache, type CacheOutcome } from '#server/portal/homepage/public-cache.ts';
import { cacheTtls } from '#server/portal/config.ts';
import { cachedOperations } from '#shared/contract/operations.ts';
import { startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal } from '#test/fixtures/portal.ts';

const log = pino({ level: 'silent' });
const TTL = cacheTtls('');

/** A scripted upstream: counts calls per path, answers when told to. */
function scripted() {
  const calls: string[] = [];
  const waiting: ((r: HomepageResult) => void)[] = [];
  let answer: () => HomepageResult = () => ({ ok: true, status: 200, body: { result: 'success', n: calls.length }, durationMs: 1 });
  let hold = false;
  const client: HomepageClient = {
    baseUrl: 'http://upstream.invalid',
    call: (c: HomepageCall) => {
      calls.push(`${c.method} ${c.path}${c.query ? `?${c.query}` : ''}${c.accessToken ? ` as ${c.accessToken}` : ''}`);
      if (!hold) return Promise.resolve(answer());
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: async () => undefined,
  };
  return {
    client,
    calls,
    hold: () => (hold = true),
    releaseAll: () => {
      hold = false;
      for (const w of waiting.splice(0)) w(answer());
    },
    answerWith: (fn: () => HomepageResult) => (answer = fn),
  };
}

const get = (path: string, query = '', accessToken?: string): HomepageCall => ({
  method: 'GET',
  path: `/api/v1/homepage${path}`,
  query,
  requestId: 'r',
  log,
  ...(accessToken ? { accessToken } : {}),
});

t.test('which reads are public: the rows with a cache, each with its TTL', async (t) => {
  const idOf = (path: string) => cachedOperationOf(`/api/v1/homepage${path}`)?.row.id;
  t.equal(idOf('/board/notice'), 'getBoardNotice');
  t.equal(idOf('/board/notice/7'), 'getBoardNoticeByNoticeInfoKey');
  t.equal(idOf('/code/60/2'), 'getCodeByGroupAndCode');
  t.equal(idOf('/code/local/43/43110'), 'getCodeLocalByAAndB');
  t.equal(idOf('/common/systemcontentinfo?content_type=terms'), 'getCommonSystemcontentinfo');
  t.equal(idOf('/popular/popularbooklist'), 'getPopularPopularbooklist');
  t.equal(idOf('/book/search'), 'getBookSearch');
  t.equal(idOf('/push/config'), 'getPushConfig', 'the server\'s push settings (마이페이지 asked them on every render)');
  for (const member of ['/user/push', '/user/point', '/user/point/list', '/user/info', '/activity/getbookdiaryinfolist', '/bookclub/list', '/common/joincheck/reader01', '/activity/getuserattendancecheck', '/common/token/logout', '/book/9788936434120']) {
    t.equal(idOf(member), undefined, `${member} is never cached`);
  }
  const defaults = cacheTtls('');
  t.same(defaults, Object.fromEntries(cachedOperations.map((o) => [o.id, o.ttlS])), 'the config\'s defaults are the rows\' TTLs');
  t.equal(defaults['getBoardNotice'], 60);
  t.equal(defaults['getCodeByGroupAndCode'], 600);
  t.equal(cacheTtls('getBookSearch=0')['getBookSearch'], 0, 'CACHE_TTL_S names a row');
  t.ok(Object.values(cacheTtls('*=0')).every((s) => s === 0), '*=0 turns every row off');
  t.throws(() => cacheTtls('getUserInfo=5'), /not a cached operation/);
  t.throws(() => cacheTtls('getBookSearch=ten'), /operationId=seconds/);
});

t.test('N concurrent misses of one key → one upstream call', async (t) => {
  const up = scripted();
  const reads: CacheOutcome[] = [];
  const cached = withPublicCache(up.client, { ttlS: TTL, maxEntries: 100, onRead: (_k, o) => reads.push(o) });
  up.hold();
  const pending = Array.from({ length: 25 }, () => cached.call(get('/board/notice', 'notice_type=1&display_yn=Y&size=1')));
  up.releaseAll();
  const results = await Promise.all(pending);
  t.equal(up.calls.length, 1, 'one call for 25 concurrent readers');
  t.ok(results.every((r) => r.ok && r.body.result === 'success'));
  await cached.call(get('/board/notice', 'notice_type=1&display_yn=Y&size=1'));
  t.equal(up.calls.length, 1, 'then served from the cache');
  t.equal(reads.at(-1), 'hit');
  await cached.call(get('/board/notice', 'display_yn=Y&page=2&size=10'));
  t.equal(up.calls.length, 2, 'another query is another key');
});

t.test('a member\'s data is never cached, whatever the token', async (t) => {
  const up = scripted();
  const cached = withPublicCache(up.client, { ttlS: TTL, maxEntries: 100 });
  await cached.call(get('/user/point', '', 'token-a'));
  await cached.call(get('/user/point', '', 'token-b'));
  await cached.call(get('/user/point', '', 'token-a'));
  t.equal(up.calls.length, 3);
  await cached.call({ ...get('/board/notice'), method: 'POST', body: {} });
  await cached.call({ ...get('/board/notice'), method: 'POST', body: {} });
  t.equal(up.calls.length, 5, 'writes are never cached');
});

t.test('a notice list that may show an administrator drafts is never stored or shared', async (t) => {
  const up = scripted();
  const reads: CacheOutcome[] = [];
  const cached = withPublicCache(up.client, { ttlS: TTL, maxEntries: 100, onRead: (_k, o) => reads.push(o) });
  // An administrator's token, display_yn left out or N: that caller's answer.
  up.hold();
  const admin = cached.call(get('/board/notice', '', 'admin-token'));
  const visitor = cached.call(get('/board/notice'));
  up.releaseAll();
  await Promise.all([admin, visitor]);
  t.same(up.calls, ['GET /api/v1/homepage/board/notice as admin-token', 'GET /api/v1/homepage/board/notice'], 'the visitor did not share the token\'s call');
  await cached.call(get('/board/notice', 'display_yn=N', 'admin-token'));
  await cached.call(get('/board/notice', '', 'admin-token'));
  t.equal(up.calls.length, 4, 'a token without display_yn=Y always goes upstream');
  await cached.call(get('/board/notice'));
  t.equal(up.calls.length, 4, 'the visitor\'s own answer was cached');
  // display_yn=Y (every page of the portal) is the same for every caller: cached as before.
  await cached.call(get('/board/notice', 'notice_type=1&display_yn=Y&size=1', 'member-token'));
  await cached.call(get('/board/notice', 'notice_type=1&display_yn=Y&size=1', 'other-token'));
  t.equal(up.calls.length, 5, 'display_yn=Y is shared whatever the token');
  t.equal(reads.filter((r) => r === 'bypass').length, 3);
});

t.test('failures and error answers are not stored', async (t) => {
  const up = scripted();
  const cached = withPublicCache(up.client, { ttlS: TTL, maxEntries: 100 });
  up.answerWith(() => ({ ok: false, status: 502, reason: 'unreachable', durationMs: 1 }));
  const down = await cached.call(get('/code/60/2'));
  t.equal(down.ok, false);
  up.answerWith(() => ({ ok: true, status: 404, body: { result: 'error', msg: '없음' }, durationMs: 1 }));
  const missing = await cached.call(get('/code/60/2'));
  t.match(missing, { ok: true, status: 404 });
  up.answerWith(() => ({ ok: true, status: 200, body: { result: 'success', code_value: '/login/login' }, durationMs: 1 }));
  const ok = await cached.call(get('/code/60/2'));
  t.match(ok, { ok: true, status: 200 });
  t.equal(up.calls.length, 3, 'each failure went upstream again');
});

t.test('stale while revalidate; stale kept when the upstream fails; 0 turns a row off', async (t) => {
  const up = scripted();
  const cached = withPublicCache(up.client, { ttlS: { ...TTL, getPopularPopularbooklist: 0.05 }, maxEntries: 100 });
  const first = await cached.call(get('/popular/popularbooklist', 'period=month'));
  t.match(first, { ok: true, body: { n: 1 } });
  await new Promise((r) => setTimeout(r, 80));
  up.answerWith(() => ({ ok: false, status: 504, reason: 'timeout', durationMs: 1 }));
  const stale = await cached.call(get('/popular/popularbooklist', 'period=month'));
  t.match(stale, { ok: true, body: { n: 1 } }, 'the stale answer, at once');
  const afterFailure = await cached.call(get('/popular/popularbooklist', 'period=month'));
  t.match(afterFailure, { ok: true, body: { n: 1 } }, 'still there after the refresh failed');

  const off = withPublicCache(up.client, { ttlS: { ...TTL, getBookSearch: 0 }, maxEntries: 100 });
  const before = up.calls.length;
  await off.call(get('/book/search', 'query=x'));
  await off.call(get('/book/search', 'query=x'));
  t.equal(up.calls.length, before + 2, 'CACHE_TTL_S=getBookSearch=0: every search goes upstream');
});

t.test('through the portal: repeated page views do not reach the upstream for public data', async (t) => {
  const upstream = await startFakeUpstream((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url.startsWith('/api/v1/homepage/code/')) res.end(JSON.stringify({ result: 'success', code_value: '/login/login', code_name: '로그인' }));
    else if (req.url.startsWith('/api/v1/homepage/board/notice')) res.end(JSON.stringify({ result: 'success', notice_list: [], page: 1, size: 5, total: 0 }));
    else res.end(JSON.stringify({ result: 'success' }));
  });
  const portal = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await portal.close();
    await upstream.close();
  });
  for (let i = 0; i < 5; i++) {
    const res = await portal.app.inject({ url: '/main/homemain', headers: { accept: 'text/html' } });
    t.equal(res.statusCode, 200);
  }
  const notice = upstream.requests.filter((r) => r.url.startsWith('/api/v1/homepage/board/notice'));
  const codes = upstream.requests.filter((r) => r.url.startsWith('/api/v1/homepage/code/60/2'));
  t.equal(codes.length, 1, 'code 60/2 read once for five pages');
  t.equal(notice.length, 2, 'the strip and the home list, each read once for five pages');
  t.ok(notice.every((r) => /size=\d/.test(r.url)), 'every notice read is bounded (size)');
});
