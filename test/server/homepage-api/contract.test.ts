/**
 * The contract: the OpenAPI document validates (OpenAPI 3.1 schema), and every answer of
 * every documented operation matches the document's schema for its status. A route
 * whose answer drifts from its schema, or a documented operation this test never calls,
 * fails here.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Value } from 'typebox/value';
import { P, PASSWORD, call, curatedBooks, derefDocument, freshMember, login, testApi } from './helpers.ts';
import { SSO_TEST } from '#server/homepage-api/seed/members.ts';
import { MAX_PARAM_LENGTH } from '#server/homepage-api/protocol.ts';
import { ErrorAnswer } from '#shared/contract/common.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Req = [op: string, method: Method, url: string, token?: string, body?: object];
const R = (op: string, method: Method, url: string, token?: string, body?: object): Req => [op, method, url, token, body];

/** Push is on in these tests: VAPID keys and a browser's subscription on a known push service. */
const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:contract@example.org' };
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/contract-test',
  expirationTime: null,
  keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
};
const contractApi = () => testApi({ settings: { accessTtlS: 3600, push: { vapid: VAPID } } });

/**
 * Requests covering every operation, in an order that works against a freshly seeded API
 * (token logout last). The first request of each operation is a valid one.
 */
async function sampleRequests(app: FastifyInstance): Promise<Req[]> {
  const reader = await login(app, 'reader01', true);
  const admin = await login(app, 'admin01');
  const fresh = await freshMember(app);
  const isbn = curatedBooks()[0]?.isbn ?? '';
  const expiring = await login(app, 'reader01');
  const tok = reader.access_token;
  const ownReview = (await app.stores.activities.reviewOfBook(1, isbn)) ?? 0; // reader01's seeded review of the first book
  return [
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
    R('/code/libraries', 'GET', '/code/libraries'),
    R('/code/libraries', 'GET', '/code/libraries?city_code=43110'),
    R('/code/libraries', 'GET', '/code/libraries?city_code=43'),
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
    R('/user/point/list', 'GET', '/user/point/list?month=2026-11&activity_type=diary&page=1&size=5', tok),
    R('/user/point/list', 'GET', '/user/point/list?month=2026-13', tok),
    R('/user/point/list', 'GET', '/user/point/list?from=2026-12-01&to=2026-11-01', tok),
    R('/user/penalty/list', 'GET', '/user/penalty/list', tok),
    R('/push/config', 'GET', '/push/config'),
    R('/user/push', 'GET', '/user/push', tok),
    R('/user/push', 'POST', '/user/push', tok, { fcm_token: SUBSCRIPTION, reminder_hour: 21, reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' } }),
    R('/user/push', 'POST', '/user/push', tok, { fcm_token: { ...SUBSCRIPTION, endpoint: 'https://push.example.com/x' } }),
    R('/user/push', 'GET', '/user/push', tok),
    R('/user/push', 'DELETE', '/user/push', tok, { notification_permission: 'denied' }),
    R('/user/push', 'DELETE', '/user/push', tok, { notification_permission: 'granted' }),
    R('/activity/getuserstatistics', 'GET', '/activity/getuserstatistics', tok),
    R('/activity/getuserreadingstreak', 'GET', '/activity/getuserreadingstreak', tok),
    R('/user/goal', 'POST', '/user/goal', tok, { goal_books: 24 }),
    R('/user/goal', 'POST', '/user/goal', tok, { goal_books: 0 }),
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
    R('/activity/bookdiary', 'POST', '/activity/bookdiary', fresh, { isbn, content: '계약 시험 일지' }),
    R('/activity/bookreview', 'POST', '/activity/bookreview', fresh, { isbn, title: '서평', content: '가'.repeat(250), rating: 5 }),
    R('/activity/bookreview', 'POST', '/activity/bookreview', fresh, { isbn, title: '두 번째 서평', content: '나'.repeat(250), rating: 4 }),
    R('/activity/bookreview/{review_key}', 'PUT', `/activity/bookreview/${ownReview}`, tok, { title: '고친 서평', content: '다'.repeat(300), rating: 4 }),
    R('/activity/bookreview/{review_key}', 'PUT', `/activity/bookreview/${ownReview}`, fresh, { title: '남의 서평', content: '라'.repeat(300), rating: 1 }),
    R('/activity/bookreview/{review_key}', 'PUT', `/activity/bookreview/${ownReview}`, tok, { title: '짧은 서평', content: '마'.repeat(199), rating: 4 }),
    R('/activity/authentication/loan', 'POST', '/activity/authentication/loan', fresh, { loan_no: 'C-0001', isbn, library_code: '4313001', loan_date: '2026-11-21' }),
    R('/activity/authentication/purchase', 'POST', '/activity/authentication/purchase', fresh, { bookstore_key: 2, receipt_no: 'R-0001', purchase_date: '2026-11-21', amount: 15000, book_title: '흰', book_format: 'paper' }),
    R('/activity/authentication/purchase', 'POST', '/activity/authentication/purchase', fresh, { bookstore_key: 2, receipt_no: 'R-0001', purchase_date: '2026-11-21', amount: 15000, book_title: '흰', book_format: 'paper' }),
    R('/activity/authentication/authortalk', 'POST', '/activity/authentication/authortalk', fresh, { check_in_code: 'TALK2026' }),
    R('/activity/authentication/edu', 'POST', '/activity/authentication/edu', fresh, { edu_type: 'reading_hours', certificate_no: 'RH-2026-000001', course_name: '여름 독서교실', completed_on: '2026-08-01' }),
    R('/activity/edutypes', 'GET', '/activity/edutypes'),
    R('/activity/authortalks', 'GET', '/activity/authortalks', tok),
    R('/activity/authortalks', 'GET', '/activity/authortalks'),
    R('/activity/authortalks', 'GET', '/activity/authortalks?from=2026-12-01&to=2026-11-01'),
    R('/activity/getbookdiaryinfolist', 'GET', '/activity/getbookdiaryinfolist', tok),
    R('/activity/getbookdiaryhistorylist', 'GET', '/activity/getbookdiaryhistorylist', tok),
    R('/activity/getbookreviewinfolist', 'GET', '/activity/getbookreviewinfolist', tok),
    R('/activity/getbookactivityinfolist', 'GET', '/activity/getbookactivityinfolist?size=100', tok),
    R('/activity/getbookactivityinfolist', 'GET', `/activity/getbookactivityinfolist?isbn=${isbn}`, tok),
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
    R('/bookclub/{club_key}/nextmeeting', 'POST', '/bookclub/1/nextmeeting', tok, { next_meeting_on: '2026-11-28' }),
    R('/bookclub/{club_key}/nextmeeting', 'POST', '/bookclub/1/nextmeeting', tok, { next_meeting_on: null }),
    R('/bookclub/{club_key}/nextmeeting', 'POST', '/bookclub/1/nextmeeting', tok, { next_meeting_on: '2027-12-01' }),
    R('/bookclub/{club_key}/nextmeeting', 'POST', '/bookclub/1/nextmeeting', fresh, { next_meeting_on: '2026-11-28' }),
    R('/book/search', 'GET', `/book/search?query=${encodeURIComponent('한강')}`),
    R('/book/search', 'GET', `/book/search?query=${encodeURIComponent('ㅎㄱ')}&size=5&page=2`),
    R('/book/search', 'GET', '/book/search?query='),
    R('/book/{isbn}', 'GET', `/book/${isbn}`),
    R('/book/{isbn}', 'GET', '/book/9780000000002'),
    R('/book/{isbn}/reviews', 'GET', `/book/${isbn}/reviews`, tok),
    R('/book/{isbn}/reviews', 'GET', `/book/${isbn}/reviews?page=2&size=1`),
    R('/book/{isbn}/reviews', 'GET', '/book/9780000000002/reviews'),
    R('/popular/popularbooklist', 'GET', '/popular/popularbooklist?period=year&age_group=30'),
    R('/popular/popularbooklist', 'GET', '/popular/popularbooklist?city_code=43110'),
    R('/popular/popularbooklist', 'GET', '/popular/popularbooklist?city_code=99999'),
    R('/bookstore/list', 'GET', '/bookstore/list?city_code=43110'),
    R('/admin/penalty', 'POST', '/admin/penalty', admin.access_token, { activity_key: 1, reason: '중복 인증' }),
    R('/admin/penalty', 'POST', '/admin/penalty', tok, { activity_key: 1, reason: '중복 인증' }),
    R('/common/token/logout', 'GET', '/common/token/logout', expiring.access_token),
  ];
}

t.test('every answer matches its documented schema; every operation is exercised', async (t) => {
  const { app, clock, close } = await contractApi();
  t.teardown(close);
  const doc = derefDocument((await app.inject({ url: '/docs/openapi.json' })).json() as Doc);
  const requests = await sampleRequests(app);
  const tok = (await login(app, 'reader01')).access_token;

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
  const doc = derefDocument((await app.inject({ url: '/docs/openapi.json' })).json() as Doc);
  const schema = doc.paths[`${P}/board/notice`]?.['get']?.responses['200']?.content?.['application/json']?.schema ?? {};
  const good = (await app.inject({ url: `${P}/board/notice` })).json();
  t.ok(Value.Check(schema, good));
  t.notOk(Value.Check(schema, { ...good, notice_list: [{ ...good.notice_list[0], display_yn: 'yes' }] }), 'a wrong flag value');
  t.notOk(Value.Check(schema, { ...good, total: '8' }), 'a number as text');
  const { total: _total, ...missing } = good;
  t.notOk(Value.Check(schema, missing), 'a missing field');
});

/** The documented answer schema of an operation for a status, or undefined. */
function answerSchema(doc: Doc, path: string, method: string, status: number): object | undefined {
  return doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
}

t.test('every operation: unknown method → 405, unknown query parameter → 400, overlong path parameter → 414, token before input', async (t) => {
  const { app, close } = await contractApi();
  t.teardown(close);
  const doc = derefDocument((await app.inject({ url: '/docs/openapi.json' })).json() as Doc);
  const requests = await sampleRequests(app);
  const check = (label: string, schema: object | undefined, answer: unknown) => {
    if (!schema) return t.fail(`${label}: no documented schema`);
    const errors = [...Value.Errors(schema, answer)].slice(0, 3);
    if (errors.length) t.fail(`${label} drifts from its schema: ${JSON.stringify(errors)}`);
    else t.pass(`${label} matches its schema`);
  };

  for (const [path, ops] of Object.entries(doc.paths)) {
    const concrete = path.replace(/\{[a-z_]+\}/g, (name) => (name === '{type}' ? 'loan' : 'x'));
    // The documented path this URL is listed under: the most static one, as a router picks
    // (…/authentication/loan is a POST, though …/authentication/{type} also takes it; decision 0149).
    const matching = Object.entries(doc.paths)
      .filter(([p]) => new RegExp(`^${p.replace(/\{[a-z_]+\}/g, '[^/]+')}$`).test(concrete))
      .sort(([a], [b]) => a.split('{').length - b.split('{').length);
    const methods = new Set(matching.slice(0, 1).flatMap(([, o]) => Object.keys(o)));
    const allowed = [...methods].flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])).sort();
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      if (allowed.includes(method)) continue;
      const res = await app.inject({ method, url: concrete });
      t.equal(res.statusCode, 405, `${method} ${path}`);
      t.equal(res.headers['allow'], allowed.join(', '), `${method} ${path} names the allowed methods`);
      t.ok(Value.Check(ErrorAnswer, res.json()) && res.json().msg === apiMessages.validation.methodNotAllowed, `${method} ${path} answers { result, msg }`);
    }

    for (const method of Object.keys(ops)) {
      const op = path.slice(P.length);
      const sample = requests.find(([o, m]) => o === op && m.toLowerCase() === method);
      if (!sample) {
        t.fail(`no sample request for ${method.toUpperCase()} ${path}`);
        continue;
      }
      const [, m, url, token, body] = sample;
      const extra = `${url}${url.includes('?') ? '&' : '?'}zz_unknown=1`;
      const unknown = await call(app, token, m, extra, body);
      t.equal(unknown.statusCode, 400, `${m} ${extra}: unknown query parameter refused`);
      t.equal(unknown.json().msg, apiMessages.validation.unknownField('zz_unknown'));
      check(`${m} ${extra} 400`, answerSchema(doc, path, method, 400), unknown.json());

      if (path.includes('{')) {
        const long = path.replace(/\{[a-z_]+\}/g, 'x'.repeat(MAX_PARAM_LENGTH + 1));
        const res = await call(app, token, m, long, body);
        t.equal(res.statusCode, 414, `${m} ${path} with an overlong path parameter`);
        check(`${m} ${path} 414`, answerSchema(doc, path, method, 414), res.json());
      }

      const security = ops[method]?.security;
      const memberOnly = Array.isArray(security) && security.length === 1;
      if (memberOnly) {
        const res = await call(app, undefined, m, extra, m === 'POST' ? { unexpected: ['not', 'valid'] } : undefined);
        t.equal(res.statusCode, 401, `${m} ${path} without a token: 401 before any validation`);
        check(`${m} ${path} 401`, answerSchema(doc, path, method, 401), res.json());
      }
    }
  }
  // A path parameter within the router's limit but over its schema's: the schema's 400.
  const isbn = await call(app, undefined, 'GET', `/book/${'9'.repeat(150)}`);
  t.same([isbn.statusCode, isbn.json().msg], [400, 'ISBN을 다시 확인해 주세요.']);
  // Unknown paths stay 404; unknown body fields are refused too.
  t.equal((await app.inject({ method: 'TRACE', url: `${P}/nowhere` })).statusCode, 404);
  const reader = await login(app, 'reader02');
  const extraField = await call(app, reader.access_token, 'POST', '/user/info', { agree_yn: 'Y', favourite_colour: 'blue' });
  t.same([extraField.statusCode, extraField.json().msg], [400, apiMessages.validation.unknownField('favourite_colour')]);
  // Business rules the schema states answer with the rule's own message.
  const short = await call(app, reader.access_token, 'POST', '/activity/bookreview', { isbn: curatedBooks()[0]?.isbn, title: '서평', content: '가'.repeat(199), rating: 3 });
  t.same([short.statusCode, short.json().msg], [400, '서평은 200자 이상 1,000자 이내로 입력해 주세요.']);
  const reviewSchema = doc.paths[`${P}/activity/bookreview`]?.['post'];
  t.match(JSON.stringify(reviewSchema), /"minLength":200,"maxLength":1000/, 'the review length range is in the document');
});
