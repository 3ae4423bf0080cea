/**
 * The hinge (server/portal/homepage/for-request.ts) on its own: a bare Fastify app, a MemberAuth
 * over a scripted homepage client. A server render's call goes under the API's prefix with its
 * query string and body and the member's token; a path that is not a plain one is never sent; a
 * failed call is the temporary-error answer. The gateway's forwardForRequest refuses an unsafe
 * path or one the browser may not reach, and forwards the rest as asked.
 */
import t from 'tap';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { messages } from '#shared/messages.ts';
import { AuthCookies } from '#server/portal/auth/cookies.ts';
import { MemberAuth } from '#server/portal/auth/member-auth.ts';
import type { HomepageClient, HomepageResult } from '#server/portal/homepage/client.ts';
import { forwardForRequest, homepageTransport } from '#server/portal/homepage/for-request.ts';
import { Jar } from '#test/fixtures/portal.ts';
import { scriptedHomepage as scripted } from '#test/fixtures/scripted-homepage.ts';
const success: HomepageResult = { ok: true, status: 200, body: { result: 'success', msg: 'ok' }, durationMs: 1 };

async function appWith(homepage: HomepageClient): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie, { secret: 'a-test-secret-of-at-least-32-characters' });
  const auth = new MemberAuth(homepage, new AuthCookies('http'));
  app.post('/render', async (req, reply) => {
    const { path, query, body, key } = req.body as { path: `/${string}`; query?: Record<string, string>; body?: unknown; key?: string };
    try {
      return await homepageTransport(auth, req, reply).request(body === undefined ? 'GET' : 'POST', path, {
        ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}), ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
    } catch (err) {
      return { thrown: (err as Error).message };
    }
  });
  app.post('/forward', async (req, reply) => {
    const { rawUrl, allowed } = req.body as { rawUrl: string; allowed: boolean };
    const r = await forwardForRequest(auth, req, reply, { method: 'GET', rawUrl, body: undefined, mayForward: () => allowed });
    return r === 'refused' ? { refused: true } : { status: r.status };
  });
  return app;
}

const member = (() => {
  const jar = new Jar();
  jar.set('portal_at', 'access-1');
  return jar.header();
})();

t.test('a server render: the prefix, the query, the body and the member\'s token', async (t) => {
  const homepage = scripted(() => success);
  const app = await appWith(homepage);
  t.teardown(() => app.close());
  const read = await app.inject({ method: 'POST', url: '/render', headers: { cookie: member }, payload: { path: '/user/point', query: { page: '2', search_type: 'buy' } } });
  t.same(read.json(), { result: 'success', msg: 'ok' });
  t.match(homepage.calls[0], { method: 'GET', path: '/api/v1/homepage/user/point', query: 'page=2&search_type=buy', accessToken: 'access-1' });
  await app.inject({ method: 'POST', url: '/render', headers: { cookie: member }, payload: { path: '/activity/bookdiary', body: { isbn: '9788937460449' } } });
  t.match(homepage.calls[1], { method: 'POST', path: '/api/v1/homepage/activity/bookdiary', body: { isbn: '9788937460449' } });
});

t.test('a server render\'s write with an Idempotency-Key: sent with it, the retry after a refresh too', async (t) => {
  const homepage = scripted((c) => {
    if (c.path === '/api/v1/homepage/auth/refresh') {
      return { ok: true, status: 200, durationMs: 1, body: { result: 'success', expired: false, userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'N', access_token: 'access-2', access_expires_in: 1800, refresh_token: 'refresh-2', refresh_expires_in: 86400 } };
    }
    return c.accessToken === 'access-2' ? success : { ok: true, status: 403, durationMs: 1, body: { result: 'error', code: 'token_expired' } };
  });
  const app = await appWith(homepage);
  t.teardown(() => app.close());
  const jar = new Jar();
  jar.set('portal_at', 'access-1');
  jar.set('portal_rt', 'refresh-1');
  const res = await app.inject({ method: 'POST', url: '/render', headers: { cookie: jar.header() }, payload: { path: '/user/goal', body: { goal_books: 5 }, key: '"form-goal-1"' } });
  t.same(res.json(), { result: 'success', msg: 'ok' });
  const writes = homepage.calls.filter((c) => c.path === '/api/v1/homepage/user/goal');
  t.same(writes.map((c) => [c.accessToken, c.idempotencyKey]), [['access-1', 'form-goal-1'], ['access-2', 'form-goal-1']], 'the key, unquoted, on the call and its retry');
  const bad = await app.inject({ method: 'POST', url: '/render', headers: { cookie: member }, payload: { path: '/user/goal', body: { goal_books: 5 }, key: 'not a key' } });
  t.match(bad.json(), { thrown: /not one/ }, 'a page\'s invalid key is a bug: it throws');
});

t.test('a path that is not a plain one is never sent', async (t) => {
  const homepage = scripted(() => success);
  const app = await appWith(homepage);
  t.teardown(() => app.close());
  for (const path of ['/../admin', '/user/%2e%2e/point', '/user//point', '/user\\point']) {
    const res = await app.inject({ method: 'POST', url: '/render', payload: { path } });
    t.match(res.json(), { thrown: /invalid homepage path/ }, path);
  }
  t.equal(homepage.calls.length, 0);
});

t.test('a failed call is the temporary-error answer', async (t) => {
  const app = await appWith(scripted(() => ({ ok: false, status: 504, reason: 'timeout', durationMs: 60_000 })));
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'POST', url: '/render', payload: { path: '/notice' } });
  t.same(res.json(), { result: 'error', msg: messages.error.temporary, code: 'unavailable' });
});

t.test('the gateway\'s way: unsafe or not allowed → refused; the rest forwarded as asked', async (t) => {
  const homepage = scripted(() => success);
  const app = await appWith(homepage);
  t.teardown(() => app.close());
  const forward = async (rawUrl: string, allowed = true) => (await app.inject({ method: 'POST', url: '/forward', headers: { cookie: member }, payload: { rawUrl, allowed } })).json();
  t.same(await forward('/api/v1/homepage/../portal'), { refused: true });
  t.same(await forward('/api/v2/anything'), { refused: true });
  t.same(await forward('/api/v1/homepage/auth/login', false), { refused: true });
  t.equal(homepage.calls.length, 0, 'nothing refused reached the API');
  t.same(await forward('/api/v1/homepage/notice?page=1&size=10'), { status: 200 });
  t.match(homepage.calls[0], { path: '/api/v1/homepage/notice', query: 'page=1&size=10', accessToken: 'access-1' });
});
