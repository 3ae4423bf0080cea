/**
 * Open redirects (decisions D3, 0010): whatever target a hostile party manages to supply,
 * every redirect sink of the portal only ever sends the browser to a same-origin path or
 * an allowlisted host. Each sink is driven through the real routes (inject) with 10,000
 * generated hostile values — dot segments, encoded dots and slashes, backslashes,
 * controls, Unicode slashes, userinfo, IDN — and every escape is counted.
 */
import t, { type Test } from 'tap';
import fc from 'fast-check';
import { loginHref } from '#client/session/login-redirect.ts';
import { isLoginPath } from '#shared/routes.ts';
import { safeReturnPath } from '#shared/safe-redirect.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { HomepageClient } from '#server/homepage/client.ts';
import type { AnyAnswer } from '#shared/contract/common.ts';
import { escapes, EVIL, hostileTarget, landing } from '#test/fixtures/hostile-urls.ts';
import { Jar, PORTAL_CALL } from '#test/fixtures/portal.ts';

const RUNS = 10_000;
/** Server-rendered pages are slower than redirects: fewer runs through SSR, all of them through the function it calls. */
const SSR_RUNS = 500;
const ALLOWED = 'sso.library.example';
const HOME = '/main/homemain';
const ISSUE_EXAMPLES = ['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/%2E%2E//evil.example', '/.%2e//evil.example', '/a/../..//evil.example'];

let logoutUrl = HOME;
let loginUrl = '/login/login';
/** The homepage API in-process (no sockets), so 10,000 runs per sink take seconds. */
const homepage: HomepageClient = {
  baseUrl: 'http://homepage.invalid',
  close: async () => {},
  call: async ({ path }) => {
    const body =
      path === '/api/v1/homepage/common/token/logout' ? { result: 'success', logout_url: logoutUrl }
      : path === '/api/v1/homepage/code/60/2' ? { result: 'success', code_value: loginUrl, code_name: '로그인 이동 주소' }
      : path === '/api/v1/homepage/board/notice' ? { result: 'success', notice_list: [], total_count: 0 }
      : { result: 'success' };
    return { ok: true, status: 200, body: body as AnyAnswer, durationMs: 0 };
  },
};
const config = loadConfig({ NODE_ENV: 'test', HOMEPAGE_API_URL: homepage.baseUrl, REDIRECT_ALLOWED_HOSTS: ALLOWED }, []);
const app = await buildApp(config, { homepage, logger: false });
await app.ready();
t.teardown(() => app.close());

/** Cookies of a signed-in member (a signed session and an access token). */
function memberCookies(): string {
  const user = { user_id: 'reader01', user_name: '김서연', user_no: '1', user_key: 'k', user_auth: ['ROLE_USER'], isHomeLoggedIn: true, isHomeAgreeYn: 'Y', isHomeNoticeYn: 'N' };
  const jar = new Jar();
  jar.set('portal_at', 'a');
  jar.set('portal_session', app.signCookie(Buffer.from(JSON.stringify(user)).toString('base64url')));
  return jar.header();
}

/**
 * Drives `runs` hostile values through one sink; counts the escapes (and keeps a few
 * examples) instead of stopping at the first, so the figure is reported.
 */
async function property(
  t: Test,
  runs: number,
  allowedHosts: readonly string[],
  sink: (value: string) => Promise<string | undefined> | string | undefined,
  more?: (location: string) => string | undefined,
): Promise<void> {
  let count = 0;
  let escaped = 0;
  const examples: string[] = [];
  await fc.assert(
    fc.asyncProperty(hostileTarget(ALLOWED), async (value) => {
      count += 1;
      const location = await sink(value);
      const why = escapes(location, allowedHosts) ?? (location === undefined ? undefined : more?.(location));
      if (why === undefined) return;
      escaped += 1;
      if (examples.length < 5) examples.push(`${JSON.stringify(value)} → ${why}`);
    }),
    { numRuns: runs },
  );
  t.equal(count, runs, `${runs} hostile values`);
  t.same(examples, [], 'no example escaped');
  t.equal(escaped, 0, `0 escapes in ${count} runs`);
}

const inapp = async (value: string) => {
  const res = await app.inject({ method: 'GET', url: `/inapp/inapp?continue=1&url=${encodeURIComponent(value)}` });
  if (res.statusCode !== 302) throw new Error(`status ${res.statusCode}`);
  return res.headers.location as string | undefined;
};

const logoutLink = async (value: string) => {
  logoutUrl = value;
  const res = await app.inject({ method: 'GET', url: '/api/login/logout', headers: { accept: 'text/html', cookie: 'portal_at=a' } });
  if (res.statusCode !== 303) throw new Error(`status ${res.statusCode}`);
  return res.headers.location as string | undefined;
};

const logoutAnswer = async (value: string) => {
  logoutUrl = value;
  const res = await app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: 'portal_at=a' } });
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  return res.json<{ logout_url?: string }>().logout_url;
};

const cookies = memberCookies();
const loginReturnTo = async (value: string) => {
  const res = await app.inject({ method: 'GET', url: `/login/login?returnTo=${encodeURIComponent(value)}`, headers: { accept: 'text/html', cookie: cookies } });
  if (res.statusCode !== 302) throw new Error(`status ${res.statusCode}`);
  return res.headers.location as string | undefined;
};

const notALoginScreen = (location: string) => {
  const url = landing(location);
  return url && isLoginPath(url.pathname) ? `back to the login screen: ${location}` : undefined;
};

/** The login link the member bar renders on a server-rendered page (code 60/2 → loginHref). */
const memberBarLogin = async (value: string) => {
  loginUrl = value;
  const res = await app.inject({ method: 'GET', url: '/upcoming/upcoming?from=x', headers: { accept: 'text/html', 'user-agent': 'Googlebot' } });
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  const href = /<a class="btn btn--small btn--primary"[^>]*href="([^"]*)"/.exec(res.body)?.[1];
  return href?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
};

t.test('the issue\'s examples go home through every sink', async (t) => {
  for (const value of ISSUE_EXAMPLES) {
    t.equal(await inapp(value), HOME, `in-app continue ${value}`);
    t.equal(await logoutLink(value), HOME, `logout link ${value}`);
    t.equal(await logoutAnswer(value), HOME, `logout answer ${value}`);
    t.equal(await loginReturnTo(value), HOME, `login returnTo ${value}`);
    t.equal(await memberBarLogin(value), '/login/login?returnTo=%2Fupcoming%2Fupcoming%3Ffrom%3Dx', `code 60/2 ${value}`);
  }
  t.equal(await inapp('/activity/activity?x=1#y'), '/activity/activity?x=1#y', 'a plain path is kept');
  t.equal(await logoutLink(`https://${ALLOWED}/logout`), `https://${ALLOWED}/logout`, 'an allowlisted host is followed');
  t.equal(await logoutLink(`https://${ALLOWED}@${EVIL}/`), HOME, 'userinfo naming the allowed host is refused');
  t.equal(await loginReturnTo('/mypage/mypage?search_type=buy'), '/mypage/mypage?search_type=buy', 'a signed-in member goes where returnTo says');
  t.equal(await loginReturnTo('/login/login?returnTo=%2Fx'), HOME, 'a returnTo pointing at the login screen goes home');
  t.equal(await memberBarLogin(`https://${ALLOWED}/login`), `https://${ALLOWED}/login`, 'an allowlisted login page is linked');
});

t.test('in-app continue: 0 escapes', (t) => property(t, RUNS, [], inapp));
t.test('logout link (logout_url from the API): 0 escapes', (t) => property(t, RUNS, [ALLOWED], logoutLink));
t.test('logout answer (logout_url for the browser): 0 escapes', (t) => property(t, RUNS, [ALLOWED], logoutAnswer));
t.test('login returnTo of a signed-in member: 0 escapes, never the login screen again', (t) =>
  property(t, RUNS, [], loginReturnTo, notALoginScreen),
);
t.test('code 60/2 login URL (the browser\'s redirectUrl) through loginHref: 0 escapes', (t) =>
  property(t, RUNS, [ALLOWED], (value) => loginHref(value, '/activity/activity', [ALLOWED])),
);
t.test('code 60/2 login URL in the server-rendered member bar: 0 escapes', (t) => property(t, SSR_RUNS, [ALLOWED], memberBarLogin));
t.test('agree/login returnTo (safeReturnPath): 0 escapes, never the login screen again', (t) =>
  property(t, RUNS, [], (value) => safeReturnPath(value) ?? HOME, notALoginScreen),
);
