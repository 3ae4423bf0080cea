/**
 * The contract: the OpenAPI document validates (OpenAPI 3.1 schema), and every answer of
 * every documented operation matches the document's schema for its status. A route
 * whose answer drifts from its schema, or a documented operation this test never calls,
 * fails here.
 */
import t from 'tap';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Value } from 'typebox/value';
import { P, PASSWORD, call, curatedBooks, freshMember, login, testApi } from './helpers.ts';
import { SSO_TEST } from '#server/homepage-api/seed/members.ts';

interface Operation {
  responses: Record<string, { content?: { 'application/json'?: { schema?: object } } }>;
  security?: unknown[];
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: object } };

t.test('GET /docs/openapi.json is a valid OpenAPI 3.1 document', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  for (const url of ['/docs/openapi.json', `${P}/docs/openapi.json`]) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200, url);
    const doc = res.json() as Doc;
    t.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc);
    t.ok(result.valid, `document validates${result.valid ? '' : `: ${JSON.stringify(result.errors).slice(0, 2000)}`}`);
    t.ok(doc.paths[`${P}/auth/login`]?.['post'], 'login documented');
    t.match(doc.components?.securitySchemes, { bearerAuth: { type: 'http', scheme: 'bearer' } });
    t.ok(Object.keys(doc.paths).length >= 40, `${Object.keys(doc.paths).length} paths documented`);
  }
});

t.test('every answer matches its documented schema; every operation is exercised', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 3600 } });
  t.teardown(close);
  const doc = (await app.inject({ url: '/docs/openapi.json' })).json() as Doc;
  const reader = await login(app, 'reader01', true);
  const admin = await login(app, 'admin01');
  const fresh = await freshMember(app);
  const isbn = curatedBooks()[0]?.isbn ?? '';
  const expiring = await login(app, 'reader01');

  type Req = [op: string, method: 'GET' | 'POST', url: string, token?: string, body?: object];
  const R = (op: string, method: 'GET' | 'POST', url: string, token?: string, body?: object): Req => [op, method, url, token, body];
  const tok = reader.access_token;
  const requests: Req[] = [
    R('/auth/login', 'POST', '/auth/login', undefined, { user_id: 'reader02', user_pass: PASSWORD }),
    R('/auth/login', 'POST', '/auth/login', undefined, { user_id: 'reader01', user_pass: 'wrong' }),
    R('/auth/login', 'POST', '/auth/login', undefined, { user_id: 'expired01', user_pass: PASSWORD }),
    R('/auth/login', 'POST', '/auth/login', undefined, { user_id: '' }),
    R('/auth/refresh', 'POST', '/auth/refresh', undefined, { refresh_token: expiring.refresh_token }),
    R('/auth/refresh', 'POST', '/auth/refresh', undefined, { refresh_token: 'unknown-refresh-token' }),
    R('/auth/logout', 'POST', '/auth/logout', undefined, { refresh_token: 'unknown-refresh-token' }),
    R('/auth/sso/{token}', 'GET', `/auth/sso/${SSO_TEST.token}?userid=${SSO_TEST.userId}&key=${SSO_TEST.key}`),
    R('/auth/sso/{token}', 'GET', `/auth/sso/${SSO_TEST.token}?userid=${SSO_TEST.userId}&key=wrong`),
    R('/common/joincheck/{user_id}', 'GET', '/common/joincheck/reader01', tok),
    R('/common/joincheck/{user_id}', 'GET', '/common/joincheck/reader02', tok),
    R('/common/joincheck/{user_id}', 'GET', '/common/joincheck/reader01'),
    R('/common/systemcontentinfo', 'GET', '/common/systemcontentinfo?content_type=terms'),
    R('/common/systemcontentinfo', 'GET', '/common/systemcontentinfo?content_type=nope'),
    R('/code/{group}/{code}', 'GET', '/code/60/2'),
    R('/code/{group}/{code}', 'GET', '/code/99/9'),
    R('/code/local/{a}', 'GET', '/code/local/43'),
    R('/code/local/{a}', 'GET', '/code/local/99'),
    R('/code/local/{a}/{b}', 'GET', '/code/local/43/43111'),
    R('/code/local/{a}/{b}', 'GET', '/code/local/43130/43150'),
    R('/user/info', 'GET', '/user/info', tok),
    R('/user/info', 'GET', '/user/info'),
    R('/user/info', 'POST', '/user/info', tok, { notice_yn: 'Y' }),
    R('/user/info', 'POST', '/user/info', tok, { phone: '010-1234-5678' }),
    R('/user/api/user', 'GET', '/user/api/user', tok),
    R('/user/api/card', 'GET', '/user/api/card', tok),
    R('/user/kapiinfo', 'GET', '/user/kapiinfo', tok),
    R('/user/point', 'GET', '/user/point', tok),
    R('/user/point/list', 'GET', '/user/point/list?size=50', tok),
    R('/user/point/list', 'GET', '/user/point/list?entry_type=spend', tok),
    R('/user/point/list', 'GET', '/user/point/list?from=2026-12-01&to=2026-11-01', tok),
    R('/user/penalty/list', 'GET', '/user/penalty/list', tok),
    R('/board/notice', 'GET', '/board/notice?notice_type=1&display_yn=Y'),
    R('/board/notice', 'GET', '/board/notice?page=1&size=2'),
    R('/board/notice', 'GET', '/board/notice?notice_type=9'),
    R('/board/notice/{notice_info_key}', 'GET', '/board/notice/1'),
    R('/board/notice/{notice_info_key}', 'GET', '/board/notice/8'),
    R('/board/faq', 'GET', '/board/faq'),
    R('/board/newsletter', 'GET', '/board/newsletter'),
    R('/board/newsletter/{newsletter_key}', 'GET', '/board/newsletter/1'),
    R('/board/newsletter/{newsletter_key}', 'GET', '/board/newsletter/999'),
    R('/activity/bookdiary', 'POST', '/activity/bookdiary', fresh, { isbn, content: '계약 시험 일지' }),
    R('/activity/bookdiary', 'POST', '/activity/bookdiary', fresh, { isbn, content: '' }),
    R('/activity/bookreview', 'POST', '/activity/bookreview', fresh, { isbn, title: '서평', content: '가'.repeat(250), rating: 5 }),
    R('/activity/authentication/loan', 'POST', '/activity/authentication/loan', fresh, { loan_no: 'C-0001', isbn, library_name: '충주시립도서관', loan_date: '2026-11-21' }),
    R('/activity/authentication/purchase', 'POST', '/activity/authentication/purchase', fresh, { bookstore_key: 2, receipt_no: 'R-1', purchase_date: '2026-11-21', amount: 15000, book_title: '흰', book_format: 'paper' }),
    R('/activity/authentication/purchase', 'POST', '/activity/authentication/purchase', fresh, { bookstore_key: 2, receipt_no: 'R-1', purchase_date: '2026-11-21', amount: 15000, book_title: '흰', book_format: 'paper' }),
    R('/activity/authentication/authortalk', 'POST', '/activity/authentication/authortalk', fresh, { check_in_code: 'TALK2026' }),
    R('/activity/authentication/edu', 'POST', '/activity/authentication/edu', fresh, { edu_type: 'reading_hours', certificate_no: 'RH-2026-000001', course_name: '여름 독서교실', completed_on: '2026-08-01' }),
    R('/activity/edutypes', 'GET', '/activity/edutypes'),
    R('/activity/getbookdiaryinfolist', 'GET', '/activity/getbookdiaryinfolist', tok),
    R('/activity/getbookdiaryhistorylist', 'GET', '/activity/getbookdiaryhistorylist', tok),
    R('/activity/getbookreviewinfolist', 'GET', '/activity/getbookreviewinfolist', tok),
    R('/activity/getbookactivityinfolist', 'GET', '/activity/getbookactivityinfolist?size=100', tok),
    R('/activity/authentication/{type}', 'GET', '/activity/authentication/loan', tok),
    R('/activity/authentication/{type}', 'GET', '/activity/authentication/bookclub', tok),
    R('/activity/authentication/{type}', 'GET', '/activity/authentication/unknown', tok),
    R('/activity/getuseractivitycnt', 'GET', '/activity/getuseractivitycnt', tok),
    R('/activity/getactivityranking', 'GET', '/activity/getactivityranking', tok),
    R('/activity/getactivityranking', 'GET', '/activity/getactivityranking?month=2026-13'),
    R('/activity/getuserattendancecheck', 'GET', '/activity/getuserattendancecheck', tok),
    R('/challenge/checkin', 'POST', '/challenge/checkin', tok),
    R('/challenge/checkin', 'POST', '/challenge/checkin', tok),
    R('/challenge/start', 'POST', '/challenge/start', fresh),
    R('/bookclub/list', 'GET', '/bookclub/list', tok),
    R('/bookclub/{club_key}', 'GET', '/bookclub/1', tok),
    R('/bookclub/{club_key}', 'GET', '/bookclub/77'),
    R('/bookclub/{club_key}/join', 'POST', '/bookclub/2/join', fresh),
    R('/bookclub/{club_key}/join', 'POST', '/bookclub/4/join', fresh),
    R('/bookclub/{club_key}/leave', 'POST', '/bookclub/2/leave', fresh),
    R('/bookclub/{club_key}/meetings', 'POST', '/bookclub/1/meetings', tok, { held_on: '2026-11-21', topic: '모임', attendees: ['2026000001'] }),
    R('/book/search', 'GET', `/book/search?query=${encodeURIComponent('한강')}`),
    R('/book/search', 'GET', `/book/search?query=${encodeURIComponent('ㅎㄱ')}&size=5&page=2`),
    R('/book/search', 'GET', '/book/search?query='),
    R('/book/{isbn}', 'GET', `/book/${isbn}`),
    R('/book/{isbn}', 'GET', '/book/9780000000002'),
    R('/popular/popularbooklist', 'GET', '/popular/popularbooklist?period=year&age_group=30'),
    R('/bookstore/list', 'GET', '/bookstore/list?city_code=43110'),
    R('/admin/penalty', 'POST', '/admin/penalty', admin.access_token, { activity_key: 1, reason: '중복 인증' }),
    R('/admin/penalty', 'POST', '/admin/penalty', tok, { activity_key: 1, reason: '중복 인증' }),
    R('/common/token/logout', 'GET', '/common/token/logout', expiring.access_token),
  ];

  const seen = new Set<string>();
  for (const [op, method, url, token, body] of requests) {
    const res = await call(app, token, method, url, body);
    const operation = doc.paths[P + op]?.[method.toLowerCase()];
    if (!operation) {
      t.fail(`${method} ${op} is not documented`);
      continue;
    }
    const schema = operation.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
    if (!schema) {
      t.fail(`${method} ${url} answered ${res.statusCode}, which is not documented: ${res.body.slice(0, 200)}`);
      continue;
    }
    const answer: unknown = res.json();
    const errors = [...Value.Errors(schema, answer)].slice(0, 3);
    if (errors.length) t.fail(`${method} ${url} ${res.statusCode} drifts from its schema: ${JSON.stringify(errors)} ${res.body.slice(0, 300)}`);
    else t.pass(`${method} ${url} ${res.statusCode}`);
    t.ok(res.statusCode < 500, `${method} ${url} is not a 500`);
    seen.add(`${method.toLowerCase()} ${P}${op}`);
  }
  // 403 token_expired, documented on protected routes.
  clock.advance(3601);
  const expired = await call(app, tok, 'GET', '/user/info');
  t.equal(expired.statusCode, 403);
  const schema403 = doc.paths[`${P}/user/info`]?.['get']?.responses['403']?.content?.['application/json']?.schema;
  t.ok(schema403 && Value.Check(schema403, expired.json()), '403 matches ErrorAnswer');

  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) {
      if (!seen.has(`${method} ${path}`)) t.fail(`${method.toUpperCase()} ${path} is documented but never exercised here`);
    }
  }
});

t.test('a drifting answer is caught: the checker is not vacuous', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const doc = (await app.inject({ url: '/docs/openapi.json' })).json() as Doc;
  const schema = doc.paths[`${P}/board/notice`]?.['get']?.responses['200']?.content?.['application/json']?.schema ?? {};
  const good = (await app.inject({ url: `${P}/board/notice` })).json();
  t.ok(Value.Check(schema, good));
  t.notOk(Value.Check(schema, { ...good, notice_list: [{ ...good.notice_list[0], display_yn: 'yes' }] }), 'a wrong flag value');
  t.notOk(Value.Check(schema, { ...good, total: '8' }), 'a number as text');
  const { total: _total, ...missing } = good;
  t.notOk(Value.Check(schema, missing), 'a missing field');
});
