/**
 * The embedded reference API, run in a worker thread by the portal's process entry
 * when HOMEPAGE_API_URL is unset. A thread of its own keeps node:sqlite's synchronous
 * calls off the portal's event loop. It listens on a loopback port and reports it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildHomepageApi } from './app.ts';
import { loggerOptions } from '../logger.ts';
import { startTracing, tracingFromEnv } from '../tracing.ts';

export interface EmbeddedApiData {
  dbFile: string;
  logLevel: string;
}
export type EmbeddedApiMessage = { type: 'listening'; url: string } | { type: 'closed' };

const data = workerData as EmbeddedApiData;
const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');

// The thread shares the portal's environment (checked there already) and traces with an SDK of
// its own: the portal's spans reach it as the `traceparent` of each call (decision 0128).
const tracing = await startTracing(tracingFromEnv(process.env), { name: 'homepage-api', embedded: true, activeContext: true });
const app = await buildHomepageApi({
  dbFile: data.dbFile,
  logger: loggerOptions({ level: data.logLevel, name: 'homepage-api' }),
  scheduleReminders: true,
  tracing,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
port.postMessage({ type: 'listening', url: address } satisfies EmbeddedApiMessage);
port.on('message', (msg: unknown) => {
  if (msg === 'close') {
    void app.close().then(async () => {
      await tracing?.shutdown();
      port.postMessage({ type: 'closed' } satisfies EmbeddedApiMessage);
      port.close();
    });
  }
});
