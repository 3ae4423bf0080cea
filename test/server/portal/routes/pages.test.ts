/**
 * Every page of docs/product.md §2 table (and /upcoming/upcoming) answers 200 with its
 * breadcrumb title in <title> and the page heading; login paths show the login
 * screen without header and footer; unknown page paths go home (docs/decisions/D4-behaviour-details.md).
 */
import t from 'tap';
import { pages, type PageDef } from '#shared/routes.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';
import { helmetHeaders } from '#server/portal/plugins/security.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url, { TEST_LOGIN: 'Y' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}
function h1Of(html: string): string | undefined {
  return /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}
/** A seeded value for each path parameter: notice 1, 소년이 온다. */
const SAMPLE: Record<string, string> = { notice_info_key: '1', isbn: '9788936410841' };
const concrete = (p: PageDef) => p.path.replace(/:([a-z_]+)/g, (_m, name: string) => SAMPLE[name] ?? '');
/** Pages whose <title> names what they show (PageMeta), not the breadcrumb title: the book, the notice. */
const OWN_TITLE: Record<string, string> = { book: '소년이 온다 - 한강', noticeDetail: '2026년 독서포인트 사업 참여 안내' };

for (const page of (pages as readonly PageDef[]).filter((p) => !p.testLoginOnly)) {
  t.test(`${page.path} renders its page`, async (t) => {
    const res = await portal.app.inject({ method: 'GET', url: concrete(page), headers: { accept: 'text/html' } });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /text\/html/);
    t.equal(titleOf(res.body), `${OWN_TITLE[page.id] ?? page.title} | ${portal.config.public.siteName}`, '<title> is the breadcrumb title');
    t.equal(h1Of(res.body), page.title, 'the page heading is the breadcrumb title');
    t.match(res.body, /<html lang="ko">/);
    t.match(res.body, /id="__portal_data"/, 'hydration data is embedded');
  });
}

t.test('the route table covers docs/product.md §2 table', async (t) => {
  const paths = new Set((pages as readonly PageDef[]).map((p) => p.path));
  for (const spec of [
    '/main/homemain', '/activity/activity', '/search/booksearch', '/challenge/challenge', '/bookclub/bookclub',
    '/edu/eduBook', '/search/popularbooksearch', '/service/service', '/board/notice/homenotice',
    '/board/notice/detail/:notice_info_key', '/board/faq/homefaq', '/service/bookstore', '/board/newsletter/newsletter',
    '/service/terms', '/mypage/mypage', '/mypage/information', '/agree/agree', '/inapp/inapp', '/sso/sso',
    '/bookpoint/main/homemain', '/upcoming/upcoming',
  ]) {
    t.ok(paths.has(spec), spec);
  }
});

t.test('any path containing /login shows the login screen without header or footer', async (t) => {
  for (const url of ['/login/login', '/member/login', '/a/login/b?x=1', '/login']) {
    const res = await portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    t.equal(res.statusCode, 200, url);
    t.match(res.body, /<h1[^>]*>로그인<\/h1>/, `${url}: login heading`);
    t.match(res.body, /id="user_id"/, `${url}: id field`);
    t.match(res.body, /id="user_pass"/, `${url}: password field`);
    t.match(res.body, /로그인 상태 유지/, `${url}: keep signed in`);
    t.notMatch(res.body, /class="site-header/, `${url}: no header`);
    // The footer is static markup after the app (decision 0145's budget): a bare page hides it
    // with the stylesheet's body:has(.app--bare) > .site-footer rule.
    t.match(res.body, /class="app app--bare"/, `${url}: bare, so no footer is shown`);
  }
});

t.test('unknown page paths redirect home', async (t) => {
  for (const url of ['/', '/nope', '/main/homemain/extra', '/board/notice/detail/abc', '/board/notice/detail/999999', '/board/notice/detail/8']) {
    const res = await portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    t.equal(res.statusCode, 302, url);
    t.equal(res.headers.location, '/main/homemain', url);
  }
});

t.test('unknown API and asset paths answer 404', async (t) => {
  const api404 = await portal.app.inject({ method: 'GET', url: '/api/nope' });
  t.equal(api404.statusCode, 404);
  t.same(api404.json(), { result: 'error', msg: '요청하신 정보를 찾을 수 없습니다.' });
  const asset = await portal.app.inject({ method: 'GET', url: '/assets/missing-abc.js' });
  t.equal(asset.statusCode, 404);
});

t.test('/sso/sso with a token that is not valid shows its page, unsigned (401)', async (t) => {
  const res = await portal.app.inject({ method: 'GET', url: '/sso/sso?userid=reader01&key=nope&token=nope', headers: { accept: 'text/html' } });
  t.equal(res.statusCode, 401);
  t.equal(titleOf(res.body), `테스트 통합 로그인 | ${portal.config.public.siteName}`);
  t.equal(res.cookies.length, 0, 'no session cookies');
});

t.test('/sso/sso answers 404 when the test-login flag is off', async (t) => {
  const off = await buildTestPortal(api.url, { TEST_LOGIN: 'N' });
  t.teardown(() => off.close());
  const res = await off.app.inject({ method: 'GET', url: '/sso/sso', headers: { accept: 'text/html' } });
  t.equal(res.statusCode, 404);
  const login = await off.app.inject({ method: 'GET', url: '/login/login', headers: { accept: 'text/html' } });
  t.notMatch(login.body, /테스트 로그인/, 'no test-login button');
});

t.test('pages carry a strict CSP whose nonce is on every script', async (t) => {
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html' } });
  const csp = String(res.headers['content-security-policy']);
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  t.ok(nonce, 'script-src has a nonce');
  const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
  t.ok(scripts.length > 0);
  for (const s of scripts) t.match(s, `nonce="${nonce ?? ''}"`);
  t.match(csp, /frame-ancestors 'none'/);
  t.match(csp, /style-src 'self';/, 'no inline styles');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  const again = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html' } });
  t.not(/'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))?.[1], nonce, 'a new nonce for every page');
});

t.test('everything else carries a policy that lets nothing run (and no nonce)', async (t) => {
  for (const url of ['/healthz', '/api/v1/homepage/board/notice?notice_type=1', '/favicon.svg', '/nope/nope']) {
    const res = await portal.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    t.match(csp, /^default-src 'none'; frame-ancestors 'none'/, url);
    t.notMatch(csp, /nonce/, `${url}: no nonce`);
    t.ok(res.headers['permissions-policy'], `${url}: permissions policy`);
  }
});

t.test("helmet's headers, computed once, are on pages, JSON, assets and errors alike", async (t) => {
  const expected: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  for (const url of ['/main/homemain', '/api/v1/homepage/board/notice?notice_type=1', '/favicon.svg', '/healthz', '/nope/nope']) {
    const res = await portal.app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/main') ? 'text/html' : '*/*' } });
    for (const [name, value] of Object.entries(expected)) t.equal(res.headers[name], value, `${url}: ${name}`);
    t.equal(res.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain HTTP`);
    t.equal(res.headers['x-powered-by'], undefined, `${url}: no x-powered-by`);
  }
  const https = helmetHeaders({ strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true } });
  t.equal(https['strict-transport-security'], 'max-age=31536000; includeSubDomains', 'HSTS when served over HTTPS');
});

t.test('the request id is answered and passed upstream', async (t) => {
  // Upstream calls are logged at debug (decision 0035): a portal logging at debug.
  const debug = await buildTestPortal(api.url, { LOG_LEVEL: 'debug' });
  t.teardown(() => debug.close());
  // A search nobody made before: not in the public read cache, so the page asks upstream.
  const res = await debug.app.inject({
    method: 'GET',
    url: '/search/booksearch?q=%EC%9A%94%EC%B2%AD42',
    headers: { accept: 'text/html', 'x-request-id': 'test-req-42' },
  });
  t.equal(res.headers['x-request-id'], 'test-req-42');
  const upstreamLog = debug.logs.lines.find((l) => l['reqId'] === 'test-req-42' && typeof l['upstream'] === 'object');
  t.ok(upstreamLog, 'the SSR loader call is logged with the same request id');
  const lines = debug.logs.lines.filter((l) => l['reqId'] === 'test-req-42' && Number(l['level']) >= 30);
  t.same(lines.map((l) => l['msg']), ['request completed'], 'one info line for the request');
  const bad = await portal.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
  t.not(bad.headers['x-request-id'], 'bad id\nwith newline', 'an unusable id is replaced');
});
