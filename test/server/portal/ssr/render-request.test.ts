/**
 * What a page render reads from the request (server/portal/ssr/render-request.ts): crawlers and
 * browsers without the script cookie get the whole page; the origin the browser used; whether
 * only a visitor's cookies came (the page may be shared); and the Fetch request the SSR entry
 * sees, which carries of the member's cookies only the display settings, and a form as a POST.
 */
import t from 'tap';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { DEFAULT_DISPLAY, DISPLAY_COOKIE } from '#shared/display.ts';
import { JS_COOKIE } from '#shared/ssr.ts';
import { absoluteUrl, fetchRequestOf, hasOnlyVisitorCookies, originOf, wantsWholePage } from '#server/portal/ssr/render-request.ts';

const app = Fastify();
await app.register(cookie);
app.post('/look', async (req) => {
  const form = typeof req.body === 'object' && req.body !== null ? new URLSearchParams(req.body as Record<string, string>) : undefined;
  const request = fetchRequestOf(req, { ...DEFAULT_DISPLAY, contrast: 'high-contrast' }, form);
  return {
    whole: wantsWholePage(req),
    origin: originOf(req),
    visitorOnly: hasOnlyVisitorCookies(req),
    method: request.method,
    url: request.url,
    cookie: request.headers.get('cookie'),
    body: form ? await request.text() : null,
  };
});
app.get('/look', async (req) => ({
  whole: wantsWholePage(req),
  origin: originOf(req),
  visitorOnly: hasOnlyVisitorCookies(req),
  request: Object.fromEntries(fetchRequestOf(req, undefined, undefined).headers),
}));
t.teardown(() => app.close());

t.test('the whole page for crawlers and for browsers that have not run the script', async (t) => {
  const look = async (ua: string, cookieHeader?: string) =>
    (await app.inject({ method: 'GET', url: '/look', headers: { 'user-agent': ua, ...(cookieHeader ? { cookie: cookieHeader } : {}) } })).json();
  t.equal((await look('Mozilla/5.0 Chrome/140')).whole, true, 'no script cookie yet');
  t.equal((await look('Mozilla/5.0 Chrome/140', `${JS_COOKIE}=1`)).whole, false, 'streams');
  t.equal((await look('Mozilla/5.0 (compatible; Googlebot/2.1)', `${JS_COOKIE}=1`)).whole, true, 'a crawler');
});

t.test('the origin, and only visitor cookies', async (t) => {
  const res = (await app.inject({ method: 'GET', url: '/look?x=1', headers: { host: 'portal.example:8443', cookie: `${JS_COOKIE}=1; ${DISPLAY_COOKIE}=x` } })).json();
  t.equal(res.origin, 'http://portal.example:8443');
  t.equal(res.visitorOnly, true);
  t.same(res.request, { accept: 'text/html', 'user-agent': 'lightMyRequest' }, 'no cookie: the accept and user agent only');
  const member = (await app.inject({ method: 'GET', url: '/look', headers: { cookie: `${JS_COOKIE}=1; portal_at=a` } })).json();
  t.equal(member.visitorOnly, false);
});

t.test('the Fetch request: the display cookie only, a form as a POST', async (t) => {
  const res = (await app.inject({ method: 'POST', url: '/look?page=2', headers: { host: 'localhost', cookie: 'portal_at=secret-token' }, payload: { a: '1', b: '두' } })).json();
  t.equal(res.method, 'POST');
  t.equal(res.url, 'http://localhost/look?page=2');
  t.notMatch(res.cookie, /secret-token/, 'no token reaches the loaders');
  t.match(res.cookie, new RegExp(`^${DISPLAY_COOKIE}=`));
  t.equal(res.body, 'a=1&b=%EB%91%90');
});

t.test('the absolute URL of a request is the one new URL(url, origin) resolves, whatever the path', async (t) => {
  const origin = 'http://127.0.0.1:3000';
  const urls = [
    '/',
    '/board/notice/homenotice?page=2',
    '/search/booksearch?q=%ED%95%9C%EA%B0%95 소설',
    '/a/../b/./c',
    '/%2e%2e/x',
    '/x#frag',
    '/x ',
    '//evil.example/login',
    '/\\evil.example/login',
    '/\t/evil.example/login',
    '/\n/evil.example/login',
    '/\r/evil.example/login',
    '/a\t/b',
    'relative/path',
    '?q=1',
  ];
  for (const url of urls) {
    t.equal(new Request(absoluteUrl(url, origin)).url, new Request(new URL(url, origin)).url, JSON.stringify(url));
  }
  t.equal(absoluteUrl('//evil.example/login', origin), 'http://evil.example/login', 'a second slash names another host, as before');
});
