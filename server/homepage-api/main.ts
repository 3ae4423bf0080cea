/**
 * `npm run start:api`: the reference homepage API on its own.
 * HOMEPAGE_API_PORT (default 4000), HOMEPAGE_API_HOST (default 127.0.0.1), DATA_DIR.
 */
import closeWithGrace from 'close-with-grace';
import { join, resolve } from 'node:path';
import { buildHomepageApi } from './app.ts';
import { loggerOptions } from '../logger.ts';

const port = Number(process.env['HOMEPAGE_API_PORT'] ?? 4000);
const host = process.env['HOMEPAGE_API_HOST'] ?? '127.0.0.1';
const dataDir = resolve(process.env['DATA_DIR'] ?? 'data');

const app = await buildHomepageApi({
  dbFile: join(dataDir, 'homepage.db'),
  logger: loggerOptions({ level: process.env['LOG_LEVEL'] ?? 'info', name: 'homepage-api' }),
});
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});
await app.listen({ port, host });
