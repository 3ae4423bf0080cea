/**
 * In-app browsers (docs/decisions/D4-behaviour-details.md) are redirected to /inapp/inapp before anything
 * renders; continuing anyway is remembered so there is no loop; targets are checked.
 */
import t from 'tap';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const INAPP_UAS: Record<string, string> = {
  kakaotalk: 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 KAKAOTALK 10.8.4',
  naver: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 NAVER(inapp; search; 1000; 12.5.6)',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0',
  facebook: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.0]',
  instagram: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Instagram 309.0.0.0',
  daum: 'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 DaumApps/7.9.0',
  band: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 BAND/14.0.0',
};
const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

for (const [name, ua] of Object.entries(INAPP_UAS)) {
  t.test(`${name} is sent to the in-app guide`, async (t) => {
    const res = await portal.app.inject({ method: 'GET', url: '/board/notice/homenotice?x=1', headers: { 'user-agent': ua, accept: 'text/html' } });
    t.equal(res.statusCode, 302);
    t.equal(res.headers.location, `/inapp/inapp?url=${encodeURIComponent('/board/notice/homenotice?x=1')}`);
  });
}

t.test('an ordinary browser is not redirected', async (t) => {
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { 'user-agent': CHROME, accept: 'text/html' } });
  t.equal(res.statusCode, 200);
});

t.test('the guide page renders for in-app browsers, with the app\'s way out', async (t) => {
  const res = await portal.app.inject({
    method: 'GET',
    url: '/inapp/inapp?url=%2Fservice%2Fservice',
    headers: { 'user-agent': INAPP_UAS['kakaotalk'] ?? '', accept: 'text/html', host: 'portal.example.kr' },
  });
  t.equal(res.statusCode, 200);
  t.match(res.body, /외부 브라우저에서 열어 주세요/);
  t.match(res.body, /kakaotalk:\/\/web\/openExternal\?url=http%3A%2F%2Fportal\.example\.kr%2Fservice%2Fservice/);
  t.match(res.body, /href="\/inapp\/inapp\?continue=1&amp;url=%2Fservice%2Fservice"/);
});

t.test('continuing anyway sets the cookie, goes on, and is not redirected again', async (t) => {
  const ua = INAPP_UAS['line'] ?? '';
  const res = await portal.app.inject({ method: 'GET', url: '/inapp/inapp?continue=1&url=%2Fservice%2Fservice', headers: { 'user-agent': ua } });
  t.equal(res.statusCode, 302);
  t.equal(res.headers.location, '/service/service');
  const cookie = String(res.headers['set-cookie']);
  t.match(cookie, /^inappContinue=1;/);
  t.match(cookie, /HttpOnly/);
  const next = await portal.app.inject({ method: 'GET', url: '/service/service', headers: { 'user-agent': ua, cookie: 'inappContinue=1', accept: 'text/html' } });
  t.equal(next.statusCode, 200);
});

t.test('the continue target must be a same-origin path', async (t) => {
  for (const url of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
    const res = await portal.app.inject({ method: 'GET', url: `/inapp/inapp?continue=1&url=${encodeURIComponent(url)}`, headers: { 'user-agent': CHROME } });
    t.equal(res.statusCode, 302);
    t.equal(res.headers.location, '/main/homemain', `refused: ${url}`);
  }
});

t.test('API calls and assets are never redirected', async (t) => {
  const ua = INAPP_UAS['kakaotalk'] ?? '';
  const apiRes = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice', headers: { 'user-agent': ua } });
  t.equal(apiRes.statusCode, 200);
  const health = await portal.app.inject({ method: 'GET', url: '/healthz', headers: { 'user-agent': ua } });
  t.equal(health.statusCode, 200);
});
