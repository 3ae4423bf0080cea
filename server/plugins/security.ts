/**
 * Security headers (@fastify/helmet) with a strict, nonce-based Content Security
 * Policy for pages: scripts only from this origin with the per-request nonce, no
 * inline styles, no framing. Vite's dev server injects inline code, so development
 * runs without CSP.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export const securityPlugin = fp<{ dev: boolean; https: boolean }>(
  async (app, opts) => {
    await app.register(helmet, {
      enableCSPNonces: !opts.dev,
      contentSecurityPolicy: opts.dev
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'"],
              imgSrc: ["'self'", 'data:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              // The service worker (/sw.js) and the web app manifest are this origin's own files.
              workerSrc: ["'self'"],
              manifestSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      // Same-origin pages open the library's sites in new tabs; no need to isolate further.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (_req, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    });
  },
  { name: 'portal-security' },
);
