/**
 * AuthCookies (server/portal/auth/cookies.ts): the signed session cookie. A cookie that verified
 * once is remembered by its exact text, so these check that the memory changes nothing a
 * request can see: a forged or altered cookie is refused even after the genuine one was read,
 * and a remembered session still ends at its `exp`.
 */
import t from 'tap';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { AuthCookies } from '#server/portal/auth/cookies.ts';
import type { SessionUser } from '#shared/session.ts';

const user: SessionUser = {
  user_id: 'reader01',
  user_name: '김서연',
  user_no: '1',
  user_auth: ['ROLE_USER'],
  user_key: 'K',
  isHomeLoggedIn: true,
  isHomeAgreeYn: 'Y',
  isHomeNoticeYn: 'N',
};
const tokens = { access_token: 'access-1', access_expires_in: 1800, refresh_token: 'refresh-1', refresh_expires_in: 86400 };

async function app(exp: number) {
  const app = Fastify();
  await app.register(cookie, { secret: 'a-test-secret-of-at-least-32-characters' });
  const cookies = new AuthCookies('http');
  app.post('/sign-in', async (_req, reply) => {
    cookies.set(reply, tokens, { user, sid: 'sid-1', exp }, false);
    return {};
  });
  app.get('/session', async (req) => {
    const s = cookies.readSession(req);
    return { user: s?.user.user_id ?? null, sid: s?.sid ?? null };
  });
  t.teardown(() => app.close());
  const signIn = await app.inject({ method: 'POST', url: '/sign-in' });
  const set = signIn.cookies.find((c) => c.name === 'portal_session');
  if (!set) throw new Error('no session cookie');
  const read = async (value: string) => (await app.inject({ url: '/session', cookies: { portal_session: value } })).json<{ user: string | null; sid: string | null }>();
  return { session: set.value, read };
}

t.test('a signed session reads the same every time; an altered one never does, before or after', async (t) => {
  const { session, read } = await app(Date.now() + 60_000);
  const dot = session.lastIndexOf('.');
  const flip = (c: string) => (c === 'A' ? 'B' : 'A');
  const alteredSignature = `${session.slice(0, -1)}${flip(session.at(-1) ?? '')}`;
  const alteredValue = `${flip(session[0] ?? '')}${session.slice(1)}`;
  t.same(await read(alteredSignature), { user: null, sid: null }, 'an altered signature, before the genuine cookie was read');
  t.same(await read(session), { user: 'reader01', sid: 'sid-1' });
  t.same(await read(session), { user: 'reader01', sid: 'sid-1' }, 'read again (remembered)');
  t.same(await read(alteredSignature), { user: null, sid: null }, 'an altered signature, after');
  t.same(await read(alteredValue), { user: null, sid: null }, 'an altered value with the genuine signature');
  t.same(await read(session.slice(0, dot)), { user: null, sid: null }, 'no signature');
});

t.test('a remembered session still ends at its exp', async (t) => {
  const exp = Date.now() + 60_000;
  const { session, read } = await app(exp);
  t.same(await read(session), { user: 'reader01', sid: 'sid-1' });
  const realNow = Date.now;
  Date.now = () => exp + 1;
  t.teardown(() => {
    Date.now = realNow;
  });
  t.same(await read(session), { user: null, sid: null }, 'past its end: none, though it verified before');
});
