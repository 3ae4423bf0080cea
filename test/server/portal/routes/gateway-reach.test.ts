/**
 * The portal's gateway reaches every call of the homepage API's contract: each GET of the
 * OpenAPI document, made as a signed-in member through /api/v1/homepage/*, gets the API's
 * own success answer (the sign-in calls are the exception: the browser may never reach
 * them). Writes are reached too: their validation answers come from the API itself.
 */
import t from 'tap';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const SAMPLES: Record<string, string> = {
  '{user_id}': 'reader01',
  '{group}': '60',
  '{code}': '2',
  '{a}': '43',
  '{b}': '43110',
  '{notice_info_key}': '1',
  '{newsletter_key}': '1',
  '{type}': 'loan',
  '{club_key}': '1',
  '{review_key}': '1',
  '{isbn}': '9788954650076',
};
const QUERIES: Record<string, string> = {
  '/api/v1/homepage/common/systemcontentinfo': 'content_type=terms',
  '/api/v1/homepage/book/search': 'query=%ED%95%9C%EA%B0%95',
};

const doc = (await api.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
const login = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) });
const jar = new Jar().take(login);

// Token logout revokes the member's tokens: it goes last.
const operations = Object.entries(doc.paths)
  .flatMap(([path, ops]) => Object.keys(ops).map((m) => [m.toUpperCase(), path] as const))
  .sort(([, a], [, b]) => Number(a.endsWith('/token/logout')) - Number(b.endsWith('/token/logout')));
t.ok(operations.length >= 45, `${operations.length} operations in the contract`);

for (const [method, template] of operations) {
  if (template.startsWith('/api/v1/homepage/auth/')) {
    t.test(`${method} ${template} is never reachable from the browser`, async (t) => {
      const url = template.replace('{token}', 'x');
      const res = await portal.app.inject({ method: method === 'GET' ? 'GET' : 'POST', url, headers: PORTAL_CALL, payload: method === 'GET' ? undefined : {} });
      t.equal(res.statusCode, 400);
    });
    continue;
  }
  let path = template;
  for (const [k, v] of Object.entries(SAMPLES)) path = path.replace(k, v);
  t.test(`${method} ${template} reaches the API through the gateway`, async (t) => {
    if (method === 'GET') {
      const query = QUERIES[template];
      const res = await portal.app.inject({ method: 'GET', url: query ? `${path}?${query}` : path, headers: { cookie: jar.header() } });
      t.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 160)}`);
      t.equal(res.json<{ result: string }>().result, 'success');
    } else {
      // An empty body: the API's own validation answers (never the gateway's refusal or a 5xx).
      const res = await portal.app.inject({ method: method === 'DELETE' || method === 'PUT' ? method : 'POST', url: path, headers: { ...PORTAL_CALL, cookie: jar.header() }, payload: { unexpected_field: true } });
      t.ok(res.statusCode < 500, `${path}: ${res.statusCode}`);
      t.not(res.json<{ msg?: string }>().msg, '허용되지 않은 요청 경로입니다.', 'not refused by the gateway');
      t.match(res.json(), { result: /^(success|error)$/ });
    }
  });
}
