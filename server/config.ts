/**
 * One typed, validated configuration for the portal process, read from the
 * environment once at start. Anything wrong fails fast with a message that
 * names the variable. The `publicConfig` part is what the browser may see.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { PublicConfig } from '#shared/public-config.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type { PublicConfig };

export interface Config {
  env: 'production' | 'development' | 'test';
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function str(env: Env, key: string, fallback: string): string {
  const v = env[key];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${key} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${key} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toUpperCase();
  if (['Y', 'YES', 'TRUE', '1'].includes(v)) return true;
  if (['N', 'NO', 'FALSE', '0'].includes(v)) return false;
  throw new ConfigError(`${key} must be Y or N, got "${raw}"`);
}

function url(env: Env, key: string, fallback: string | undefined): string | undefined {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${key} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env, argv: readonly string[] = process.argv): Config {
  const nodeEnv = str(env, 'NODE_ENV', 'production');
  if (nodeEnv !== 'production' && nodeEnv !== 'development' && nodeEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be production, development or test, got "${nodeEnv}"`);
  }
  const logLevel = str(env, 'LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const secret = env['SESSION_SECRET']?.trim();
  if (secret !== undefined && secret !== '' && secret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters');
  }
  const redirectHosts = str(env, 'REDIRECT_ALLOWED_HOSTS', '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    env: nodeEnv,
    dev: argv.includes('--dev'),
    host: str(env, 'HOST', 'localhost'),
    port: int(env, 'PORT', 3000, 0, 65535),
    logLevel: logLevel as LogLevel,
    homepageApiUrl: url(env, 'HOMEPAGE_API_URL', undefined),
    homepageTimeoutMs: int(env, 'HOMEPAGE_TIMEOUT_MS', 60_000, 1, 600_000),
    dataDir: resolve(str(env, 'DATA_DIR', 'data')),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    renderTimeoutMs: int(env, 'RENDER_TIMEOUT_MS', 10_000, 100, 120_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 120_000),
    auth: {
      sessionSecret: secret || randomBytes(32).toString('base64url'),
      sessionSecretGenerated: !secret,
      secureCookies: flag(env, 'COOKIE_SECURE', nodeEnv === 'production'),
      redirectHosts,
      loginPerMinute: int(env, 'LOGIN_RATE_PER_MINUTE', 10, 1, 10_000),
      loginFailuresPerHour: int(env, 'LOGIN_FAILURES_PER_HOUR', 100, 1, 100_000),
      testMember: {
        userId: str(env, 'TEST_LOGIN_USER_ID', 'reader01'),
        key: str(env, 'TEST_LOGIN_KEY', 'UK7F3A9C21D4E8'),
        token: str(env, 'TEST_LOGIN_TOKEN', 'sso-test-reader01-2026'),
      },
    },
    public: {
      testLogin: flag(env, 'TEST_LOGIN', false),
      siteName: str(env, 'SITE_NAME', '충북 독서포인트'),
      libraryName: str(env, 'LIBRARY_NAME', '충청북도립도서관'),
      libraryUrl: url(env, 'LIBRARY_URL', 'https://library.chungbuk.go.kr') ?? '',
      instituteName: str(env, 'INSTITUTE_NAME', '충청북도평생교육진흥원'),
      instituteUrl: url(env, 'INSTITUTE_URL', 'https://www.cbnile.or.kr') ?? '',
      supportPhone: str(env, 'SUPPORT_PHONE', '043-220-5600'),
      supportEmail: str(env, 'SUPPORT_EMAIL', 'noreply@library.chungbuk.go.kr'),
      redirectHosts,
    },
  };
}
