/**
 * A write kept on the device names its member (x-portal-member, decision 0145): the gateway
 * sends it only for that member's session. Another member's session gets 409 member_changed
 * and nothing reaches the API; no session gets 401 (the device keeps the write for its member).
 */
import t from 'tap';
import { MEMBER_CHANGED } from '#shared/http-writes.ts';
import { echo, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

async function signedIn(userId: string): Promise<string> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: userId, user_pass: MEMBER_PASSWORD, keep: false } });
  t.equal(res.statusCode, 200, `${userId} signed in`);
  return new Jar().take(res).header();
}

const goal = (cookie: string | undefined, forMember: string) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/user/goal',
    headers: { ...PORTAL_CALL, ...(cookie ? { cookie } : {}), 'idempotency-key': `"kept-${forMember}-${Math.random()}"`, 'x-portal-member': forMember },
    payload: { goal_books: 24 },
  });

t.test('sent for its own member', async (t) => {
  const res = await goal(await signedIn('reader01'), 'reader01');
  t.equal(res.statusCode, 200);
  t.equal(res.json<{ result: string }>().result, 'success');
});

t.test('refused for another member\'s session, and for none', async (t) => {
  const other = await goal(await signedIn('reader02'), 'reader01');
  t.equal(other.statusCode, 409);
  t.equal(other.json<{ code: string }>().code, MEMBER_CHANGED);
  const none = await goal(undefined, 'reader01');
  t.equal(none.statusCode, 401);
});

t.test('nothing reaches the API for the wrong member', async (t) => {
  const upstream = await startFakeUpstream();
  upstream.set(echo);
  const fake = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await fake.close();
    await upstream.close();
  });
  const res = await fake.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/user/goal',
    headers: { ...PORTAL_CALL, 'x-portal-member': 'reader01' },
    payload: { goal_books: 24 },
  });
  t.equal(res.statusCode, 401, 'no session: not sent');
  t.equal(upstream.requests.length, 0);
});
