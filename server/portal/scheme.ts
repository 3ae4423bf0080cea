/**
 * Whether a request came over HTTPS, decided per request (decision 0017): the connection's
 * own TLS (TLS_CERT_FILE / TLS_KEY_FILE), or `X-Forwarded-Proto` from a proxy that
 * TRUST_PROXY believes. Secure `__Host-` cookies, HSTS and `upgrade-insecure-requests`
 * follow it, so a laptop at http://127.0.0.1 works in every engine and production keeps all
 * three. COOKIE_SECURE forces either side.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** `auto`: the request's own scheme; `https` / `http`: forced (COOKIE_SECURE=Y / N). */
export type SchemePolicy = 'auto' | 'https' | 'http';

export function isHttps(req: FastifyRequest, policy: SchemePolicy): boolean {
  // Fastify's protocol: the socket's TLS, or X-Forwarded-Proto when the sender is trusted.
  return policy === 'auto' ? req.protocol === 'https' : policy === 'https';
}

/** Hosts that only this machine reaches: plain HTTP there is local use. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

/**
 * The one warning at start when members could reach the portal over plain HTTP: it
 * listens beyond loopback with neither its own TLS nor a trusted proxy to say https.
 */
export function plainHttpWarning(o: { host: string; tls: boolean; trustProxy: unknown; scheme: SchemePolicy }): string | undefined {
  if (o.tls || o.scheme !== 'auto' || o.trustProxy !== false || isLoopbackHost(o.host)) return undefined;
  return `listening on ${o.host} over plain HTTP with no trusted proxy (TRUST_PROXY) and no TLS_CERT_FILE: cookies are not Secure and no HSTS is sent; put an HTTPS proxy in front and set TRUST_PROXY, or set TLS_CERT_FILE and TLS_KEY_FILE`;
}
