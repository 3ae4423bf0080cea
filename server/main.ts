/**
 * Process entry: configuration → (embedded reference homepage API when
 * HOMEPAGE_API_URL is unset) → buildApp → listen. SIGTERM/SIGINT close gracefully:
 * /readyz turns 503, in-flight requests finish, then the embedded API stops.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startEmbeddedApi, type EmbeddedApi } from './homepage-api/embedded.ts';
import { loggerOptions } from './logger.ts';
import { startMetricsServer } from './scale/metrics-plugin.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    pino(loggerOptions({ level: 'error', name: 'portal' })).fatal({ err: { message: err.message } }, 'invalid configuration');
    process.exit(1);
  }
  throw err;
}

let embedded: EmbeddedApi | undefined;
if (!config.homepageApiUrl) {
  embedded = await startEmbeddedApi({ dataDir: config.dataDir, logLevel: config.logLevel });
  config = { ...config, homepageApiUrl: embedded.url };
}

const lifecycle = { shuttingDown: false };
const app = await buildApp(config, { lifecycle });
let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;

closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  lifecycle.shuttingDown = true;
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await metricsServer?.close();
  await embedded?.close();
});

await app.listen({ port: config.port, host: config.host });
// METRICS_PORT: /metrics on a listener of its own, not on the public port.
if (config.metricsPort) metricsServer = await startMetricsServer(app.metrics, { host: config.host, port: config.metricsPort });
app.log.info(
  {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${(app.server.address() as { port: number }).port}`,
    homepageApi: embedded ? 'embedded' : config.homepageApiUrl,
    dev: config.dev,
    ...(metricsServer ? { metricsPort: config.metricsPort } : {}),
    sharedState: config.redisUrl ? 'redis' : 'memory',
  },
  'portal listening',
);
