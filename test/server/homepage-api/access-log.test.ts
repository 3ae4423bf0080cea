/** The reference API writes one log line per request, as the portal does (server/access-log.ts, issue 41). */
import t from 'tap';
import { captureLogs } from '#test/fixtures/logs.ts';
import { P, bearer, login, testApi } from './helpers.ts';

t.test('one line per request: answered, with its status and time; none for the request arriving', async (t) => {
  const logs = captureLogs();
  const { app, close } = await testApi({ logger: { level: 'info', stream: logs.stream } });
  t.teardown(close);
  const { access_token } = await login(app);
  const before = logs.lines.length;
  const res = await app.inject({ method: 'GET', url: `${P}/user/point`, headers: { ...bearer(access_token), 'x-request-id': 'one-line-1' } });
  t.equal(res.statusCode, 200);
  const lines = logs.lines.slice(before).filter((l) => l['reqId'] === 'one-line-1');
  t.same(lines.map((l) => l['msg']), ['request completed'], 'one line');
  t.match(lines[0], { res: { statusCode: 200 }, req: { method: 'GET', url: `${P}/user/point` } });
  t.type(lines[0]?.['responseTime'], 'number');
  t.notMatch(JSON.stringify(lines), access_token, 'no token in the line');
});

t.test('a refused request: its one access line, beside the refusal the API logs on purpose', async (t) => {
  const logs = captureLogs();
  const { app, close } = await testApi({ logger: { level: 'info', stream: logs.stream } });
  t.teardown(close);
  const res = await app.inject({ method: 'GET', url: `${P}/user/point`, headers: { 'x-request-id': 'one-line-2' } });
  t.equal(res.statusCode, 401);
  const lines = logs.lines.filter((l) => l['reqId'] === 'one-line-2');
  t.same(lines.filter((l) => l['msg'] === 'request completed').length, 1, 'one access line');
  t.notOk(lines.some((l) => l['msg'] === 'incoming request'), 'no line for the request arriving');
});
