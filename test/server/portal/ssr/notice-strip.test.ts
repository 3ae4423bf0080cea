/**
 * The notice strip (docs/product.md §2, §9): the first notice of type 1 with display flag Y,
 * linking to its detail; the no-notice text when there is none, the could-not-load text when the API fails.
 */
import t from 'tap';
import { deadUrl, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

function strip(html: string): string {
  return /<section class="notice-strip"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
}

t.test('from the reference API: the newest displayed general notice', async (t) => {
  const api = await startReferenceApi();
  const portal = await buildTestPortal(api.url);
  t.teardown(async () => {
    await portal.close();
    await api.close();
  });
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html' } });
  const s = strip(res.body);
  // Seed: notice 8 is newer but hidden (display N); 7 is the newest displayed type-1 notice.
  t.match(s, /href="\/board\/notice\/detail\/7"/);
  t.match(s, /2026년 하반기 종이책 구매 영수증 인증 유의사항/);
});

t.test('the strip asks for type 1, display Y, and shows the first item', async (t) => {
  const upstream = await startFakeUpstream((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const list = req.url.includes('notice_type=1') && req.url.includes('display_yn=Y')
      ? [
          { notice_info_key: 42, notice_subject: '첫 번째 <공지> & 안내', notice_type: '1', display_yn: 'Y', reg_date: '2026-11-20T09:00:00+09:00' },
          { notice_info_key: 41, notice_subject: '두 번째 공지', notice_type: '1', display_yn: 'Y', reg_date: '2026-11-19T09:00:00+09:00' },
        ]
      : [];
    res.end(JSON.stringify({ result: 'success', notice_list: list, page: 1, size: 10, total: list.length }));
  });
  const portal = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await portal.close();
    await upstream.close();
  });
  const res = await portal.app.inject({ method: 'GET', url: '/service/service', headers: { accept: 'text/html' } });
  const s = strip(res.body);
  t.match(s, /href="\/board\/notice\/detail\/42"/);
  t.match(s, /첫 번째 &lt;공지&gt; &amp; 안내/, 'the subject is escaped');
  t.notMatch(s, /두 번째 공지/);
  const call = upstream.requests.find((r) => r.url.startsWith('/api/v1/homepage/board/notice'));
  t.match(call?.url, /notice_type=1/);
  t.match(call?.url, /display_yn=Y/);
});

t.test('no notices: the no-notice text', async (t) => {
  const upstream = await startFakeUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'success', notice_list: [], page: 1, size: 10, total: 0 }));
  });
  const portal = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await portal.close();
    await upstream.close();
  });
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html' } });
  t.equal(res.statusCode, 200);
  t.match(strip(res.body), /등록된 공지사항이 없습니다\./);
});

t.test('API down: the page still renders, saying the notices could not be loaded (not that there are none)', async (t) => {
  const portal = await buildTestPortal(await deadUrl());
  t.teardown(() => portal.close());
  const res = await portal.app.inject({ method: 'GET', url: '/service/service', headers: { accept: 'text/html' } });
  t.equal(res.statusCode, 200);
  t.match(strip(res.body), /공지사항을 불러오지 못했습니다\./);
  t.notMatch(strip(res.body), /등록된 공지사항이 없습니다/);
});
