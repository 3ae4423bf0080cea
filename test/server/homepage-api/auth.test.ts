/** The auth contract of the reference homepage API (decision 0101). */
import t from 'tap';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, P, call, heardByApi, login, testApi } from './helpers.ts';
import { captureLogs } from '#test/fixtures/logs.ts';
import { settingsFromEnv } from '#server/homepage-api/settings.ts';
import { SSO_TEST } from '#server/homepage-api/seed/members.ts';

const SESSION_ENDED = '로그인이 만료되었습니다. 다시 로그인해 주세요.';
const INVALID = '아이디 또는 비밀번호가 올바르지 않습니다.';

t.test('login: success answers the session fields and both tokens', async (t) => {
  const { app, close } = await testApi({ settings: { accessTtlS: 1800, refreshTtlS: 86400, refreshKeepTtlS: 31536000 } });
  t.teardown(close);
  const res = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'reader01', user_pass: PASSWORD } });
  t.equal(res.statusCode, 200);
  const b = res.json();
  t.match(b, {
    result: 'success', expired: false, userId: 'reader01', username: '김서연', userNo: '2026000001',
    userAuth: ['ROLE_USER'], userKey: 'UK7F3A9C21D4E8', agreeYn: 'Y', noticeYn: 'Y',
    access_expires_in: 1800, refresh_expires_in: 86400,
  });
  t.match(b.access_token, /^[A-Za-z0-9_-]{43}$/);
  t.match(b.refresh_token, /^[A-Za-z0-9_-]{43}$/);
  const kept = await login(app, 'reader01', true);
  t.equal((kept as unknown as { refresh_expires_in: number }).refresh_expires_in, 31536000, 'keep → 365 days');

  // Only SHA-256 hashes are stored.
  const sha = createHash('sha256').update(b.access_token).digest();
  t.ok(await app.db.prepare('SELECT 1 FROM access_tokens WHERE token_hash = ?').get(sha), 'access token stored as its hash');
  const dump = JSON.stringify(await app.db.prepare({
    sqlite: 'SELECT hex(token_hash) AS h FROM access_tokens UNION ALL SELECT hex(token_hash) FROM refresh_tokens',
    postgres: "SELECT upper(encode(token_hash, 'hex')) AS h FROM access_tokens UNION ALL SELECT upper(encode(token_hash, 'hex')) FROM refresh_tokens",
  }).all());
  t.notOk(dump.includes(Buffer.from(b.access_token).toString('hex').toUpperCase()), 'no plain token stored');
});

t.test('login: unknown id, wrong password and withdrawn member look the same', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const attempts = [
    { user_id: 'nobody-here', user_pass: PASSWORD },
    { user_id: 'reader01', user_pass: 'wrong-password' },
    { user_id: 'withdrawn01', user_pass: PASSWORD },
  ];
  for (const payload of attempts) {
    const res = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload });
    t.equal(res.statusCode, 401, payload.user_id);
    t.same(res.json(), { result: 'error', msg: INVALID });
  }
  // Every refusal costs one scrypt of the same cost (the route checks the password before
  // anything else; an unknown id is checked against a dummy hash of the same parameters):
  // the known members' hashes use the parameters the dummy uses. Timings are not compared
  // here (a loaded machine makes them noise); the code path is the guarantee.
  const hashes = await app.db.prepare("SELECT user_id, password_hash FROM members WHERE user_id IN ('reader01', 'withdrawn01')").all() as { user_id: string; password_hash: string }[];
  t.equal(hashes.length, 2);
  for (const h of hashes) t.match(h.password_hash, /^scrypt\$16384\$8\$1\$/, `${h.user_id}: the dummy's scrypt cost`);
});

t.test('login: expired and dormant members, only after the password checked', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const expired = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'expired01', user_pass: PASSWORD } });
  t.equal(expired.statusCode, 200);
  t.same(expired.json(), { result: 'error', expired: true, msg: '회원정보가 만료되었습니다.' });
  const expiredWrong = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'expired01', user_pass: 'nope' } });
  t.equal(expiredWrong.statusCode, 401, 'wrong password of an expired member is just wrong');
  const dormant = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'dormant01', user_pass: PASSWORD } });
  t.equal(dormant.statusCode, 200);
  t.match(dormant.json(), { result: 'error', expired: false, msg: /휴면/ });
  const dormantWrong = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'dormant01', user_pass: 'nope' } });
  t.equal(dormantWrong.statusCode, 401);
});

t.test('login: input validated with Korean messages', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const cases: [unknown, string][] = [
    [{ user_pass: 'x' }, '아이디를 입력해 주세요.'],
    [{ user_id: 'reader01' }, '비밀번호를 입력해 주세요.'],
    [{ user_id: '', user_pass: 'x' }, '아이디를 입력해 주세요.'],
    [{ user_id: 'a'.repeat(41), user_pass: 'x' }, '아이디는 40자 이내로 입력해 주세요.'],
    [{ user_id: '5', user_pass: 'x', keep: 'maybe' }, '로그인 상태 유지를 다시 확인해 주세요.'],
    // A JSON value of another type is refused, never coerced (decision 0149).
    [{ user_id: 5, user_pass: 'x' }, '아이디를 다시 확인해 주세요.'],
  ];
  for (const [payload, msg] of cases) {
    const res = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: payload as object });
    t.equal(res.statusCode, 400, JSON.stringify(payload));
    t.same(res.json(), { result: 'error', msg });
  }
  const notJson = await app.inject({ method: 'POST', url: `${P}/auth/login`, headers: { 'content-type': 'application/json' }, payload: '{' });
  t.equal(notJson.statusCode, 400);
  t.equal(notJson.json().result, 'error');
});

const refresh = (app: FastifyInstance, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${P}/auth/refresh`, payload: { refresh_token: token }, headers });
const securityEvents = (lines: Record<string, unknown>[]) =>
  lines.flatMap((l) => (l['security'] ? [l['security'] as { event: string; client: { address: string; userAgent: string | null } }] : []));
const counted = async (app: FastifyInstance, event: string) => {
  const text = await app.apiMetrics.registry.metrics();
  return Number(new RegExp(`^homepage_api_security_events_total\\{event="${event}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
};

t.test('refresh: rotation, expiry, unknown tokens', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 60, refreshTtlS: 600, refreshKeepTtlS: 6000 } });
  t.teardown(close);
  const first = await login(app);
  const r1 = await refresh(app, first.refresh_token);
  t.equal(r1.statusCode, 200);
  const b1 = r1.json();
  t.match(b1, { result: 'success', expired: false, userId: 'reader01', agreeYn: 'Y', access_expires_in: 60, refresh_expires_in: 600 });
  t.not(b1.refresh_token, first.refresh_token, 'a new refresh token');
  t.equal((await call(app, b1.access_token, 'GET', '/user/info')).statusCode, 200, 'new access token works');

  // Expiry of a refresh token.
  const second = await login(app);
  clock.advance(601);
  const late = await refresh(app, second.refresh_token);
  t.equal(late.statusCode, 401);
  // Unknown token.
  const unknown = await refresh(app, 'x'.repeat(43));
  t.same([unknown.statusCode, unknown.json()], [401, { result: 'error', msg: SESSION_ENDED }]);
});

t.test('a spent refresh token comes back once (decision 0114): within the grace the same pair, a second time revokes', async (t) => {
  const logs = captureLogs();
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 60 }, logger: { level: 'info', stream: logs.stream } });
  t.teardown(close);
  const first = await login(app);
  const member = (await refresh(app, first.refresh_token)).json();
  clock.ms += 1_500; // the answer was lost; the browser asks again 1.5 s later
  const browser = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (stale tab)' };
  const again = await refresh(app, first.refresh_token, browser);
  t.equal(again.statusCode, 200, 'within the grace');
  t.same([again.json().access_token, again.json().refresh_token], [member.access_token, member.refresh_token], 'the same new pair again');
  t.equal(again.json().access_expires_in, 58, 'its lifetime counted from when it was issued');
  t.equal((await call(app, member.access_token, 'GET', '/user/info')).statusCode, 200, 'nothing revoked');
  t.equal(await counted(app, 'refresh_repeat'), 1, 'counted');
  t.match(securityEvents(logs.lines), [{ event: 'refresh_repeat', memberId: 1, client: { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (stale tab)', via: '127.0.0.1' } }], 'logged with the address and user agent');

  const twice = await refresh(app, first.refresh_token, browser);
  t.equal(twice.statusCode, 401, 'a second repeat is refused');
  t.equal((await call(app, member.access_token, 'GET', '/user/info')).statusCode, 401, 'and revokes the sign-in');
  t.equal((await refresh(app, member.refresh_token)).statusCode, 401, 'the newest refresh token too');
  t.equal(await counted(app, 'refresh_reuse_revoked'), 1);
  t.match(securityEvents(logs.lines)[1], { event: 'refresh_reuse_revoked', client: { address: '203.0.113.7' } });
  for (const secret of [first.refresh_token, member.refresh_token, member.access_token]) t.notOk(logs.text().includes(secret), 'no token in the logs');
});

t.test('a stale copy 3 s after the member\'s refresh gets 401 and the member stays signed in; a second try revokes', async (t) => {
  const logs = captureLogs();
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 60 }, logger: { level: 'info', stream: logs.stream } });
  t.teardown(close);
  const copied = await login(app); // the cookies are copied here
  const member = (await refresh(app, copied.refresh_token)).json();
  clock.ms += 3_000;
  const stale = await refresh(app, copied.refresh_token, { 'x-forwarded-for': '198.51.100.9', 'user-agent': 'curl/8' });
  t.same([stale.statusCode, stale.json()], [401, { result: 'error', msg: SESSION_ENDED }], 'the stale copy gets nothing');
  t.equal((await call(app, member.access_token, 'GET', '/user/info')).statusCode, 200, 'the member stays signed in');
  const next = await refresh(app, member.refresh_token);
  t.equal(next.statusCode, 200, 'and keeps refreshing');
  t.equal(await counted(app, 'refresh_reuse'), 1);
  t.match(securityEvents(logs.lines), [{ event: 'refresh_reuse', client: { address: '198.51.100.9', userAgent: 'curl/8' } }]);

  const again = await refresh(app, copied.refresh_token);
  t.equal(again.statusCode, 401, 'the copy tries once more');
  t.equal((await call(app, next.json().access_token, 'GET', '/user/info')).statusCode, 401, 'a second try revokes the sign-in');
  t.equal(await counted(app, 'refresh_reuse_revoked'), 1);
  t.notOk(logs.text().includes(copied.refresh_token), 'no token in the logs');
});

t.test('a sign-in has an absolute end, refreshes or not (decision 0114)', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 600, refreshTtlS: 3600, refreshKeepTtlS: 86_400, signInMaxAgeS: 5_000, signInMaxAgeKeepS: 20_000 } });
  t.teardown(close);
  for (const [keep, maxAge] of [[false, 5_000], [true, 20_000]] as const) {
    let tokens = (await login(app, 'reader01', keep)) as unknown as { refresh_token: string; access_token: string; refresh_expires_in: number };
    const began = clock.ms;
    let refreshes = 0;
    for (;;) {
      clock.advance(500);
      const r = await refresh(app, tokens.refresh_token);
      if (r.statusCode !== 200) {
        t.equal(r.statusCode, 401, `keep=${keep}: refused at the end`);
        break;
      }
      tokens = r.json();
      refreshes += 1;
      const left = maxAge - (clock.ms - began) / 1000;
      t.ok(tokens.refresh_expires_in <= left, `keep=${keep}: the refresh token does not outlive the sign-in`);
    }
    t.equal((clock.ms - began) / 1000, maxAge, `keep=${keep}: refreshed ${refreshes} times, ended at ${maxAge} s exactly`);
  }
});

t.test('protected calls: missing, unknown, revoked → 401; expired → 403 token_expired', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 60 } });
  t.teardown(close);
  const tokens = await login(app);
  const none = await call(app, undefined, 'GET', '/user/info');
  t.same([none.statusCode, none.json()], [401, { result: 'error', msg: SESSION_ENDED }]);
  const unknown = await call(app, 'y'.repeat(43), 'GET', '/user/info');
  t.equal(unknown.statusCode, 401);
  const malformed = await app.inject({ url: `${P}/user/info`, headers: { authorization: 'Basic abc' } });
  t.equal(malformed.statusCode, 401);
  clock.advance(61);
  const expired = await call(app, tokens.access_token, 'GET', '/user/info');
  t.equal(expired.statusCode, 403);
  t.match(expired.json(), { result: 'error', code: 'token_expired', msg: /.+/ });
  // Refresh and retry once, as the portal does (docs/product.md §8).
  const r = await app.inject({ method: 'POST', url: `${P}/auth/refresh`, payload: { refresh_token: tokens.refresh_token } });
  t.equal((await call(app, r.json().access_token, 'GET', '/user/info')).statusCode, 200);
});

// GET /user/point reads its summary with the token check, in one statement (guard.ts TokenJoin,
// decision 0137): it refuses exactly as a route that checks the token alone.
t.test('a read joined to the token check refuses as the token check alone does', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 60 } });
  t.teardown(close);
  const routes = ['/user/info', '/user/point'];
  const statuses = async (token: string | undefined) => Promise.all(routes.map(async (r) => (await call(app, token, 'GET', r)).statusCode));
  const a = await login(app);
  t.same(await statuses(a.access_token), [200, 200], 'a valid token');
  const point = (await call(app, a.access_token, 'GET', '/user/point')).json();
  t.match(point, { result: 'success', point: { balance: Number, monthly_cap: Number } }, 'the summary read with the token');
  t.same(await statuses(undefined), [401, 401], 'no token');
  t.same(await statuses('y'.repeat(43)), [401, 401], 'an unknown token');
  await app.db.prepare("UPDATE members SET status = 'withdrawn' WHERE user_id = 'reader01'").run();
  await heardByApi(app);
  t.same(await statuses(a.access_token), [401, 401], 'a withdrawn member');
  await app.db.prepare("UPDATE members SET status = 'active' WHERE user_id = 'reader01'").run();
  await heardByApi(app);
  t.same(await statuses(a.access_token), [200, 200], 'active again');
  clock.advance(61);
  const expired = await call(app, a.access_token, 'GET', '/user/point');
  t.same([expired.statusCode, expired.json().code], [403, 'token_expired'], 'an expired token: 403 token_expired');
  const b = await login(app);
  await app.inject({ method: 'POST', url: `${P}/auth/logout`, payload: { refresh_token: b.refresh_token } });
  t.same(await statuses(b.access_token), [401, 401], 'a signed-out (revoked) token');
});

t.test('logout: POST /auth/logout and GET /common/token/logout revoke the family', async (t) => {
  const { app, close } = await testApi({ settings: { logoutUrl: '/main/homemain' } });
  t.teardown(close);
  const a = await login(app);
  const out = await app.inject({ method: 'POST', url: `${P}/auth/logout`, payload: { refresh_token: a.refresh_token } });
  t.same([out.statusCode, out.json()], [200, { result: 'success' }]);
  t.equal((await call(app, a.access_token, 'GET', '/user/info')).statusCode, 401);
  const again = await app.inject({ method: 'POST', url: `${P}/auth/logout`, payload: { refresh_token: 'unknown-token-value' } });
  t.same([again.statusCode, again.json()], [200, { result: 'success' }], 'always success');

  const b = await login(app);
  const tl = await call(app, b.access_token, 'GET', '/common/token/logout');
  t.same([tl.statusCode, tl.json()], [200, { result: 'success', logout_url: '/main/homemain' }]);
  t.equal((await call(app, b.access_token, 'GET', '/user/info')).statusCode, 401);
  const r = await app.inject({ method: 'POST', url: `${P}/auth/refresh`, payload: { refresh_token: b.refresh_token } });
  t.equal(r.statusCode, 401, 'refresh token of the family revoked too');
});

t.test('joincheck', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const a = await login(app);
  t.same((await call(app, a.access_token, 'GET', '/common/joincheck/reader01')).json(), { result: 'success' });
  const other = await call(app, a.access_token, 'GET', '/common/joincheck/reader02');
  t.match(other.json(), { result: 'error', msg: /일치하지 않습니다/ });
  await app.db.prepare("UPDATE members SET valid_until = '2026-11-20' WHERE user_id = 'reader01'").run();
  await heardByApi(app);
  t.match((await call(app, a.access_token, 'GET', '/common/joincheck/reader01')).json(), { result: 'error', msg: /만료/ });
  await app.db.prepare("UPDATE members SET valid_until = '2030-12-31', status = 'dormant' WHERE user_id = 'reader01'").run();
  await heardByApi(app);
  t.match((await call(app, a.access_token, 'GET', '/common/joincheck/reader01')).json(), { result: 'error', msg: /휴면/ });
  await app.db.prepare("UPDATE members SET status = 'withdrawn' WHERE user_id = 'reader01'").run();
  await heardByApi(app);
  t.equal((await call(app, a.access_token, 'GET', '/common/joincheck/reader01')).statusCode, 401, 'withdrawn: session ended');
  t.equal((await call(app, undefined, 'GET', '/common/joincheck/reader01')).statusCode, 401);
});

t.test('code lookup: 60/2 is the login redirect URL', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  t.same((await call(app, undefined, 'GET', '/code/60/2')).json(), { result: 'success', code_value: '/login/login', code_name: '로그인 이동 주소' });
  const unknown = await call(app, undefined, 'GET', '/code/99/99');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { result: 'error', msg: /코드/ });
  const other = await testApi({ settings: { loginRedirectUrl: '/login/sso-gate' } });
  t.teardown(other.close);
  t.equal((await call(other.app, undefined, 'GET', '/code/60/2')).json().code_value, '/login/sso-gate');
});

t.test('SSO token check', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const ok = await call(app, undefined, 'GET', `/auth/sso/${SSO_TEST.token}?userid=${SSO_TEST.userId}&key=${SSO_TEST.key}`);
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { result: 'success', code_value: 'reader01', userId: 'reader01', expired: false, access_token: /.+/ });
  t.equal((await call(app, ok.json().access_token, 'GET', '/user/info')).statusCode, 200, 'its tokens sign the member in');
  for (const q of [`userid=reader02&key=${SSO_TEST.key}`, `userid=reader01&key=WRONG`]) {
    const bad = await call(app, undefined, 'GET', `/auth/sso/${SSO_TEST.token}?${q}`);
    t.equal(bad.statusCode, 401, q);
    t.equal(bad.json().result, 'error');
  }
  t.equal((await call(app, undefined, 'GET', `/auth/sso/not-a-token?userid=reader01&key=${SSO_TEST.key}`)).statusCode, 401);
  t.equal((await call(app, undefined, 'GET', `/auth/sso/${SSO_TEST.token}`)).statusCode, 400, 'userid and key required');
});

t.test('user info: read, agree, notice consent, profile changes need the password', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const a = await login(app, 'reader02');
  const info = (await call(app, a.access_token, 'GET', '/user/info')).json();
  t.match(info.user_info, { user_id: 'reader02', agree_yn: 'N', agree_date: null, status: 'active', region_name: /^충청북도 충주시/ });

  const refuse = await call(app, a.access_token, 'POST', '/user/info', { agree_yn: 'N' });
  t.same([refuse.statusCode, refuse.json()], [400, { result: 'error', msg: '필수 약관에 동의해 주세요.' }]);
  const empty = await call(app, a.access_token, 'POST', '/user/info', {});
  t.equal(empty.statusCode, 400);

  const agreed = await call(app, a.access_token, 'POST', '/user/info', { agree_yn: 'Y', notice_yn: 'Y' });
  t.equal(agreed.statusCode, 200);
  t.match(agreed.json().user_info, { agree_yn: 'Y', agree_date: '2026-11-21T10:00:00+09:00', notice_yn: 'Y', notice_date: '2026-11-21T10:00:00+09:00' });
  const relog = await login(app, 'reader02');
  t.equal((relog as unknown as { agreeYn: string }).agreeYn, 'Y', 'login answer reflects the agreement');

  const noPass = await call(app, a.access_token, 'POST', '/user/info', { phone: '010-1111-2222' });
  t.same([noPass.statusCode, noPass.json().msg], [400, '회원정보를 변경하려면 현재 비밀번호를 입력해 주세요.']);
  const wrongPass = await call(app, a.access_token, 'POST', '/user/info', { phone: '010-1111-2222', current_password: 'nope' });
  t.same([wrongPass.statusCode, wrongPass.json().msg], [400, '현재 비밀번호가 올바르지 않습니다.']);
  t.equal((await call(app, a.access_token, 'GET', '/user/info')).statusCode, 200, 'a wrong current password does not sign out');
  const badPhone = await call(app, a.access_token, 'POST', '/user/info', { phone: '12345', current_password: PASSWORD });
  t.equal(badPhone.statusCode, 400);
  const badRegion = await call(app, a.access_token, 'POST', '/user/info', {
    province_code: '43', city_code: '43130', town_code: '43150001', current_password: PASSWORD,
  });
  t.same([badRegion.statusCode, badRegion.json().msg], [400, '거주 지역을 다시 선택해 주세요.']);
  const changed = await call(app, a.access_token, 'POST', '/user/info', {
    phone: '01011112222', email: 'junho@example.kr', province_code: '43', city_code: '43113', town_code: '43113009',
    current_password: PASSWORD,
  });
  t.equal(changed.statusCode, 200);
  t.match(changed.json().user_info, { phone: '010-1111-2222', email: 'junho@example.kr', region_name: '충청북도 청주시 흥덕구 오송읍' });
  const badEmail = await call(app, a.access_token, 'POST', '/user/info', { email: 'not-an-email', current_password: PASSWORD });
  t.same([badEmail.statusCode, badEmail.json().msg], [400, '이메일을 다시 확인해 주세요.']);
});

t.test('settings from the environment', async (t) => {
  const s = settingsFromEnv({ ACCESS_TOKEN_TTL_S: '5', REFRESH_TOKEN_TTL_S: '10', REFRESH_TOKEN_TTL_KEEP_S: '20', LOGOUT_URL: '/bye' });
  t.match(s, { accessTtlS: 5, refreshTtlS: 10, refreshKeepTtlS: 20, logoutUrl: '/bye' });
  t.throws(() => settingsFromEnv({ ACCESS_TOKEN_TTL_S: 'soon' }));
  t.throws(() => settingsFromEnv({ LOGOUT_URL: 'https://evil.example' }));
  t.match(settingsFromEnv({}), {
    accessTtlS: 1800, refreshTtlS: 86400, refreshKeepTtlS: 31536000, refreshGraceS: 2, signInMaxAgeS: 86400, signInMaxAgeKeepS: 31536000,
    logoutUrl: '/main/homemain', loginRedirectUrl: '/login/login',
  });
  t.throws(() => settingsFromEnv({ REFRESH_GRACE_S: '10' }), /^REFRESH_GRACE_S must be an integer between 0 and 2/, 'a grace of 1–2 s at most');
  t.throws(() => settingsFromEnv({ SIGN_IN_MAX_AGE_KEEP_S: String(366 * 86400) }), /^SIGN_IN_MAX_AGE_KEEP_S must be an integer between 60 and 31536000/, 'the spec\'s 365 days at most');
  t.throws(() => settingsFromEnv({ ACCESS_TOKEN_TTL_S: '2', REFRESH_GRACE_S: '2' }), /^ACCESS_TOKEN_TTL_S \(2\) must be longer than REFRESH_GRACE_S \(2\)/, 'an access token no longer than the grace: refused');
  t.match(settingsFromEnv({ ACCESS_TOKEN_TTL_S: '1', REFRESH_GRACE_S: '0' }), { accessTtlS: 1, refreshGraceS: 0 });
});
