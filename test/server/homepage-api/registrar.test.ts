/**
 * The row is the route (decision 0149): every row of the operation table is registered from
 * the row with its handler, and the API refuses to start when a row has no handler or a
 * handler no row (the types say so first: see the expect-error lines). What the document
 * says is what the API does: a method it does not list for a path answers 405 with an
 * `Allow` of exactly the documented methods.
 */
import t from 'tap';
import Fastify from 'fastify';
import { handlersOf } from '#server/homepage-api/app.ts';
import { registerOperations, unmatchedHandlers, type Handlers } from '#server/homepage-api/operation-table.ts';
import { operations, operationsAt, splitKey } from '#shared/contract/operations.ts';
import { call, login, P, testApi } from './helpers.ts';

const api = await testApi();
t.teardown(() => api.app.close());
const handlers = handlersOf(api.app);

t.test('every row has its handler and every handler its row', async (t) => {
  t.same(unmatchedHandlers(handlers), { rows: [], handlers: [] });
  const { getUserInfo: _left, ...missing } = handlers;
  // @ts-expect-error a row without its handler is a type error
  const typedMissing: Handlers = missing;
  t.throws(() => registerOperations(Fastify(), typedMissing), /operation rows without a handler: getUserInfo/);
  const extra = { ...handlers, getNothing: handlers.getUserInfo };
  t.throws(() => registerOperations(Fastify(), extra), /handlers without an operation row: getNothing/);
  // @ts-expect-error a handler without its row is a type error where handlers are written
  t.ok({ getNothing: handlers.getUserInfo } satisfies Partial<Handlers>);
});

t.test('the routes are the rows: method, path, operationId', async (t) => {
  const doc = (await api.app.inject({ url: '/docs/openapi.json' })).json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
  const served = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path.slice(P.length).replace(/\{([^}]+)\}/g, ':$1')} ${op.operationId}`),
  );
  const rows = Object.entries(operations).map(([key, row]) => `${key} ${row.id}`);
  t.same(served.sort(), rows.sort());
});

t.test('a method the document does not list answers 405 with exactly the documented methods', async (t) => {
  const paths = [...new Set(Object.keys(operations).map((k) => splitKey(k).path))];
  for (const pattern of paths) {
    const url = `${P}${pattern.replace(/:[a-z_]+/g, 'x1')}`;
    const documented = operationsAt(url).flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])).sort();
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST', 'OPTIONS', 'TRACE'] as const) {
      if (documented.includes(method)) continue;
      const res = await api.app.inject({ method, url });
      t.equal(res.statusCode, 405, `${method} ${pattern}`);
      t.equal(res.headers['allow'], documented.join(', '), `${method} ${pattern}: Allow`);
    }
  }
  const loan = await api.app.inject({ method: 'PUT', url: `${P}/activity/authentication/loan` });
  t.equal(loan.headers['allow'], 'POST', 'a write-only path advertises only its write');
  t.equal((await api.app.inject({ method: 'GET', url: `${P}/nothing/here` })).statusCode, 404);
});

t.test('a body it forbids is refused: JSON values are never coerced to their schema\'s type', async (t) => {
  for (const payload of [{ refresh_token: false }, { refresh_token: 12345 }, { refresh_token: ['x'] }, { refresh_token: null }]) {
    const res = await api.app.inject({ method: 'POST', url: `${P}/auth/logout`, payload });
    t.equal(res.statusCode, 400, `logout with ${JSON.stringify(payload)}`);
  }
  const login = await api.app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 1234, user_pass: 'x' } });
  t.equal(login.statusCode, 400, 'a number where the id is text');
  const ok = await api.app.inject({ method: 'POST', url: `${P}/auth/logout`, payload: { refresh_token: 'unknown-token' } });
  t.equal(ok.statusCode, 200, 'a string is still accepted');
  const query = await api.app.inject({ url: `${P}/board/notice?page=2&size=5` });
  t.equal(query.statusCode, 200, 'query strings keep their coercion to numbers');
});

t.test('rules beyond the schema answer 400 with code rule_violated, documented on every operation', async (t) => {
  const { access_token } = await login(api.app);
  const period = await call(api.app, access_token, 'GET', `${P}/activity/getbookdiaryinfolist?from=2026-11-20&to=2026-11-01`);
  t.equal(period.statusCode, 400);
  t.match(period.json(), { result: 'error', code: 'rule_violated' }, 'from after to');
  const schema = await call(api.app, access_token, 'GET', `${P}/activity/getbookdiaryinfolist?from=yesterday`);
  t.equal(schema.statusCode, 400);
  t.notOk('code' in schema.json<object>(), 'a schema refusal has no code');
  const doc = (await api.app.inject({ url: '/docs/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) t.match(op.responses['400']?.description, /rule_violated/, `${method} ${path} documents its rule refusal`);
  }
});
