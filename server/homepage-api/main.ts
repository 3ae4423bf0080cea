/**
 * `npm run start:api`: the reference homepage API on its own.
 * HOMEPAGE_API_PORT (default 4000), HOMEPAGE_API_HOST (default 127.0.0.1), DATA_DIR, or DATABASE_URL
 * (PostgreSQL, decision 0109) with DATABASE_POOL_MAX.
 */
// First: V8's heap settings, before any other module allocates (decision 0167).
import '#server/v8-heap.ts';
import closeWithGrace from 'close-with-grace';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { ConfigError, readEnv } from '#server/env.ts';
import { loggerOptions, stdoutDestination } from '#server/logger.ts';
import { startTracing, tracingFromEnv, type TracingSettings } from '#server/tracing.ts';
import { buildHomepageApi } from './app.ts';
import { ApiEnv, settingsFromEnv } from './settings.ts';

let env;
let tracingSettings: TracingSettings | undefined;
try {
  env = readEnv(ApiEnv, process.env);
  settingsFromEnv(process.env); // checks what goes together (the VAPID keys)
  tracingSettings = tracingFromEnv(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  pino(loggerOptions({ level: 'error', name: 'homepage-api' })).fatal({ err: { message: err.message } }, 'invalid configuration');
  process.exit(1);
}

// Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 0128).
const tracing = await startTracing(tracingSettings, { name: 'homepage-api', activeContext: true });
let app;
try {
  app = await buildHomepageApi({
    dbFile: join(resolve(env.DATA_DIR), 'homepage.db'),
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    logger: { ...loggerOptions({ level: env.LOG_LEVEL, name: 'homepage-api' }), stream: stdoutDestination() },
    scheduleReminders: true,
    tracing,
  });
} catch (err) {
  // PostgreSQL down or refusing at start: a message naming DATABASE_URL (without its password), exit 1.
  const message = err instanceof Error ? err.message : String(err);
  pino(loggerOptions({ level: 'error', name: 'homepage-api' })).fatal({ err: { message } }, 'cannot start');
  process.exit(1);
}
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await tracing?.shutdown();
});
await app.listen({ port: env.HOMEPAGE_API_PORT, host: env.HOMEPAGE_API_HOST });
