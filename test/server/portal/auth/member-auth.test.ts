/**
 * MemberAuth (server/portal/auth/member-auth.ts) on its own: a bare Fastify app with the cookie
 * plugin and a scripted homepage client, no portal around it. The access token attached; on 403
 * one refresh and one retry with the new pair set on the reply; a refused refresh or a 401 ends
 * the session; a signed-out session's cookies are a visitor's; the session restored from the
 * refresh cookie alone.
 */
import t from 'tap';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { AuthCookies } from '#server/portal/auth/cookies.ts';
import { MemberAuth } from '#server/portal/auth/member-auth.ts';
import type { TokenAnswer } from '#server/portal/auth/refresh-flight.ts';
import type { MemberFields } from '#shared/session.ts';
import type { HomepageCall, HomepageClient, HomepageResult } from '#server/portal/homepage/client.ts';
import { Jar } from '#test/fixtures/portal.ts';
import { scriptedHomepage as scripted } from '#test/fixtures/scripted-homepage.ts';

const member: MemberFields = { userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'N' };
const pair = (n: number): TokenAnswer & { expired: boolean } => ({
  result: 'success', expired: false, ...member,
  access_token: `access-${n}`, access_expires_in: 1800, refresh_token: `refresh-${n}`, refresh_expires_in: 86400,
});
type Body = Extract<HomepageResult, { ok: true }>['body'];
const answer = (status: number, body: Body): HomepageResult => ({ ok: true, status, body, durationMs: 1 });

async function appWith(homepage: HomepageClient): Promise<{ app: FastifyInstance; auth: MemberAuth }> {
  const app = Fastify();
  await app.register(cookie, { secret: 'a-test-secret-of-at-least-32-characters' });
  const auth = new MemberAuth(homepage, new AuthCookies('http'));
  app.get('/point', async (req, reply) => {
    const r = await auth.call(req, reply, { method: 'GET', path: '/api/v1/homepage/user/point' });
    return reply.code(r.status).send(r.ok ? r.body : { failed: r.reason });
  });
  app.get('/who', async (req, reply) => ({ user: (await auth.session(req, reply))?.user_id ?? null }));
  app.post('/signin', async (req, reply) => ({ user: auth.signIn(req, reply, pair(0), false).user_id }));
  app.post('/signout', async (req, reply) => {
    const out = await auth.signOut(req, reply);
    return { access: out.access ?? null, refresh: out.refresh ?? null };
  });
  return { app, auth };
}

/** The cookies of a member whose access token the API no longer takes. */
function expiredSession(): string {
  const jar = new Jar();
  jar.set('portal_at', 'access-old');
  jar.set('portal_rt', 'refresh-old');
  return jar.header();
}

const isRefresh = (c: HomepageCall) => c.path === '/api/v1/homepage/auth/refresh';

t.test('the access token attached; 403 → one refresh → one retry with the new token, cookies renewed', async (t) => {
  const homepage = scripted((c) => {
    if (isRefresh(c)) return answer(200, pair(1));
    return c.accessToken === 'access-1' ? answer(200, { result: 'success', msg: 'forty-two' }) : answer(403, { result: 'error', code: 'token_expired' });
  });
  const { app } = await appWith(homepage);
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'GET', url: '/point', headers: { cookie: expiredSession() } });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { result: 'success', msg: 'forty-two' });
  t.same(homepage.calls.map((c) => [c.path, c.accessToken ?? null]), [
    ['/api/v1/homepage/user/point', 'access-old'],
    ['/api/v1/homepage/auth/refresh', null],
    ['/api/v1/homepage/user/point', 'access-1'],
  ]);
  t.match(homepage.calls[1]?.body, { refresh_token: 'refresh-old' });
  const renewed = new Jar().take(res);
  t.equal(renewed.get('portal_at'), 'access-1');
  t.equal(renewed.get('portal_rt'), 'refresh-1');
});

t.test('a refused refresh ends the session: 401 and the cookies cleared', async (t) => {
  const homepage = scripted((c) => (isRefresh(c) ? answer(401, { result: 'error' }) : answer(403, { result: 'error', code: 'token_expired' })));
  const { app } = await appWith(homepage);
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'GET', url: '/point', headers: { cookie: expiredSession() } });
  t.equal(res.statusCode, 401);
  const after = new Jar().take(res);
  t.notOk(after.get('portal_at'), 'access cookie cleared');
  t.notOk(after.get('portal_rt'), 'refresh cookie cleared');
});

t.test('an upstream 401 ends the session; a visitor calls without a token', async (t) => {
  const homepage = scripted(() => answer(401, { result: 'error' }));
  const { app } = await appWith(homepage);
  t.teardown(() => app.close());
  const jar = new Jar();
  jar.set('portal_at', 'access-old');
  const res = await app.inject({ method: 'GET', url: '/point', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 401);
  t.notOk(new Jar().take(res).get('portal_at'));
  const visitor = await app.inject({ method: 'GET', url: '/point' });
  t.equal(visitor.statusCode, 401);
  t.equal(homepage.calls.at(-1)?.accessToken, undefined, 'no token for a visitor');
});

t.test('the session: from the signed cookie, restored from the refresh cookie alone, null for a visitor', async (t) => {
  const homepage = scripted((c) => (isRefresh(c) ? answer(200, pair(2)) : answer(200, { result: 'success' })));
  const { app } = await appWith(homepage);
  t.teardown(() => app.close());
  t.same((await app.inject({ method: 'GET', url: '/who' })).json(), { user: null });
  const signIn = await app.inject({ method: 'POST', url: '/signin' });
  const jar = new Jar().take(signIn);
  t.same((await app.inject({ method: 'GET', url: '/who', headers: { cookie: jar.header() } })).json(), { user: 'reader01' });
  t.equal(homepage.calls.length, 0, 'a live access cookie needs no call');
  const onlyRefresh = new Jar();
  onlyRefresh.set('portal_rt', 'refresh-kept');
  const restored = await app.inject({ method: 'GET', url: '/who', headers: { cookie: onlyRefresh.header() } });
  t.same(restored.json(), { user: 'reader01' });
  t.equal(new Jar().take(restored).get('portal_at'), 'access-2', 'the new pair set on the reply');
});

t.test('signed out: the same cookies are a visitor\'s, and their tokens are never sent again', async (t) => {
  const homepage = scripted(() => answer(200, { result: 'success' }));
  const { app } = await appWith(homepage);
  t.teardown(() => app.close());
  const jar = new Jar().take(await app.inject({ method: 'POST', url: '/signin' }));
  const copy = jar.header();
  const out = await app.inject({ method: 'POST', url: '/signout', headers: { cookie: copy } });
  t.same(out.json(), { access: 'access-0', refresh: 'refresh-0' }, 'the tokens handed back for the upstream revocation');
  t.same((await app.inject({ method: 'GET', url: '/who', headers: { cookie: copy } })).json(), { user: null });
  await app.inject({ method: 'GET', url: '/point', headers: { cookie: copy } });
  t.equal(homepage.calls.at(-1)?.accessToken, undefined, 'the call went out as a visitor\'s');
});
