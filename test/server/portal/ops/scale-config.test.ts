/** The scale-out settings: defaults that keep `npm start` zero-setup, and checked values. */
import t from 'tap';
import { ConfigError, loadConfig } from '#server/portal/config.ts';

const base = { HOMEPAGE_API_URL: 'http://127.0.0.1:4000' };

t.test('defaults: no Redis, metrics on loopback:9464 only, overload thresholds on', async (t) => {
  const c = loadConfig(base, []);
  t.equal(c.redisUrl, undefined);
  t.same(c.metrics, { host: '127.0.0.1', port: 9464 });
  t.equal(loadConfig({ ...base, METRICS_PORT: '0' }, []).metrics, undefined, 'METRICS_PORT=0: no metrics listener');
  t.same(c.overload, { maxEventLoopDelayMs: 1000, maxHeapPercent: 90, retryAfterS: 10 });
});

t.test('values are read and checked', async (t) => {
  const c = loadConfig({ ...base, REDIS_URL: 'rediss://:pw@cache.internal:6380/1', METRICS_PORT: '9500', METRICS_HOST: '0.0.0.0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }, []);
  t.equal(c.redisUrl, 'rediss://:pw@cache.internal:6380/1');
  t.same(c.metrics, { host: '0.0.0.0', port: 9500 });
  t.equal(c.overload.maxEventLoopDelayMs, 0);
  t.throws(() => loadConfig({ ...base, METRICS_PORT: 'ninety' }, []), /METRICS_PORT must be/);
  t.throws(() => loadConfig({ ...base, OVERLOAD_MAX_HEAP_PERCENT: '101' }, []), /OVERLOAD_MAX_HEAP_PERCENT must be an integer between 0 and 100/);
});

t.test('a wrong REDIS_URL stops the start without echoing it (it may hold a password)', async (t) => {
  for (const value of ['http://:hunter2@cache:6379', 'cache:6379', 'redis://']) {
    const err = (() => {
      try {
        loadConfig({ ...base, REDIS_URL: value }, []);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    t.ok(err instanceof ConfigError, `${value.replace('hunter2', '…')} is refused`);
    t.match((err as Error).message, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    t.notOk((err as Error).message.includes('hunter2'));
  }
});
