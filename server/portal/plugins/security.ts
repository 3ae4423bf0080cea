/**
 * Security headers: helmet's set, computed once at start (decision 0123), and a strict
 * Content Security Policy written from prepared strings (decision 0035): pages get scripts
 * only from this origin with the page's nonce, no inline styles, no framing; every other
 * answer (JSON, assets, redirects) gets a fixed policy that allows nothing to run. Vite's
 * dev server injects inline code, so development runs without CSP. HSTS and
 * `upgrade-insecure-requests` go only on answers to HTTPS requests (decision 0017): over
 * http://127.0.0.1 WebKit would upgrade the page's own scripts to an https:// where
 * nothing listens.
 */
import { randomFillSync } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OFFLINE_PATH, SERVICE_WORKER_PATH } from '#shared/pwa.ts';
import { isHttps, type SchemePolicy } from '../scheme.ts';
import { pathOfUrl } from '#shared/http.ts';

/** The page policy's directives; `{nonce}` is filled per page. */
const PAGE_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self' 'nonce-{nonce}'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The service worker (/sw.js) and the web app manifest are this origin's own files.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The service worker's script and the offline page it keeps: this origin's files only
 * (the worker fetches the shell's assets; the offline page has the stylesheet and icon),
 * no scripts in the page.
 */
const SELF_ONLY_CSP = "default-src 'self'; script-src 'none'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const SELF_ONLY_PATHS: ReadonlySet<string> = new Set([SERVICE_WORKER_PATH, OFFLINE_PATH]);

/** Everything but pages: nothing runs, nothing frames. */
const OTHER_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

declare module 'fastify' {
  interface FastifyInstance {
    /** Puts the page policy with a fresh nonce on this reply and answers the nonce (undefined in development). */
    pageCsp(reply: FastifyReply): string | undefined;
  }
}

/**
 * The headers helmet sets with these options, read once from a response it is given at
 * start: they are the same for every answer (the CSP is ours), so no request runs helmet.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(res.req, res, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers[name] = String(value);
  return headers;
}

/** The fixed headers of one scheme, and the page policy around its nonce. */
interface SchemeHeaders {
  fixed: Record<string, string>;
  pageCsp: readonly [before: string, after: string];
}

function schemeHeaders(dev: boolean, https: boolean): SchemeHeaders {
  const fixed = {
    ...helmetHeaders({
      contentSecurityPolicy: false,
      // Same-origin pages open the library's sites in new tabs; no need to isolate further.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https && !dev ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  const directives = https ? [...PAGE_DIRECTIVES, 'upgrade-insecure-requests'] : PAGE_DIRECTIVES;
  const [before = '', after = ''] = directives.join('; ').split('{nonce}');
  return { fixed: dev ? fixed : { ...fixed, 'content-security-policy': OTHER_CSP }, pageCsp: [before, after] };
}

/**
 * A page's CSP nonce: 16 bytes from the CSPRNG, base64. The bytes are drawn 4 KiB at a time
 * and each 16 is used once (as Node does for randomUUID): one draw per 256 pages instead of
 * a buffer and a draw per page (decision 0127).
 */
const NONCE_BYTES = 16;
const nonceBytes = Buffer.alloc(256 * NONCE_BYTES);
let nonceAt = nonceBytes.length;
export function nextNonce(): string {
  if (nonceAt === nonceBytes.length) {
    randomFillSync(nonceBytes);
    nonceAt = 0;
  }
  const nonce = nonceBytes.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

export const securityPlugin = fp<{ dev: boolean; scheme: SchemePolicy }>(
  async (app, opts) => {
    const overHttps = schemeHeaders(opts.dev, true);
    const overHttp = schemeHeaders(opts.dev, false);
    const headersOf = (req: FastifyRequest) => (isHttps(req, opts.scheme) ? overHttps : overHttp);
    // A callback hook (no promise per request); one call sets the whole prepared set.
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(headersOf(req).fixed);
      if (!opts.dev && SELF_ONLY_PATHS.has(pathOfUrl(req.url))) reply.header('content-security-policy', SELF_ONLY_CSP);
      done();
    });
    app.decorate('pageCsp', (reply: FastifyReply) => {
      if (opts.dev) return undefined;
      const nonce = nextNonce();
      const [before, after] = headersOf(reply.request).pageCsp;
      reply.header('content-security-policy', before + nonce + after);
      return nonce;
    });
  },
  { name: 'portal-security' },
);
