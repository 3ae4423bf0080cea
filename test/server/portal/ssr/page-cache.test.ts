/**
 * Visitors' pages for a few seconds (decision 0037): the same HTML with a fresh nonce while
 * it lasts; never for a request with a member's cookie, never with another display setting,
 * and off when PAGE_CACHE_TTL_S is 0.
 */
import t from 'tap';
import { startFakeUpstream, type Behaviour } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal } from '#test/fixtures/portal.ts';

/** The homepage API with one notice whose subject the test changes. */
function notices(subject: () => string): Behaviour {
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url.startsWith('/api/v1/homepage/board/notice')) {
      res.end(
        JSON.stringify({
          result: 'success',
          notice_list: [{ notice_info_key: 7, notice_subject: subject(), notice_type: '1', display_yn: 'Y', reg_date: '2026-11-20T09:00:00+09:00' }],
          page: 1,
          size: 5,
          total: 1,
        }),
      );
      return;
    }
    res.end(JSON.stringify({ result: 'success', code_value: '/login/login', code_name: '로그인' }));
  };
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const HOME = '/main/homemain';
const NOTICES = '/board/notice/homenotice';

t.test('a visitor’s page is kept, with a new nonce on every answer', async (t) => {
  let subject = '도서관 휴관 안내';
  const upstream = await startFakeUpstream(notices(() => subject));
  t.teardown(() => upstream.close());
  // Public reads uncached here, so only the page cache can keep the old subject.
  const portal = await buildTestPortal(upstream.url, { PAGE_CACHE_TTL_S: '300', CACHE_TTL_S: 'getBoardNotice=0,getCodeByGroupAndCode=0' });
  t.teardown(() => portal.close());
  const get = (url: string, cookie?: string) => portal.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  const first = await get(NOTICES);
  t.equal(first.statusCode, 200);
  t.match(first.body, '도서관 휴관 안내');
  const n1 = nonceOf(first.headers['content-security-policy']);
  t.ok(n1 && first.body.includes(`nonce="${n1}"`), 'the page carries its nonce');
  const calls = upstream.requests.length;

  subject = '겨울방학 독서교실 모집';
  const again = await get(NOTICES);
  t.equal(again.statusCode, 200);
  t.match(again.body, '도서관 휴관 안내', 'the kept page');
  t.equal(upstream.requests.length, calls, 'no upstream call for a kept page');
  const n2 = nonceOf(again.headers['content-security-policy']);
  t.ok(n2 && n2 !== n1, 'a new nonce');
  t.ok(again.body.includes(`nonce="${n2 ?? ''}"`) && !again.body.includes(String(n1)), 'the new nonce in place of the old one');
  t.equal(again.headers['cache-control'], 'no-store');

  const member = await get(NOTICES, 'portal_session=anything');
  t.match(member.body, '겨울방학 독서교실 모집', 'a request with a sign-in cookie is rendered for itself');
  const display = await get(NOTICES, 'portal_display=high-contrast.large');
  t.match(display.body, '겨울방학 독서교실 모집', 'another display setting is another page');
  const streamed = await get(NOTICES, 'portal_js=1');
  t.match(streamed.body, '겨울방학 독서교실 모집', 'a streamed page is kept apart from a whole one');
  const other = await get(HOME);
  t.match(other.body, '겨울방학 독서교실 모집', 'each address is kept apart');
});

t.test('PAGE_CACHE_TTL_S=0 renders every request', async (t) => {
  let subject = '첫 번째 공지';
  const upstream = await startFakeUpstream(notices(() => subject));
  t.teardown(() => upstream.close());
  const portal = await buildTestPortal(upstream.url, { PAGE_CACHE_TTL_S: '0', CACHE_TTL_S: 'getBoardNotice=0,getCodeByGroupAndCode=0' });
  t.teardown(() => portal.close());
  const first = await portal.app.inject({ url: NOTICES, headers: { accept: 'text/html' } });
  t.match(first.body, '첫 번째 공지');
  subject = '두 번째 공지';
  const again = await portal.app.inject({ url: NOTICES, headers: { accept: 'text/html' } });
  t.match(again.body, '두 번째 공지');
});
