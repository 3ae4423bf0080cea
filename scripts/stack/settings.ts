/**
 * What each process of the stack is given (decision 0130): the one list of settings in deploy/
 * that compose reads too (portal.env and homepage-api.env as `env_file`, redis.conf, the
 * Caddyfile with its `{$VAR:default}` placeholders), plus what differs by nature between
 * containers and loopback processes — addresses and secrets — chosen here where compose sets
 * them in `environment:`. test/server/portal/compose.test.ts checks both take the same names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export const DEPLOY = join(import.meta.dirname, '..', '..', 'deploy');
export const CADDYFILE = join(DEPLOY, 'Caddyfile');
export const REDIS_CONF = join(DEPLOY, 'redis.conf');

/** A deploy/ env file as compose reads it (`KEY=value` lines, `#` comments, literal values). */
export function envFile(name: 'portal.env' | 'homepage-api.env'): Record<string, string> {
  const parsed = parseEnv(readFileSync(join(DEPLOY, name), 'utf8'));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (value !== undefined) out[key] = value;
  return out;
}

/** The variables compose sets per portal in `environment:` (addresses and secrets), as the stack sets them. */
export function portalAddresses(a: { port: number; apiUrls: string[]; redisUrl: string; sessionSecret: string; metricsPort: number }) {
  return {
    HOST: '127.0.0.1',
    PORT: String(a.port),
    HOMEPAGE_API_URL: a.apiUrls.join(','),
    SESSION_SECRET: a.sessionSecret,
    REDIS_URL: a.redisUrl,
    METRICS_PORT: String(a.metricsPort),
    METRICS_HOST: '127.0.0.1',
    // Traces pass through from this environment, as compose takes the endpoint from its own.
    OTEL_EXPORTER_OTLP_ENDPOINT: process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] ?? '',
  };
}

/** The variables compose sets per API instance in `environment:`; the Web Push keys pass through from this environment, as compose takes them from its own. */
export function apiAddresses(a: { port: number; databaseUrl: string }) {
  return {
    HOMEPAGE_API_HOST: '127.0.0.1',
    HOMEPAGE_API_PORT: String(a.port),
    DATABASE_URL: a.databaseUrl,
    VAPID_PUBLIC_KEY: process.env['VAPID_PUBLIC_KEY'] ?? '',
    VAPID_PRIVATE_KEY: process.env['VAPID_PRIVATE_KEY'] ?? '',
    VAPID_SUBJECT: process.env['VAPID_SUBJECT'] ?? '',
    OTEL_EXPORTER_OTLP_ENDPOINT: process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] ?? '',
  };
}

/** The Caddyfile's placeholders for loopback: its own port, the two portals, the health check. */
export function caddyAddresses(a: { port: number; healthPort: number; portals: [number, number] }) {
  return {
    SITE_ADDRESS: `http://:${a.port}`,
    CADDY_BIND: '127.0.0.1',
    PORTAL_A: `127.0.0.1:${a.portals[0]}`,
    PORTAL_B: `127.0.0.1:${a.portals[1]}`,
    CADDY_HEALTH_ADDRESS: `:${a.healthPort}`,
  };
}

export function portalEnv(a: Parameters<typeof portalAddresses>[0]): Record<string, string> {
  return { ...envFile('portal.env'), ...portalAddresses(a) };
}

export function apiEnv(a: Parameters<typeof apiAddresses>[0]): Record<string, string> {
  return { ...envFile('homepage-api.env'), ...apiAddresses(a) };
}
