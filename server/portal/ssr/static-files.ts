/**
 * How the built client files are served (@fastify/static through @fastify/vite): brotli and
 * gzip written at build time, files named by their content hash cached for a year, others
 * for an hour, and the service worker checked on every visit (decisions 0034, 0061).
 */
import type { FastifyReply } from 'fastify';
import { SERVICE_WORKER_PATH } from '#shared/pwa.ts';

/** Files of the build whose name carries their content hash (Vite's `name-<hash>.ext`). */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;

export const staticFileOptions = {
  preCompressed: true,
  cacheControl: false,
  setHeaders(reply: FastifyReply, path: string) {
    if (path.endsWith(SERVICE_WORKER_PATH)) {
      // The service worker is checked on every visit: a new build reaches members at once.
      reply.header('cache-control', 'no-cache');
      reply.header('service-worker-allowed', '/');
      return;
    }
    reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  },
};
