/**
 * Process entry: configuration → (embedded reference homepage API when
 * HOMEPAGE_API_URL is unset) → buildApp → listen. SIGTERM/SIGINT drain (decision 0014):
 * /readyz turns 503 at once while serving goes on for SHUTDOWN_DELAY_MS, then the server
 * stops accepting, answers carry `Connection: close`, idle connections are closed, in-flight
 * requests finish, and the embedded API closes last — all within SHUTDOWN_GRACE_MS.
 */
// First: V8's heap settings, before any other module allocates (decision 0167).
import './v8-heap.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './portal/app.ts';
import { ConfigError, loadConfig, type Config } from './portal/config.ts';
import { startEmbeddedApi, type EmbeddedApi } from './homepage-api/embedded.ts';
import { loggerOptions } from './logger.ts';
import { startMetricsServer } from './portal/ops/metrics-plugin.ts';
import { plainHttpWarning } from './portal/scheme.ts';
import { startTracing, tracingFromEnv, type TracingSettings } from './tracing.ts';

let config: Config;
let tracingSettings: TracingSettings | undefined;
try {
  config = loadConfig();
  tracingSettings = tracingFromEnv(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    pino(loggerOptions({ level: 'error', name: 'portal' })).fatal({ err: { message: err.message } }, 'invalid configuration');
    process.exit(1);
  }
  throw err;
}

// Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then the SDK is loaded, before the app is built (decision 0128).
const tracing = await startTracing(tracingSettings, { name: 'reading-portal' });

let embedded: EmbeddedApi | undefined;
if (config.homepageApiUrls.length === 0) {
  try {
    embedded = await startEmbeddedApi({ dataDir: config.dataDir, logLevel: config.logLevel });
  } catch (err) {
    // Its settings are read from this environment too (ACCESS_TOKEN_TTL_S against REFRESH_GRACE_S, …).
    const message = err instanceof Error ? err.message : String(err);
    pino(loggerOptions({ level: 'error', name: 'portal' })).fatal({ err: { message } }, 'the embedded homepage API cannot start');
    process.exit(1);
  }
  config = { ...config, homepageApiUrls: [embedded.url] };
}

const lifecycle = { shuttingDown: false };
const app = await buildApp(config, { lifecycle, tracing });
let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;

closeWithGrace(
  {
    delay: config.shutdownGraceMs,
    logger: { error: (message: unknown) => app.log.error({ err: message }, 'shutdown failed') },
    onTimeout: (graceMs) => app.log.error({ graceMs }, 'shutdown took longer than SHUTDOWN_GRACE_MS; exiting'),
  },
  async ({ signal, err }) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    lifecycle.shuttingDown = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal, delayMs: config.shutdownDelayMs, graceMs: config.shutdownGraceMs }, 'shutting down');
    // Load balancers need a probe period to see /readyz answer 503; meanwhile serving goes on.
    // A timer counts from the event loop's cached clock, so it can fire a little before its time
    // (CI saw 999 of 1,000 ms): the delay is slept until it has truly passed.
    if (!err) {
      for (let left = config.shutdownDelayMs; left > 0; left = config.shutdownDelayMs - (performance.now() - started)) {
        await sleep(Math.ceil(left));
      }
    }
    app.log.info({ elapsedMs: elapsed() }, 'closing: no new connections; in-flight requests finish');
    await app.close();
    app.log.info({ elapsedMs: elapsed() }, 'portal closed');
    await metricsServer?.close();
    if (embedded) {
      await embedded.close();
      app.log.info({ elapsedMs: elapsed() }, 'embedded homepage API closed');
    }
    // The spans still buffered are sent before the process ends.
    await tracing?.shutdown();
    app.log.info({ elapsedMs: elapsed() }, 'shut down');
  },
);

await app.listen({ port: config.port, host: config.host });
const plainHttp = plainHttpWarning({ host: config.host, tls: config.tls !== undefined, trustProxy: config.trustProxy, scheme: config.scheme });
if (plainHttp) app.log.warn(plainHttp);
// /metrics on a listener of its own (loopback by default), never on the public port. A port
// already taken (a second portal on one laptop) costs the metrics, not the portal.
if (config.metrics) {
  try {
    metricsServer = await startMetricsServer(app.metrics, config.metrics);
  } catch (err) {
    app.log.warn({ err: { message: (err as Error).message }, metrics: config.metrics }, 'metrics listener not started: set METRICS_PORT (0 turns it off)');
  }
}
app.log.info(
  {
    url: `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${(app.server.address() as { port: number }).port}`,
    homepageApi: embedded ? 'embedded' : config.homepageApiUrls.join(','),
    dev: config.dev,
    ...(metricsServer && config.metrics ? { metricsHost: config.metrics.host, metricsPort: (metricsServer.server.address() as { port: number }).port } : {}),
    sharedState: config.redisUrl ? 'redis' : 'memory',
    ...(tracingSettings ? { tracing: tracingSettings.protocol } : {}),
  },
  'portal listening',
);
