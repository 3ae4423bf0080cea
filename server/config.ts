/**
 * One typed, validated configuration for the portal process, read from the
 * environment once at start (server/env.ts). Anything wrong fails fast with a message
 * that names the variable. The `public` part is what the browser may see.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import type { PublicConfig } from '#shared/public-config.ts';
import { baseUrl, ConfigError, EnvType, readEnv, type Env, type LogLevel } from './env.ts';

export { ConfigError };
export type { PublicConfig };

export type { LogLevel };

/** Every variable the portal reads (README "Configuration"). */
export const PortalEnv = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
    default: 'production',
    description: 'production, development or test',
  }),
  HOST: EnvType.text('localhost'),
  PORT: EnvType.int(3000, 0, 65535),
  LOG_LEVEL: EnvType.logLevel(),
  HOMEPAGE_API_URL: EnvType.url(),
  HOMEPAGE_TIMEOUT_MS: EnvType.int(60_000, 1, 600_000),
  DATA_DIR: EnvType.text('data'),
  TRUST_PROXY: EnvType.flag(false),
  RENDER_TIMEOUT_MS: EnvType.int(10_000, 100, 120_000),
  SHUTDOWN_GRACE_MS: EnvType.int(10_000, 0, 120_000),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  COOKIE_SECURE: Type.Optional(Type.Boolean()),
  REDIRECT_ALLOWED_HOSTS: EnvType.text('', 'comma-separated host names'),
  LOGIN_RATE_PER_MINUTE: EnvType.int(10, 1, 10_000),
  LOGIN_FAILURES_PER_HOUR: EnvType.int(100, 1, 100_000),
  REDIS_URL: EnvType.optionalText('a redis:// or rediss:// URL'),
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'a port between 1 and 65535' })),
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
});
export type PortalEnv = Static<typeof PortalEnv>;

export interface Config {
  env: PortalEnv['NODE_ENV'];
  /** Vite dev server with hot reload (npm run dev). */
  dev: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Base URL of the homepage API; undefined → the embedded reference API is started. */
  homepageApiUrl: string | undefined;
  /** Upstream timeout for homepage API calls (spec §9: 60 000 ms). */
  homepageTimeoutMs: number;
  dataDir: string;
  trustProxy: boolean;
  /** SSR render is aborted after this long (the shell or an error page is sent). */
  renderTimeoutMs: number;
  /** Grace period for in-flight requests on SIGTERM. */
  shutdownGraceMs: number;
  auth: AuthConfig;
  public: PublicConfig;
  /** Shared state of several instances (sign-in limits, refresh single-flight); undefined → memory. */
  redisUrl: string | undefined;
  /** /metrics on its own listener on this port; undefined → on the public port. */
  metricsPort: number | undefined;
  overload: OverloadConfig;
}

/** When requests are turned away with 503 (0 turns a check off). */
export interface OverloadConfig {
  maxEventLoopDelayMs: number;
  /** Percent of V8's heap limit. */
  maxHeapPercent: number;
  retryAfterS: number;
}

export interface AuthConfig {
  /** Signs the session cookie. Random per process when SESSION_SECRET is unset. */
  sessionSecret: string;
  sessionSecretGenerated: boolean;
  /** Secure cookies with the __Host- prefix (decisions D3: always in production). */
  secureCookies: boolean;
  /** Hosts an absolute redirect target (login redirect URL, logout_url) may point to. */
  redirectHosts: string[];
  /** Sign-in attempts per IP per minute, and failures per account per hour. */
  loginPerMinute: number;
  loginFailuresPerHour: number;
  /** The test member of the test-login button (decisions D2; only with TEST_LOGIN=Y). */
  testMember: { userId: string; key: string; token: string };
}

export function loadConfig(source: Env = process.env, argv: readonly string[] = process.argv): Config {
  const env = readEnv(PortalEnv, source);
  const redirectHosts = env.REDIRECT_ALLOWED_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    env: env.NODE_ENV,
    dev: argv.includes('--dev'),
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    homepageApiUrl: baseUrl('HOMEPAGE_API_URL', env.HOMEPAGE_API_URL),
    homepageTimeoutMs: env.HOMEPAGE_TIMEOUT_MS,
    dataDir: resolve(env.DATA_DIR),
    trustProxy: env.TRUST_PROXY,
    renderTimeoutMs: env.RENDER_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    redisUrl: redisUrl(env.REDIS_URL),
    metricsPort: env.METRICS_PORT,
    overload: {
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapPercent: env.OVERLOAD_MAX_HEAP_PERCENT,
      retryAfterS: env.OVERLOAD_RETRY_AFTER_S,
    },
    auth: {
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      sessionSecretGenerated: env.SESSION_SECRET === undefined,
      secureCookies: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
      redirectHosts,
      loginPerMinute: env.LOGIN_RATE_PER_MINUTE,
      loginFailuresPerHour: env.LOGIN_FAILURES_PER_HOUR,
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
