/**
 * 화면 설정 on the server (decision 0060): the display cookie becomes attributes of <html>
 * in the first byte of every page (invalid values ignored), the 화면 설정 page shows the
 * current choice, and the settings route for browsers without JavaScript sets the cookie
 * (readable, a year, SameSite=Lax), refuses cross-site posts and wrong values, and sends the
 * member back only to a page of the portal.
 */
import t from 'tap';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const SAME_ORIGIN = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };

async function page(url: string, cookie?: string) {
  return portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
}

function post(body: string, headers: Record<string, string> = SAME_ORIGIN) {
  return portal.app.inject({ method: 'POST', url: '/settings/display', headers, payload: body });
}

t.test('the cookie is on <html> of every page, before anything else', async (t) => {
  for (const url of ['/main/homemain', '/board/notice/homenotice', '/login/login', '/challenge/challenge']) {
    const res = await page(url, 'portal_display=high-contrast.xlarge');
    t.equal(res.statusCode, 200, url);
    t.match(res.body, /^<!doctype html>\s*<html lang="ko" data-krds-mode="high-contrast" data-text-size="xlarge">/i, url);
  }
  const light = await page('/main/homemain', 'portal_js=1; portal_display=default.large');
  t.match(light.body, /<html lang="ko" data-krds-mode="light" data-text-size="large">/, 'an explicit 기본 is KRDS light mode');
});

t.test('no cookie, or one the portal did not write: no attributes (the system preference decides)', async (t) => {
  for (const cookie of [
    undefined, 'portal_display=', 'portal_display=dark.large', 'portal_display=high-contrast.huge',
    'portal_display=high-contrast.large.x', 'portal_display=high-contrast%22%3E%3Cscript%3E.large',
    'portal_display="high-contrast.large"', 'other=high-contrast.large',
  ]) {
    const res = await page('/main/homemain', cookie);
    t.equal(res.statusCode, 200, String(cookie));
    t.match(res.body, /<html lang="ko">/, String(cookie));
    t.notMatch(res.body, /data-krds-mode|data-text-size/, String(cookie));
    t.notMatch(res.body, /<script>\.large/, String(cookie));
  }
});

t.test('the 화면 설정 page posts to the settings route with the current choice checked', async (t) => {
  const res = await page('/service/display?returnTo=%2Fboard%2Ffaq%2Fhomefaq', 'portal_display=high-contrast.large');
  t.equal(res.statusCode, 200);
  t.match(res.body, /<form class="display-settings" action="\/settings\/display" method="post">/);
  t.match(res.body, /<input type="radio" name="contrast" checked="" value="high-contrast"\/>/);
  t.match(res.body, /<input type="radio" name="size" checked="" value="large"\/>/);
  t.equal(res.body.match(/checked=""/g)?.length, 2, 'one choice per group');
  t.match(res.body, /<input type="hidden" name="returnTo" value="\/board\/faq\/homefaq"/);
  const none = await page('/service/display?returnTo=https%3A%2F%2Fevil.example%2F');
  t.match(none.body, /<input type="radio" name="contrast" checked="" value="default"\/>/);
  t.match(none.body, /<input type="radio" name="size" checked="" value="normal"\/>/);
  t.match(none.body, /<input type="hidden" name="returnTo" value="\/main\/homemain"/, 'a way back off the site is dropped');
});

t.test('the header links to the 화면 설정 page for browsers without JavaScript', async (t) => {
  const res = await page('/board/notice/homenotice?page=10');
  t.match(res.body, /<a class="display-trigger" href="\/service\/display\?returnTo=%2Fboard%2Fnotice%2Fhomenotice%3Fpage%3D10">화면 설정<\/a>/);
});

t.test('a same-origin post sets the cookie and goes back (303)', async (t) => {
  const res = await post('contrast=high-contrast&size=xlarge&returnTo=%2Fboard%2Fnotice%2Fhomenotice%3Fpage%3D20');
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/board/notice/homenotice?page=20');
  const cookie = res.cookies.find((c) => c.name === 'portal_display');
  t.ok(cookie, 'cookie set');
  t.equal(cookie?.value, 'high-contrast.xlarge');
  t.equal(cookie?.maxAge, 365 * 24 * 60 * 60, 'a year');
  t.equal(cookie?.path, '/');
  t.equal(cookie?.sameSite, 'Lax');
  t.notOk(cookie?.httpOnly, 'readable by the page (the browser writes it too)');
  const next = await page('/board/notice/homenotice?page=20', `portal_display=${cookie?.value ?? ''}`);
  t.match(next.body, /<html lang="ko" data-krds-mode="high-contrast" data-text-size="xlarge">/);
});

t.test('the way back is a page of the portal, else home', async (t) => {
  for (const [returnTo, location] of [
    ['/board/faq/homefaq', '/board/faq/homefaq'],
    ['/login/login', '/login/login'],
    ['//evil.example/', '/main/homemain'],
    ['https://evil.example/', '/main/homemain'],
    ['/\\evil.example', '/main/homemain'],
    ['/%2e%2e//evil.example', '/main/homemain'],
    ['/api/login/logout', '/main/homemain'],
    ['/assets/app.js', '/main/homemain'],
    ['/settings/display', '/main/homemain'],
    ['javascript:alert(1)', '/main/homemain'],
    ['', '/main/homemain'],
  ] as const) {
    const res = await post(`contrast=default&size=large&returnTo=${encodeURIComponent(returnTo)}`);
    t.equal(res.statusCode, 303, returnTo);
    t.equal(res.headers.location, location, returnTo);
  }
  const without = await post('contrast=default&size=large');
  t.equal(without.headers.location, '/main/homemain');
});

t.test('cross-site posts are refused and set nothing', async (t) => {
  for (const headers of [
    { ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' },
    { ...SAME_ORIGIN, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
  ]) {
    const res = await post('contrast=high-contrast&size=xlarge', headers);
    t.equal(res.statusCode, 403);
    t.equal(res.cookies.length, 0);
  }
});

t.test('only the allowed values are accepted', async (t) => {
  for (const body of ['contrast=dark&size=large', 'contrast=default&size=huge', 'contrast=default', 'size=large', 'contrast=&size=large']) {
    const res = await post(body);
    t.equal(res.statusCode, 400, body);
    t.equal(res.cookies.length, 0, body);
  }
});
