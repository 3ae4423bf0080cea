/** /healthz (process up) and /readyz (homepage API reachable, not shutting down). */
import t from 'tap';
import { buildApp } from '#server/portal/app.ts';
import { loadConfig } from '#server/portal/config.ts';
import { deadUrl } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

t.test('ready with a reachable API; 503 once shutting down', async (t) => {
  const api = await startReferenceApi();
  const lifecycle = { shuttingDown: false };
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', PAGE_CACHE_TTL_S: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', HOMEPAGE_API_URL: api.url }, []), { logger: false, lifecycle });
  t.teardown(async () => {
    await app.close();
    await api.close();
  });
  t.same((await app.inject('/healthz')).json(), { status: 'ok' });
  const ready = await app.inject('/readyz');
  t.equal(ready.statusCode, 200);
  lifecycle.shuttingDown = true;
  const closing = await app.inject('/readyz');
  t.equal(closing.statusCode, 503);
});

t.test('not ready when the API is down, still healthy', async (t) => {
  const portal = await buildTestPortal(await deadUrl());
  t.teardown(() => portal.close());
  t.equal((await portal.app.inject('/healthz')).statusCode, 200);
  const res = await portal.app.inject('/readyz');
  t.equal(res.statusCode, 503);
  t.same(res.json(), { status: 'homepage-api-unavailable' });
});
