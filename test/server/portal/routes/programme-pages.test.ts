/**
 * The reading programme's pages (decision 0042): the write forms, the read-back page, the book
 * page with its head metadata, and the member card's barcode route — as the server
 * renders them for a visitor and for reader01, and their actions posted without JavaScript.
 */
import t from 'tap';
import bwipjs from 'bwip-js';
import { startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '1000' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

/** 소년이 온다 (한강, 창비): a curated book of the seed. */
const ISBN = '9788936410841';
const HTML = { accept: 'text/html' };
/** What a browser sends with a native form post from the portal's own page. */
const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };

async function signIn(userId = 'reader01'): Promise<Jar> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/login/login',
    headers: PORTAL_CALL,
    payload: { user_id: userId, user_pass: MEMBER_PASSWORD, keep: false },
  });
  t.equal(res.statusCode, 200, `${userId} signs in`);
  return new Jar().take(res);
}

const reader = await signIn();
const get = (url: string, jar?: Jar) =>
  portal.app.inject({ method: 'GET', url, headers: { ...HTML, ...(jar ? { cookie: jar.header() } : {}) } });
const post = (url: string, form: Record<string, string | string[]>, jar: Jar) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  return portal.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: jar.header() }, payload: body.toString() });
};
/** The first tag of the page carrying this attribute (attributes come in React's order). */
const tagWith = (html: string, attr: string) => new RegExp(`<[a-z]+\\b[^>]*\\b${attr.replace(/[?.]/g, '\\$&')}[^>]*>`).exec(html)?.[0] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

const MEMBER_PAGES: [url: string, title: string, marker: RegExp][] = [
  [`/activity/review?isbn=${ISBN}`, '서평 쓰기', /name="content"[\s\S]*0\/1,000자/],
  [`/activity/diary?isbn=${ISBN}`, '독서일지 쓰기', /name="content"[\s\S]*0\/200자/],
  ['/activity/certify', '대출 인증', /name="library_code"/],
  ['/activity/certify?type=purchase', '구매 인증', /name="bookstore_key"/],
  ['/activity/certify?type=authortalk', '작가와의 만남 인증', /과학 읽는 밤/],
  ['/activity/records', '나의 독서일지', /책별 기록/],
  ['/activity/records?type=review', '나의 서평', /<h2 id="list-title" class="section__title">나의 서평<\/h2>/],
];

t.test('member pages: a visitor gets the login gate and no form; reader01 gets the page', async (t) => {
  for (const [url, docTitle, marker] of MEMBER_PAGES) {
    const visitor = await get(url);
    t.equal(visitor.statusCode, 200, `${url}: visitor 200`);
    t.match(visitor.body, /class="status-panel"/, `${url}: the login gate`);
    t.notMatch(visitor.body, /<form[^>]*method="post"/, `${url}: no form for a visitor`);
    const member = await get(url, reader);
    t.equal(member.statusCode, 200, `${url}: member 200`);
    t.ok(marker.test(member.body), `${url}: the page's content`);
    t.equal(titleOf(member.body), `${docTitle} | ${portal.config.public.siteName}`, `${url}: document title`);
  }
});

t.test('the loan form offers the libraries, the member\'s home library chosen, and dates of this month', async (t) => {
  const res = await get('/activity/certify?type=loan', reader);
  t.ok(res.body.includes('<option value="4311101" selected="">청주시립도서관</option>'), 'home library (GET /user/api/user) preselected');
  t.ok(res.body.includes('<optgroup label="충주시">'), 'libraries by city');
  t.ok(/청주시립도서관 회원 · 이번 달 대출 \d+\/\d+권/.test(res.body), 'loans this month against the limit');
  const date = tagWith(res.body, 'name="loan_date"');
  const today = /max="(\d{4}-\d{2}-\d{2})"/.exec(date)?.[1] ?? '';
  t.match(today, /^\d{4}-\d{2}-\d{2}$/, 'up to today');
  t.ok(date.includes(`min="${today.slice(0, 7)}-01"`), 'from the 1st of this month');
  t.ok(date.includes(`value="${today}"`), 'today by default');
});

t.test('the education form asks for a completion date of this year, up to today, empty until chosen', async (t) => {
  const res = await get('/edu/eduBook', reader);
  t.equal(res.statusCode, 200);
  const date = tagWith(res.body, 'name="completed_on"');
  const today = /max="(\d{4}-\d{2}-\d{2})"/.exec(date)?.[1] ?? '';
  t.match(today, /^\d{4}-\d{2}-\d{2}$/, 'up to today (the API refuses a later day)');
  t.ok(date.includes(`min="${today.slice(0, 4)}-01-01"`), 'from the 1st of January (the API refuses an earlier year)');
  t.notOk(/\bvalue="[^"]/.test(date), 'no date is chosen for the member');
  t.ok(res.body.includes('올해 수료한 교육만 인증할 수 있어요.'), 'the rule is said beside the field');
});

t.test('the book page: the book, the head metadata, the member\'s own part', async (t) => {
  const res = await get(`/book/${ISBN}`);
  t.equal(res.statusCode, 200);
  t.equal(titleOf(res.body), `소년이 온다 - 한강 | ${portal.config.public.siteName}`);
  t.equal(metaOf(res.body, 'og:type'), 'book');
  t.equal(metaOf(res.body, 'og:title'), '소년이 온다 - 한강');
  t.match(metaOf(res.body, 'og:url'), new RegExp(`^http://[^/]+/book/${ISBN}$`));
  t.match(metaOf(res.body, 'og:description'), /^한강 · 창비 · 2014\. 독서일지 \d+편, 서평 \d+편/);
  t.equal(metaOf(res.body, 'description'), metaOf(res.body, 'og:description'));
  t.match(res.body, /<h1[^>]*>도서 정보<\/h1>/);
  t.ok(res.body.includes('href="/activity/diary?isbn=9788936410841" data-discover="true">독서일지 쓰기<'), 'the diary action');
  t.ok(res.body.includes('href="/activity/review?isbn=9788936410841" data-discover="true">서평 쓰기<'), 'the review action');
  t.match(res.body, /회원 서평/);
  t.notMatch(res.body, /나의 기록/, 'a visitor has no own records');
  const member = await get(`/book/${ISBN}`, reader);
  t.match(member.body, /나의 기록/);
  t.match(member.body, /이 책의 독서일지/);

  const other = await get('/service/service');
  t.equal(metaOf(other.body, 'og:type'), 'website', 'other pages: website');
  t.equal(metaOf(other.body, 'og:title'), '서비스 안내');
  t.match(metaOf(other.body, 'description'), /독서활동 포털/);
});

t.test('the book page: unknown or malformed ISBNs go home before the first byte', async (t) => {
  for (const url of ['/book/9791111111111', '/book/123', '/book/97889364108412', '/book/abcdefghijklm', '/book/9778936410841']) {
    const res = await get(url);
    t.equal(res.statusCode, 302, url);
    t.equal(res.headers.location, '/main/homemain', url);
  }
});

t.test('page metadata is escaped', async (t) => {
  const hostile = { isbn: ISBN, title: '</title><script>alert(1)</script> "책" & \'온다\'', author: '<b>한강</b>', publisher: '창비', pub_year: 2014, subject: '소설' };
  const upstream = await startFakeUpstream((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url.startsWith(`/api/v1/homepage/book/${ISBN}/reviews`)) {
      res.end(JSON.stringify({ result: 'success', isbn: ISBN, review_list: [], page: 1, size: 5, total: 0 }));
    } else if (req.url.startsWith(`/api/v1/homepage/book/${ISBN}`)) {
      res.end(JSON.stringify({ result: 'success', book: hostile, diary_count: 1, review_count: 0, average_rating: null }));
    } else {
      res.end(JSON.stringify({ result: 'success', notice_list: [], page: 1, size: 10, total: 0 }));
    }
  });
  const fake = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await fake.close();
    await upstream.close();
  });
  const res = await fake.app.inject({ method: 'GET', url: `/book/${ISBN}`, headers: HTML });
  t.equal(res.statusCode, 200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  t.notMatch(head, /<script>alert/, 'no markup from the data in the head');
  t.match(head, /<title>&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &quot;책&quot; &amp; &#39;온다&#39; - &lt;b&gt;한강&lt;\/b&gt; \| /);
  t.match(head, /<meta property="og:title" content="&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &quot;책&quot; &amp; &#39;온다&#39; - &lt;b&gt;한강&lt;\/b&gt;">/);
  t.match(head, /<meta name="description" content="&lt;b&gt;한강&lt;\/b&gt; · 창비 · 2014\./);
});

t.test('forms posted without JavaScript: the required fields, the review length, the API\'s refusals', async (t) => {
  const empty = await post('/activity/certify?type=authortalk', { type: 'authortalk', check_in_code: '' }, reader);
  t.equal(empty.statusCode, 400);
  t.match(empty.body, /role="alert">확인 코드를 입력해 주세요\.</, 'the generic required-field check');
  const code = tagWith(empty.body, 'name="check_in_code"');
  t.ok(code.includes('aria-invalid="true"') && code.includes('autofocus=""'), 'the field is marked and focused');

  const base = { isbn: ISBN, title: '오월의 기억', rating: '5' };
  const short = await post(`/activity/review?isbn=${ISBN}`, { ...base, content: '가'.repeat(199) }, reader);
  t.equal(short.statusCode, 400);
  t.match(short.body, /role="alert">서평은 200자 이상 입력해 주세요\.</);
  const text = tagWith(short.body, 'name="content"');
  t.ok(text.startsWith('<textarea') && text.includes('aria-invalid="true"') && text.includes('autofocus=""'), 'the text is marked and focused');
  t.match(short.body, /199\/1,000자/, 'the counter counts what was sent back');
  // Decomposed Hangul (two jamo for 한) counts as the API counts it: 200 composed characters.
  const jamo = await post(`/activity/review?isbn=${ISBN}`, { ...base, content: '\u1112\u1161\u11ab'.repeat(199) }, reader);
  t.match(jamo.body, /서평은 200자 이상 입력해 주세요\./, '199 characters in NFD are still 199');
  const long = await post(`/activity/review?isbn=${ISBN}`, { ...base, content: '가'.repeat(1001) }, reader);
  t.equal(long.statusCode, 400);
  t.match(long.body, /role="alert">서평은 1,000자까지 입력할 수 있어요\.</);
  const noTitle = await post(`/activity/review?isbn=${ISBN}`, { isbn: ISBN, title: ' ', rating: '5', content: '가'.repeat(300) }, reader);
  t.match(noTitle.body, /role="alert">제목을 입력해 주세요\.</);

  const badCode = await post('/activity/certify?type=authortalk', { type: 'authortalk', check_in_code: 'NOPE99' }, reader);
  t.equal(badCode.statusCode, 400);
  t.match(badCode.body, /role="alert">확인 코드가 올바르지 않습니다\./, 'the API\'s Korean message');
  t.ok(tagWith(badCode.body, 'name="check_in_code"').includes('value="NOPE99"'), 'the value is kept');
});

t.test('a write posted without JavaScript says what it earned', async (t) => {
  const diary = await post(`/activity/diary?isbn=${ISBN}`, { isbn: ISBN, content: '광주의 오월을 소년의 눈으로 따라갔다.', read_pages: '40' }, reader);
  t.equal(diary.statusCode, 200);
  t.match(diary.body, /class="earn-result"><p class="earn-result__main">(\d{1,3}(,\d{3})*P가 적립되었어요\.|이번 활동은 적립되지 않았어요\. .+?)<\/p>/);
  const talk = await post('/activity/certify?type=authortalk', { type: 'authortalk', check_in_code: 'talk2026' }, reader);
  t.equal(talk.statusCode, 200);
  t.match(talk.body, /<p class="earn-result__main">1,000P가 적립되었어요\.<\/p>/);
  t.match(talk.body, /이번 달 1\/4회 적립/);
  const again = await post('/activity/certify?type=authortalk', { type: 'authortalk', check_in_code: 'TALK2026' }, reader);
  t.equal(again.statusCode, 400);
  t.match(again.body, /role="alert">이미 참석을 인증한 행사입니다\./, 'a duplicate: the API\'s 409 message');
  const records = await get('/activity/records?type=authortalk', reader);
  t.match(records.body, /과학 읽는 밤/, 'read back');
});

t.test('/mypage/card.svg: the member card\'s Code 128, never cached; 401 without a session', async (t) => {
  const visitor = await portal.app.inject({ method: 'GET', url: '/mypage/card.svg' });
  t.equal(visitor.statusCode, 401);
  t.equal(visitor.headers['cache-control'], 'no-store');
  t.notMatch(String(visitor.headers['content-type']), /svg/);

  const res = await portal.app.inject({ method: 'GET', url: '/mypage/card.svg', headers: { cookie: reader.header() } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^image\/svg\+xml/);
  t.equal(res.headers['cache-control'], 'no-store');
  t.match(res.body, /^<svg width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/, 'an intrinsic size, so an <img> has one');

  const card = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/api/card', headers: { ...PORTAL_CALL, cookie: reader.header() } });
  const barcode = card.json<{ user_card: { barcode: string; card_no: string } }>().user_card.barcode;
  t.equal(barcode, 'CB2026000001', 'reader01\'s card');
  // The bars and spaces drawn, in modules (2 units each), against Code 128's for the card's value.
  const widths = barsOf(res.body);
  t.same(widths, code128(barcode), 'the SVG encodes the card\'s barcode');
  t.not(JSON.stringify(widths), JSON.stringify(code128('CB2026000002')), 'and not another number');

  const page = await get('/mypage/mypage?search_type=buy', reader);
  t.ok(tagWith(page.body, 'src="/mypage/card.svg"').includes('alt="회원증 바코드 2026000001"'), 'the card shows the barcode image');
});

/** Bar, space, bar, … widths in modules of an SVG drawn by bwip-js (each bar a stroked vertical line). */
function barsOf(svg: string): number[] {
  const bars: [left: number, width: number][] = [];
  for (const m of svg.matchAll(/<path stroke="#000000" stroke-width="(\d+(?:\.\d+)?)" d="([^"]+)"/g)) {
    const w = Number(m[1]);
    for (const x of (m[2] ?? '').matchAll(/M(\d+(?:\.\d+)?) /g)) bars.push([Number(x[1]) - w / 2, w]);
  }
  bars.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  bars.forEach(([left, w], i) => {
    const prev = bars[i - 1];
    if (prev) out.push((left - (prev[0] + prev[1])) / 2);
    out.push(w / 2);
  });
  return out;
}

/** Code 128's bar/space widths for a value, as bwip-js's encoder gives them. */
function code128(text: string): number[] {
  const [sym] = bwipjs.raw('code128', text);
  return sym && 'sbs' in sym ? sym.sbs : [];
}
