/**
 * The portal's sign-in routes and the member session (decisions 0007, 0008), against the reference
 * homepage API on a free port with a clock the tests move.
 */
import t from 'tap';
import { SHARE_MS } from '#server/portal/auth/refresh-flight.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

/** The API's clock, moved by the tests. */
let now = Date.now();
/** The portal's clock runs ahead of real time by this much: past its refresh sharing window at will. */
let portalAhead = 0;
const pastSharing = () => (portalAhead += SHARE_MS + 1);
const api = await startReferenceApi({ clock: () => now, accessTtlS: 60 });
const portal = await buildTestPortal(api.url, { TEST_LOGIN: 'Y', LOGIN_RATE_PER_MINUTE: '1000' }, { now: () => Date.now() + portalAhead });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

async function login(userId: string, password = PASSWORD, keep = false, app = portal.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/login',
    headers: PORTAL_CALL,
    payload: { user_id: userId, user_pass: password, keep },
  });
  return { res, jar: new Jar().take(res) };
}

const cookie = (res: { cookies: { name: string }[] }, name: string) => res.cookies.find((c) => c.name === name) as
  | { name: string; value: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }
  | undefined;

t.test('sign-in answers the spec login response and sets the cookies of docs/decisions/D3-sign-in-session-and-tokens.md', async (t) => {
  const { res } = await login('reader01');
  t.equal(res.statusCode, 200);
  const body = res.json<Record<string, unknown>>();
  t.match(body, { result: 'success', expired: false, userId: 'reader01', username: '김서연', agreeYn: 'Y' });
  t.ok(Array.isArray(body['userAuth']));
  for (const k of ['access_token', 'refresh_token']) t.notOk(k in body, `no ${k} in the answer`);

  const at = cookie(res, 'portal_at');
  const rt = cookie(res, 'portal_rt');
  const session = cookie(res, 'portal_session');
  t.ok(at && rt && session);
  for (const c of [at, rt, session]) {
    t.equal(c?.httpOnly, true, `${c?.name} HttpOnly`);
    t.equal(c?.sameSite, 'Lax', `${c?.name} SameSite=Lax`);
    t.equal(c?.path, '/', `${c?.name} Path=/`);
    t.notOk(c?.secure, `${c?.name} not Secure over plain HTTP`);
  }
  t.equal(at?.maxAge, 60, 'access token cookie lives as long as the token');
  t.equal(rt?.maxAge, undefined, 'without keep, the refresh token is a browser-session cookie');
  const auto = cookie(res, 'autoLogin');
  t.ok(!auto || auto.value === '', 'no autoLogin without keep');
});

t.test('keep signed in: refresh token and autoLogin for 365 days', async (t) => {
  const { res } = await login('reader01', PASSWORD, true);
  t.equal(cookie(res, 'portal_rt')?.maxAge, 365 * 24 * 60 * 60);
  const auto = cookie(res, 'autoLogin');
  t.equal(auto?.value, 'true');
  t.equal(auto?.maxAge, 365 * 24 * 60 * 60);
  t.notOk(auto?.httpOnly, 'autoLogin is readable by the page (docs/product.md §3)');
});

t.test('COOKIE_SECURE=Y: Secure cookies with the __Host- prefix (the scheme itself: scheme.test.ts)', async (t) => {
  const prod = await buildTestPortal(api.url, { NODE_ENV: 'production', COOKIE_SECURE: 'Y', SESSION_SECRET: 'x'.repeat(40) });
  t.teardown(() => prod.close());
  const { res } = await login('reader01', PASSWORD, true, prod.app);
  t.equal(res.statusCode, 200);
  for (const name of ['__Host-portal_at', '__Host-portal_rt', '__Host-portal_session', 'autoLogin']) {
    const c = cookie(res, name);
    t.ok(c, name);
    t.equal(c?.secure, true, `${name} Secure`);
    t.equal(c?.path, '/', `${name} Path=/`);
  }
});

t.test('wrong id and wrong password answer the same', async (t) => {
  const a = await login('nobody-here', PASSWORD);
  const b = await login('reader01', 'wrong-password');
  const c = await login('withdrawn01', PASSWORD);
  t.equal(a.res.statusCode, 401);
  t.equal(b.res.statusCode, 401);
  t.equal(c.res.statusCode, 401);
  t.same(a.res.json(), b.res.json());
  t.same(b.res.json(), c.res.json());
  t.equal(a.res.json<{ msg: string }>().msg, '아이디 또는 비밀번호가 올바르지 않습니다.');
  t.equal(a.res.cookies.length, 0);
});

t.test('an expired member gets expired: true and no session', async (t) => {
  const { res } = await login('expired01');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { result: 'error', expired: true, msg: '회원정보가 만료되었습니다.' });
  t.equal(res.cookies.length, 0);
});

t.test('a member who has not agreed is signed in with agreeYn N', async (t) => {
  const { res } = await login('reader02');
  t.match(res.json(), { result: 'success', agreeYn: 'N' });
});

t.test('input is validated by schema, in Korean', async (t) => {
  for (const payload of [{}, { user_id: 'reader01' }, { user_id: '', user_pass: 'x' }, { user_id: 'a'.repeat(41), user_pass: 'x' }, { user_id: 1, user_pass: 2 }]) {
    const res = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload });
    t.equal(res.statusCode, 400, JSON.stringify(payload));
    t.same(res.json(), { result: 'error', msg: '요청 내용을 다시 확인해 주세요.' });
  }
});

t.test('forged cross-site requests are refused with 403', async (t) => {
  const payload = { user_id: 'reader01', user_pass: PASSWORD };
  const cases: Record<string, Record<string, string>> = {
    'no portal header': { origin: 'http://localhost:80' },
    'another origin': { ...PORTAL_CALL, origin: 'https://evil.example' },
    'cross-site fetch metadata': { ...PORTAL_CALL, 'sec-fetch-site': 'cross-site' },
    'same-site fetch metadata': { ...PORTAL_CALL, 'sec-fetch-site': 'same-site' },
    'opaque origin': { ...PORTAL_CALL, origin: 'null' },
  };
  for (const [name, headers] of Object.entries(cases)) {
    const res = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers, payload });
    t.equal(res.statusCode, 403, `login: ${name}`);
    t.same(res.json(), { result: 'error', msg: '허용되지 않은 요청입니다.' });
  }
  const { jar } = await login('reader01');
  const logout = await portal.app.inject({ method: 'GET', url: '/api/login/logout', headers: { cookie: jar.header(), 'sec-fetch-site': 'cross-site' } });
  t.equal(logout.statusCode, 403, 'logout by a cross-site link or image');
  const write = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/user/info',
    headers: { cookie: jar.header(), origin: 'https://evil.example' },
    payload: { notice_yn: 'N' },
  });
  t.equal(write.statusCode, 403, 'gateway write from another origin');
  const noHeader = await portal.app.inject({ method: 'POST', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() }, payload: { notice_yn: 'N' } });
  t.equal(noHeader.statusCode, 403, 'gateway write without the portal header');
  const refresh = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { cookie: jar.header() } });
  t.equal(refresh.statusCode, 403, 'refresh without the portal header');
});

t.test('the browser can never reach the API\'s sign-in calls through the gateway', async (t) => {
  for (const url of ['/api/v1/homepage/auth/login', '/api/v1/homepage/auth/refresh', '/api/v1/homepage/auth/sso/x']) {
    const res = await portal.app.inject({ method: 'POST', url, headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD } });
    t.equal(res.statusCode, 400, url);
  }
});

t.test('the gateway attaches the member\'s token', async (t) => {
  const anon = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info' });
  t.equal(anon.statusCode, 401);
  const { jar } = await login('reader01');
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 200);
  t.match(res.json(), { result: 'success', user_info: { user_id: 'reader01' } });
});

t.test('an expired access token is refreshed and the call retried, invisibly', async (t) => {
  const { jar } = await login('reader01');
  const before = jar.get('portal_rt');
  now += 61_000; // past the access token's 60 s
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 200);
  jar.take(res);
  t.not(jar.get('portal_rt'), before, 'the refresh token rotated');
  t.ok(jar.get('portal_at'), 'a new access token cookie');
  t.ok(portal.logs.lines.some((l) => (l['auth'] as { event?: string } | undefined)?.event === 'refresh'), 'the refresh is logged');
});

t.test('with no access token cookie left, the portal refreshes before calling', async (t) => {
  const { jar } = await login('reader01');
  jar.delete('portal_at');
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 200);
  t.ok(res.cookies.some((c) => c.name === 'portal_at' && c.value !== ''));
});

t.test('refresh rotation; a spent refresh token presented twice revokes the whole family (decision 0114)', async (t) => {
  const { jar } = await login('reader01');
  const first = jar.get('portal_rt') ?? '';
  const r1 = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(r1.statusCode, 200);
  t.match(r1.json(), { result: 'success', userId: 'reader01', expired: false });
  jar.take(r1);
  const second = jar.get('portal_rt') ?? '';
  t.not(second, first, 'rotated');
  // The member's browser sends the new pair back: the portal holds it for the old token no longer (decision 0142).
  const acknowledged = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(acknowledged.statusCode, 200);
  jar.take(acknowledged);
  t.notOk(jar.get('portal_pending'), 'the pending cookie is cleared once sent back');

  pastSharing(); // past the portal's short sharing window
  now += 3_000; // and past the API's grace window
  const stolen = new Jar();
  stolen.set('portal_rt', first);
  const reuse = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: stolen.header() } });
  t.equal(reuse.statusCode, 401, 'the spent token is refused');
  const member = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(member.statusCode, 200, 'the member stays signed in');
  pastSharing();
  const twice = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: stolen.header() } });
  t.equal(twice.statusCode, 401, 'refused again');
  const victim = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(victim.statusCode, 401, 'and now the family is revoked: the newest token no longer works');
  t.ok(victim.cookies.some((c) => c.name === 'portal_rt' && (c.value === '' || c.maxAge === 0)), 'cookies cleared');
});

t.test('the grace without the ride (decision 0114): a lost answer is given again once; a stale copy 3 s later gets 401', async (t) => {
  const { jar } = await login('reader01');
  const before = new Jar();
  for (const name of ['portal_at', 'portal_rt', 'portal_session']) before.set(name, jar.get(name) ?? '');
  // The browser refreshes, but the answer never reaches it (an aborted response, a second tab).
  jar.delete('portal_at');
  const missed = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(missed.statusCode, 200);
  const newPair = new Jar().take(missed);
  pastSharing(); // past the portal's own sharing window: the API decides
  now += 1_000;
  // Its old cookies, once the old access token is gone, refresh again with the spent token.
  before.delete('portal_at');
  const replay = await portal.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: before.header() } });
  t.equal(replay.statusCode, 200, 'still signed in');
  t.match(replay.body, '김서연', 'the member page');
  t.equal(new Jar().take(replay).get('portal_rt'), newPair.get('portal_rt'), 'the same new pair the browser missed');
  const info = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: newPair.header() } });
  t.equal(info.statusCode, 200, 'the member is not signed out');

  // A copy of the cookies taken before a refresh, replayed 3 s after it: no ride on the member's session.
  const member = (await login('reader01')).jar;
  const copy = new Jar();
  copy.set('portal_rt', member.get('portal_rt') ?? '');
  member.delete('portal_at');
  const refreshed = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: member.header() } });
  member.take(refreshed);
  // The member's browser uses its new pair once: from then on the old token reaches the API (decision 0142).
  member.take(await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: member.header() } }));
  pastSharing();
  now += 3_000;
  const stale = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: copy.header() } });
  t.equal(stale.statusCode, 401, 'the stale copy gets 401');
  t.notOk(stale.cookies.some((c) => c.name === 'portal_at' && c.value), 'and no token');
  const still = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: member.header() } });
  t.equal(still.statusCode, 200, 'the member stays signed in');
  pastSharing();
  const again = await portal.app.inject({ method: 'GET', url: '/api/token/refresh/token', headers: { ...PORTAL_CALL, cookie: copy.header() } });
  t.equal(again.statusCode, 401, 'the copy tries again: 401');
  const after = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: member.header() } });
  t.equal(after.statusCode, 401, 'a second repeat revoked the sign-in');
});

t.test('concurrent refreshes of one browser share one rotation', async (t) => {
  const { jar } = await login('reader01');
  jar.delete('portal_at');
  const results = await Promise.all(
    Array.from({ length: 5 }, () => portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } })),
  );
  t.same(results.map((r) => r.statusCode), [200, 200, 200, 200, 200]);
  const tokens = new Set(results.map((r) => r.cookies.find((c) => c.name === 'portal_rt')?.value));
  t.equal(tokens.size, 1, 'all got the same new refresh token');
});

t.test('upstream 401 clears the auth cookies and answers 401', async (t) => {
  const { jar } = await login('reader01');
  const logout = await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(logout.statusCode, 200);
  // The old cookies, replayed after the API revoked them:
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { result: 'error', msg: '로그인이 만료되었습니다. 다시 로그인해 주세요.' });
  for (const name of ['portal_at', 'portal_rt', 'portal_session']) {
    t.ok(res.cookies.some((c) => c.name === name && (c.value === '' || c.maxAge === 0)), `${name} cleared`);
  }
});

t.test('logout: revokes, clears, answers the checked logout_url; GET navigations are redirected', async (t) => {
  const { jar } = await login('reader01', PASSWORD, true);
  const res = await portal.app.inject({ method: 'GET', url: '/api/login/logout', headers: { cookie: jar.header(), accept: 'text/html', 'sec-fetch-site': 'same-origin' } });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/main/homemain');
  t.ok(res.cookies.some((c) => c.name === 'autoLogin' && (c.value === '' || c.maxAge === 0)), 'autoLogin cleared');
  const again = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(again.statusCode, 401, 'the refresh token was revoked upstream');
});

t.test('after 로그아웃, replayed cookies render a visitor and the token routes answer 401 (decision 0115)', async (t) => {
  const { jar } = await login('reader01', PASSWORD, true);
  const signedIn = await portal.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: jar.header() } });
  t.match(signedIn.body, '김서연', 'signed in, my page shows the member');
  const out = await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(out.statusCode, 200);
  // The same cookies, replayed as they were before 로그아웃 (the access token cookie included).
  for (const url of ['/mypage/mypage', '/main/homemain']) {
    const page = await portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: jar.header() } });
    t.equal(page.statusCode, 200, url);
    for (const secret of ['김서연', 'reader01', '2026000001']) t.notOk(page.body.includes(secret), `${url}: no ${secret}`);
    t.ok(page.cookies.some((c) => c.name === 'portal_session' && (c.value === '' || c.maxAge === 0)), `${url}: the session cookie is cleared`);
  }
  const token = await portal.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(token.statusCode, 401, 'the old access token is not handed back');
  t.notOk(token.body.includes(jar.get('portal_at') ?? 'none'));
  const refresh = await portal.app.inject({ method: 'GET', url: '/api/token/refresh/token', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(refresh.statusCode, 401);
  // A new sign-in of the same member is a new session, untouched by the old one's sign-out.
  const again = await login('reader01');
  const page = await portal.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: again.jar.header() } });
  t.match(page.body, '김서연', 'a new sign-in is served');
});

t.test('token routes answer only same-origin calls with the portal header', async (t) => {
  const { jar } = await login('reader01');
  const refused = await portal.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { cookie: jar.header() } });
  t.equal(refused.statusCode, 403);
  const ok = await portal.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(ok.statusCode, 200);
  t.equal(ok.json<{ access_token: string }>().access_token, jar.get('portal_at'));
  const refreshed = await portal.app.inject({ method: 'GET', url: '/api/token/refresh/token', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(refreshed.statusCode, 200);
  t.not(refreshed.json<{ access_token: string }>().access_token, jar.get('portal_at'));
  const visitor = await portal.app.inject({ method: 'GET', url: '/api/token/access/token', headers: PORTAL_CALL });
  t.equal(visitor.statusCode, 401);
});

t.test('pages: the greeting is in the server HTML; member-only pages are decided before the first byte', async (t) => {
  const visitor = await portal.app.inject({ method: 'GET', url: '/activity/activity', headers: { accept: 'text/html' } });
  t.equal(visitor.statusCode, 200);
  t.match(visitor.body, /로그인이 필요한 서비스입니다\./, 'the login gate');
  t.notMatch(visitor.body, /나의 독서포인트/, 'no member content');
  t.match(visitor.body, /로그인해 주세요\./);

  const { jar } = await login('reader01');
  const member = await portal.app.inject({ method: 'GET', url: '/activity/activity', headers: { accept: 'text/html', cookie: jar.header() } });
  t.match(member.body, /김서연님, 반갑습니다\./, 'greeting rendered on the server');
  t.notMatch(member.body, /로그인이 필요한 서비스입니다\./);
  t.match(member.body, /"user":\{"user_id":"reader01"/, 'the browser hydrates with the same session');

  const notAgreed = (await login('reader02')).jar;
  const gated = await portal.app.inject({ method: 'GET', url: '/activity/activity', headers: { accept: 'text/html', cookie: notAgreed.header() } });
  t.match(gated.body, /약관 동의가 필요합니다\./, 'terms not agreed: the agreement gate');
  const agree = await portal.app.inject({ method: 'GET', url: '/agree/agree', headers: { accept: 'text/html', cookie: notAgreed.header() } });
  t.match(agree.body, /동의하고 계속하기/, 'the agreement page is open to a signed-in member');
});

t.test('a kept session comes back on a page load with only the refresh cookie, cookies set before the first byte', async (t) => {
  const { jar } = await login('reader01', PASSWORD, true);
  const revisit = new Jar();
  revisit.set('portal_rt', jar.get('portal_rt') ?? '');
  revisit.set('autoLogin', 'true');
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html', cookie: revisit.header() } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /김서연님, 반갑습니다\./);
  t.ok(res.cookies.some((c) => c.name === 'portal_at' && c.value), 'a new access token cookie');
  t.equal(res.cookies.find((c) => c.name === 'portal_rt')?.maxAge, 365 * 24 * 60 * 60, 'still kept');
});

t.test('the login screen sends signed-in members home', async (t) => {
  const { jar } = await login('reader01');
  const res = await portal.app.inject({ method: 'GET', url: '/login/login', headers: { accept: 'text/html', cookie: jar.header() } });
  t.equal(res.statusCode, 302);
  t.equal(res.headers.location, '/main/homemain');
});

t.test('a forged session cookie is not believed', async (t) => {
  const forged = Buffer.from(JSON.stringify({ user_id: 'admin01', user_name: '해커', user_no: '1', user_key: 'k', user_auth: ['ROLE_ADMIN'], isHomeLoggedIn: true, isHomeAgreeYn: 'Y', isHomeNoticeYn: 'Y' })).toString('base64url');
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html', cookie: `portal_session=${forged}.bad; portal_at=x` } });
  t.notMatch(res.body, /해커님/);
  t.match(res.body, /로그인해 주세요\./);
});

t.test('test single sign-on signs the configured test member in', async (t) => {
  const res = await portal.app.inject({ method: 'GET', url: '/sso/sso', headers: { accept: 'text/html' } });
  t.equal(res.statusCode, 302);
  t.equal(res.headers.location, '/main/homemain');
  const jar = new Jar().take(res);
  const home = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html', cookie: jar.header() } });
  t.match(home.body, /김서연님, 반갑습니다\./);
});

t.test('sign-in rate limits: per IP per minute, and failures per account', async (t) => {
  const limited = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '5', LOGIN_FAILURES_PER_HOUR: '3' });
  t.teardown(() => limited.close());
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await login('reader01', 'wrong', false, limited.app)).res.statusCode);
  const locked = await login('reader01', PASSWORD, false, limited.app);
  t.same(statuses, [401, 401, 401]);
  t.equal(locked.res.statusCode, 429, 'the account is locked after 3 failures, even with the right password');
  t.ok(Number(locked.res.headers['retry-after']) > 0, 'Retry-After');
  t.match(locked.res.json(), { result: 'error', msg: /잠시 후 다시 시도해 주세요/ });
  const other = await login('reader02', PASSWORD, false, limited.app);
  t.equal(other.res.statusCode, 200, 'other accounts are not affected');
  const sixth = await login('reader02', PASSWORD, false, limited.app);
  t.equal(sixth.res.statusCode, 429, 'the 6th attempt from one IP within a minute');
  t.ok(Number(sixth.res.headers['retry-after']) > 0, 'Retry-After');
  t.equal(sixth.res.json<{ msg: string }>().msg, '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.');
});

t.test('every sign-in attempt is logged, and no secret ever reaches the logs', async (t) => {
  const { res, jar } = await login('reader01', PASSWORD, true);
  t.equal(res.statusCode, 200);
  await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header() } });
  await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  const attempts = portal.logs.lines.filter((l) => (l['auth'] as { event?: string } | undefined)?.event === 'login');
  t.ok(attempts.length >= 5, 'sign-in attempts are logged');
  t.ok(attempts.some((l) => (l['auth'] as { outcome?: string }).outcome === 'invalid'));
  const text = portal.logs.text();
  for (const secret of [PASSWORD, jar.get('portal_at'), jar.get('portal_rt'), jar.get('portal_session')]) {
    if (secret) t.notOk(text.includes(secret), 'a secret is absent from the logs');
  }
  t.notOk(/portal_rt=|portal_at=/.test(text), 'no cookie header values');
});
