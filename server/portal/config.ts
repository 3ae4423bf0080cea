/**
 * One typed, validated configuration for the portal process, read from the
 * environment once at start (server/env.ts). Anything wrong fails fast with a message
 * that names the variable. The `public` part is what the browser may see.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import type { PublicConfig } from '#shared/public-config.ts';
import { cachedOperations } from '#shared/contract/operations.ts';
import type { CacheTtls } from './homepage/public-cache.ts';
import type { SchemePolicy } from './scheme.ts';
import { HOLD_S_DEFAULT } from './auth/held-pairs.ts';
import { baseUrl, ConfigError, EnvType, readEnv, type Env, type LogLevel } from '../env.ts';

export { ConfigError };
export type { PublicConfig };

export type { LogLevel };

/** Every variable the portal reads (docs/configuration.md, checked by test/lint/configuration-doc.test.ts). */
export const PortalEnv = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
    default: 'production',
    description: 'production, development or test',
  }),
  HOST: EnvType.text('localhost'),
  PORT: EnvType.int(3000, 0, 65535),
  LOG_LEVEL: EnvType.logLevel(),
  HOMEPAGE_API_URL: Type.Optional(Type.String({
    pattern: '^https?://[^\\s/?#]+',
    description: 'an absolute http(s) URL, or several comma-separated (alike instances of one API)',
  })),
  HOMEPAGE_TIMEOUT_MS: EnvType.int(60_000, 1, 600_000),
  DATA_DIR: EnvType.text('data'),
  ASSET_ARCHIVE_DIR: EnvType.optionalText('a folder; by default DATA_DIR/assets'),
  ASSET_ARCHIVE_DAYS: EnvType.int(7, 0, 365),
  TRUST_PROXY: EnvType.text('N', 'N, a number of proxy hops, or comma-separated proxy addresses/CIDRs'),
  RENDER_TIMEOUT_MS: EnvType.int(10_000, 100, 120_000),
  SHELL_DATA_WAIT_MS: EnvType.int(16, 0, 1_000),
  SHUTDOWN_GRACE_MS: EnvType.int(10_000, 0, 120_000),
  SHUTDOWN_DELAY_MS: EnvType.int(3_000, 0, 60_000),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  COOKIE_SECURE: Type.Optional(Type.Boolean()),
  TLS_CERT_FILE: EnvType.optionalText('a PEM certificate file (with TLS_KEY_FILE)'),
  TLS_KEY_FILE: EnvType.optionalText('a PEM private key file (with TLS_CERT_FILE)'),
  REDIRECT_ALLOWED_HOSTS: EnvType.text('', 'comma-separated host names'),
  LOGIN_RATE_PER_MINUTE: EnvType.int(10, 1, 10_000),
  LOGIN_FAILURES_PER_HOUR: EnvType.int(100, 1, 100_000),
  REFRESH_HOLD_S: EnvType.int(HOLD_S_DEFAULT, 0, 3_600),
  REDIS_URL: EnvType.optionalText('a redis:// or rediss:// URL'),
  METRICS_PORT: EnvType.int(9464, 0, 65535),
  METRICS_HOST: EnvType.text('127.0.0.1'),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: EnvType.int(1_000, 0, 60_000),
  OVERLOAD_MAX_HEAP_PERCENT: EnvType.int(90, 0, 100),
  OVERLOAD_RETRY_AFTER_S: EnvType.int(10, 1, 3600),
  TEST_LOGIN: EnvType.flag(false),
  TEST_LOGIN_USER_ID: EnvType.text('reader01'),
  TEST_LOGIN_KEY: EnvType.text('UK7F3A9C21D4E8'),
  TEST_LOGIN_TOKEN: EnvType.text('sso-test-reader01-2026'),
  SITE_NAME: EnvType.text('충북 독서포인트'),
  LIBRARY_NAME: EnvType.text('충청북도립도서관'),
  LIBRARY_URL: EnvType.url(),
  INSTITUTE_NAME: EnvType.text('충청북도평생교육진흥원'),
  INSTITUTE_URL: EnvType.url(),
  SUPPORT_PHONE: EnvType.text('043-220-5600'),
  SUPPORT_EMAIL: EnvType.text('noreply@library.chungbuk.go.kr'),
  CACHE_TTL_S: EnvType.text('', "comma-separated operationId=seconds (0 = not cached, at most 86400) overriding the operation table's TTLs; *=seconds sets every one"),
  CACHE_MAX_ENTRIES: EnvType.int(2000, 1, 1_000_000),
  PAGE_CACHE_TTL_S: EnvType.int(5, 0, 300),
});
export type PortalEnv = Static<typeof PortalEnv>;

export interface Config {
  env: PortalEnv['NODE_ENV'];
  /** Vite dev server with hot reload (npm run dev). */
  dev: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Base URLs of the homepage API (one, or alike instances tried in turn, decision 0130); none → the embedded reference API is started. */
  homepageApiUrls: string[];
  /** Upstream timeout for homepage API calls (docs/product.md §9: 60 000 ms). */
  homepageTimeoutMs: number;
  dataDir: string;
  /**
   * The previous builds' files, kept for tabs opened before a deploy (decision 0145): where, and
   * how many days after the last build that had them started; undefined → not kept (0 days).
   */
  assetArchive: { dir: string; days: number } | undefined;
  /** Proxies whose X-Forwarded-* headers are believed: none, a hop count, or addresses/CIDRs (decision 0011). */
  trustProxy: TrustProxy;
  /** HTTPS per request, or forced by COOKIE_SECURE (decision 0017). */
  scheme: SchemePolicy;
  /** The portal's own TLS (TLS_CERT_FILE / TLS_KEY_FILE, absolute paths); undefined → plain HTTP. */
  tls: { certFile: string; keyFile: string } | undefined;
  /** SSR render is aborted after this long (the shell or an error page is sent). */
  renderTimeoutMs: number;
  /** How long a page's shell waits for its deferred data before streaming without it (decision 0126). */
  shellDataWaitMs: number;
  /** On SIGTERM, the whole shutdown must end within this long (else exit 1). */
  shutdownGraceMs: number;
  /** On SIGTERM, /readyz answers 503 while serving goes on this long, then the server closes (decision 0014). */
  shutdownDelayMs: number;
  auth: AuthConfig;
  /** Public homepage reads cached in the process (decision 0033): seconds per cached row (operationId), 0 = off. */
  cache: { ttlS: CacheTtls; maxEntries: number; /** Visitors' pages (decision 0037), 0 = off. */ pageTtlS: number };
  public: PublicConfig;
  /** Shared state of several instances (sign-in limits, refresh single-flight); undefined → memory. */
  redisUrl: string | undefined;
  /** /metrics on a listener of its own (loopback by default), never on the public port; undefined → no metrics listener (METRICS_PORT=0). */
  metrics: { host: string; port: number } | undefined;
  overload: OverloadConfig;
}

/** When requests are turned away with 503 (0 turns a check off). */
export interface OverloadConfig {
  maxEventLoopDelayMs: number;
  /** Percent of V8's heap limit. */
  maxHeapPercent: number;
  retryAfterS: number;
}

export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` for a TrustProxy. A hop count becomes a trust function of the hop
 * index (Fastify 5.12 trusts no hop for a bare number, so a count would do nothing).
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return (_address, hop) => hop < tp;
}

export interface AuthConfig {
  /** Signs the session cookie. Random per process when SESSION_SECRET is unset. */
  sessionSecret: string;
  sessionSecretGenerated: boolean;
  /** Hosts an absolute redirect target (login redirect URL, logout_url) may point to. */
  redirectHosts: string[];
  /** Sign-in attempts per IP per minute, and failures per account per hour. */
  loginPerMinute: number;
  loginFailuresPerHour: number;
  /** How long a refreshed pair is held for a browser that has not sent it back yet (decision 0142; 0: not held). */
  refreshHoldS: number;
  /** The test member of the test-login button (docs/decisions/D2-answers-and-codes.md; only with TEST_LOGIN=Y). */
  testMember: { userId: string; key: string; token: string };
}

/**
 * The public cache's TTL of each cached row: the row's own (operations.ts), unless
 * CACHE_TTL_S names it (`getBookSearch=0`) or sets every one (`*=0`).
 */
export function cacheTtls(value: string): CacheTtls {
  const ttlS: Record<string, number> = Object.fromEntries(cachedOperations.map((o) => [o.id, o.ttlS]));
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^([*A-Za-z]+)=(\d+)$/.exec(entry);
    const seconds = m ? Number(m[2]) : NaN;
    if (!m || seconds > 86_400) throw new ConfigError(`CACHE_TTL_S: "${entry}" is not operationId=seconds (0 to 86400)`);
    const id = m[1] ?? '';
    if (id === '*') for (const k of Object.keys(ttlS)) ttlS[k] = seconds;
    else if (id in ttlS) ttlS[id] = seconds;
    else throw new ConfigError(`CACHE_TTL_S: ${id} is not a cached operation (${Object.keys(ttlS).join(', ')})`);
  }
  return ttlS;
}

export function loadConfig(source: Env = process.env, argv: readonly string[] = process.argv): Config {
  const env = readEnv(PortalEnv, source);
  const trustProxy = trustProxyFrom(env.TRUST_PROXY);
  const redirectHosts = env.REDIRECT_ALLOWED_HOSTS.split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .map(allowedHost);
  return {
    env: env.NODE_ENV,
    dev: argv.includes('--dev'),
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    homepageApiUrls: homepageApiUrls(env.HOMEPAGE_API_URL),
    homepageTimeoutMs: env.HOMEPAGE_TIMEOUT_MS,
    dataDir: resolve(env.DATA_DIR),
    assetArchive: env.ASSET_ARCHIVE_DAYS > 0 ? { dir: resolve(env.ASSET_ARCHIVE_DIR ?? join(env.DATA_DIR, 'assets')), days: env.ASSET_ARCHIVE_DAYS } : undefined,
    trustProxy,
    scheme: env.COOKIE_SECURE === undefined ? 'auto' : env.COOKIE_SECURE ? 'https' : 'http',
    tls: tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    renderTimeoutMs: env.RENDER_TIMEOUT_MS,
    shellDataWaitMs: env.SHELL_DATA_WAIT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    shutdownDelayMs: shutdownDelay(env.SHUTDOWN_DELAY_MS, env.SHUTDOWN_GRACE_MS),
    cache: {
      ttlS: cacheTtls(env.CACHE_TTL_S),
      maxEntries: env.CACHE_MAX_ENTRIES,
      pageTtlS: env.PAGE_CACHE_TTL_S,
    },
    redisUrl: redisUrl(env.REDIS_URL),
    metrics: env.METRICS_PORT === 0 ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    overload: {
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapPercent: env.OVERLOAD_MAX_HEAP_PERCENT,
      retryAfterS: env.OVERLOAD_RETRY_AFTER_S,
    },
    auth: {
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      sessionSecretGenerated: env.SESSION_SECRET === undefined,
      redirectHosts,
      loginPerMinute: env.LOGIN_RATE_PER_MINUTE,
      loginFailuresPerHour: env.LOGIN_FAILURES_PER_HOUR,
      refreshHoldS: env.REFRESH_HOLD_S,
      testMember: { userId: env.TEST_LOGIN_USER_ID, key: env.TEST_LOGIN_KEY, token: env.TEST_LOGIN_TOKEN },
    },
    public: {
      testLogin: env.TEST_LOGIN,
      siteName: env.SITE_NAME,
      libraryName: env.LIBRARY_NAME,
      libraryUrl: baseUrl('LIBRARY_URL', env.LIBRARY_URL) ?? 'https://library.chungbuk.go.kr',
      instituteName: env.INSTITUTE_NAME,
      instituteUrl: baseUrl('INSTITUTE_URL', env.INSTITUTE_URL) ?? 'https://www.cbnile.or.kr',
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      redirectHosts,
    },
  };
}

/** HOMEPAGE_API_URL: one base URL, or several comma-separated (instances of one API, decision 0130). */
function homepageApiUrls(value: string | undefined): string[] {
  if (value === undefined) return [];
  const urls = value.split(',').map((u) => u.trim()).filter(Boolean).map((u) => {
    if (!/^https?:\/\/[^\s/?#]+/i.test(u)) throw new ConfigError(`HOMEPAGE_API_URL must be an absolute http(s) URL, got "${u}"`);
    return baseUrl('HOMEPAGE_API_URL', u) ?? u;
  });
  if (urls.length > 30) throw new ConfigError(`HOMEPAGE_API_URL names ${urls.length} instances: at most 30`);
  return urls;
}

/** Both files or neither; a missing file stops the process at start, not at the first connection. */
function tlsFiles(cert: string | undefined, key: string | undefined): Config['tls'] {
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  for (const [name, file] of [['TLS_CERT_FILE', cert], ['TLS_KEY_FILE', key]] as const) {
    if (!existsSync(file)) throw new ConfigError(`${name} names a file that does not exist: ${file}`);
  }
  return { certFile: resolve(cert), keyFile: resolve(key) };
}

/** The delay before closing must leave time to drain within the grace. */
function shutdownDelay(delayMs: number, graceMs: number): number {
  if (delayMs > 0 && delayMs >= graceMs) {
    throw new ConfigError(`SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_GRACE_MS (${graceMs}), got "${delayMs}"`);
  }
  return delayMs;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY (decision 0011): `N` (default) trusts no proxy; a list names the proxies
 * (addresses, CIDRs, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`); a number
 * trusts that many hops next to the portal, whoever they are. `Y` ("every hop") let a
 * forged X-Forwarded-For choose the client address, so it is refused with a hint.
 */
function trustProxyFrom(raw: string): TrustProxy {
  const value = raw.trim();
  const upper = value.toUpperCase();
  if (upper === 'N' || upper === 'NO' || upper === 'FALSE' || value === '0') return false;
  if (upper === 'Y' || upper === 'YES' || upper === 'TRUE') {
    throw new ConfigError(
      `TRUST_PROXY=${value} (every hop) is no longer accepted: set the proxies' addresses (e.g. 10.0.0.0/8) or the number of proxies in front of the portal (e.g. 1)`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  } else {
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  }
  throw new ConfigError(`TRUST_PROXY must be N, a number of proxy hops (1–10), or comma-separated proxy addresses/CIDRs, got "${raw}"`);
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A REDIRECT_ALLOWED_HOSTS entry as the URL parser writes hosts: lower case, IDN as punycode. */
function allowedHost(entry: string): string {
  let url: URL | undefined;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    url = undefined;
  }
  if (!url || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`REDIRECT_ALLOWED_HOSTS must be comma-separated host names, got "${entry}"`);
  }
  return url.host;
}

/** Checked here, not by the schema, so that a wrong value (it may hold a password) is never echoed. */
function redisUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL (value not shown)');
  }
  return value;
}
