/**
 * The reference API's settings: token lifetimes, URLs handed to the portal and the
 * programme's rules (domain.md: "every number is a default of the programme's
 * configuration, not a literal in code"). Read from the environment once (ApiEnv, server/env.ts), overridable
 * by buildHomepageApi options (tests shorten lifetimes, lower caps, move the clock).
 */
import { createECDH } from 'node:crypto';
import { Type } from 'typebox';
import { PROGRAMME_RULES, type ProgrammeRules } from '#shared/contract/programme.ts';
import { ConfigError, EnvType, readEnv, type Env } from '#server/env.ts';
import { isServiceHostName } from './push/endpoint.ts';
import type { PushSender } from './push/sender.ts';
import { systemClock, type Clock } from './time.ts';

export type { ProgrammeRules };

/** The programme's published rules (shared/contract/programme.ts); the environment may override some. */
export const DEFAULT_RULES: ProgrammeRules = PROGRAMME_RULES;

/** The server's VAPID key pair (base64url, as web-push takes them) and its contact (RFC 8292). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: URL the push services may contact. */
  subject: string;
}

/** Web Push (decision 0110). Without VAPID keys the feature hides itself. */
export interface PushSettings {
  vapid: VapidKeys | null;
  /** Hosts (and their subdomains) a subscription's endpoint may be on: the browsers' push services. */
  serviceHosts: readonly string[];
  /** Sends one notification; default: web-push with the VAPID keys. Injectable for tests. */
  sender?: PushSender;
}

/** The push services of Chrome/Edge/Samsung (FCM), Firefox, Safari and Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com'];

export interface ApiSettings {
  accessTtlS: number;
  /** Refresh token lifetime of a sign-in without "keep me signed in". */
  refreshTtlS: number;
  /** Refresh token lifetime with "keep me signed in" (docs/product.md §9: 365 days). */
  refreshKeepTtlS: number;
  /**
   * A spent refresh token presented once more within this long answers the same new pair
   * (the answer the browser lost, decision 0114); 0: never. At most 2 s, and shorter than the
   * access token's life.
   */
  refreshGraceS: number;
  /** The longest a sign-in without "keep me signed in" lasts, refreshes or not (decision 0114). */
  signInMaxAgeS: number;
  /** The longest a kept sign-in lasts, refreshes or not: the spec's 365 days at most. */
  signInMaxAgeKeepS: number;
  /** Where the portal sends a member after GET /common/token/logout. */
  logoutUrl: string;
  /** Code 60/2 (docs/decisions/D2-answers-and-codes.md) when the codes table does not override it. */
  loginRedirectUrl: string;
  /**
   * How long a write's Idempotency-Key and its first answer are kept (decision 0141): a repeat
   * within it gets that answer again; after it the key is swept and the write would run anew.
   */
  idempotencyKeyTtlS: number;
  rules: ProgrammeRules;
  push: PushSettings;
  clock: Clock;
  /** Random number in [0, 1) for check-in points; injectable for tests. */
  random: () => number;
}

export type ApiSettingsInput = Partial<Omit<ApiSettings, 'rules' | 'push'>> & {
  rules?: Partial<ProgrammeRules>;
  push?: Partial<PushSettings>;
};

/** The spec's keep-me-signed-in life (docs/product.md §9): the upper bound of a sign-in. */
const YEAR_S = 365 * 24 * 60 * 60;

/** Every variable the reference API reads (docs/configuration.md, checked by test/lint/configuration-doc.test.ts), read by server/env.ts. */
export const ApiEnv = Type.Object({
  HOMEPAGE_API_PORT: EnvType.int(4000, 0, 65535),
  HOMEPAGE_API_HOST: EnvType.text('127.0.0.1'),
  DATA_DIR: EnvType.text('data'),
  // PostgreSQL instead of the SQLite file under DATA_DIR (decision 0109); it holds a password: never echoed.
  DATABASE_URL: EnvType.secret('a postgres:// or postgresql:// URL', '^postgres(ql)?://\\S+$'),
  DATABASE_POOL_MAX: EnvType.int(10, 1, 1000),
  LOG_LEVEL: EnvType.logLevel(),
  ACCESS_TOKEN_TTL_S: EnvType.int(1800, 1, 31_536_000),
  REFRESH_TOKEN_TTL_S: EnvType.int(24 * 60 * 60, 1, 31_536_000),
  REFRESH_TOKEN_TTL_KEEP_S: EnvType.int(YEAR_S, 1, YEAR_S),
  REFRESH_GRACE_S: EnvType.int(2, 0, 2),
  SIGN_IN_MAX_AGE_S: EnvType.int(24 * 60 * 60, 60, YEAR_S),
  SIGN_IN_MAX_AGE_KEEP_S: EnvType.int(YEAR_S, 60, YEAR_S),
  LOGOUT_URL: EnvType.path('/main/homemain'),
  LOGIN_REDIRECT_URL: EnvType.path('/login/login'),
  POINTS_MONTHLY_CAP: EnvType.int(DEFAULT_RULES.monthlyCap, 0, 10_000_000),
  POINTS_YEARLY_CAP: EnvType.int(DEFAULT_RULES.yearlyCap, 0, 100_000_000),
  // Up to a million: a load test's one member writes far more than any reader (scripts/bench/api-dialects.ts).
  ACTIVITY_WRITES_PER_MINUTE: EnvType.int(DEFAULT_RULES.writesPerMinute, 1, 1_000_000),
  // A day, as the Idempotency-Key draft suggests; up to a week (decision 0141).
  IDEMPOTENCY_KEY_TTL_S: EnvType.int(24 * 60 * 60, 60, 7 * 24 * 60 * 60),
  VAPID_PUBLIC_KEY: EnvType.optionalText('a VAPID public key: an uncompressed P-256 point in base64url (87 characters)', '^[A-Za-z0-9_-]{87}$'),
  VAPID_PRIVATE_KEY: EnvType.secret('a VAPID private key: 32 bytes in base64url (43 characters)', '^[A-Za-z0-9_-]{43}$'),
  VAPID_SUBJECT: EnvType.optionalText('a mailto: address or an https: URL', '^(mailto:[^\\s@]+@[^\\s@]+|https://[^\\s/]+\\S*)$'),
  PUSH_SERVICE_HOSTS: EnvType.text(DEFAULT_PUSH_SERVICE_HOSTS.join(','), 'comma-separated host names of push services'),
});

/** The VAPID keys of the environment: all three or none (none: push hides itself). */
function vapidFromEnv(env: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT?: string | undefined }): VapidKeys | null {
  const given = { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY, VAPID_SUBJECT: env.VAPID_SUBJECT };
  const missing = Object.entries(given).filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length === 3) return null;
  if (missing.length > 0) throw new ConfigError(`VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: ${missing.join(', ')} missing`);
  const keys = { publicKey: env.VAPID_PUBLIC_KEY ?? '', privateKey: env.VAPID_PRIVATE_KEY ?? '', subject: env.VAPID_SUBJECT ?? '' };
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    derived = ecdh.getPublicKey('base64url');
  } catch {
    throw new ConfigError('VAPID_PRIVATE_KEY is not a P-256 private key (value not shown)');
  }
  if (derived !== keys.publicKey) throw new ConfigError('VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY (value not shown)');
  return keys;
}

/** PUSH_SERVICE_HOSTS: DNS names only (an IP address is no push service, and endpoints on one are refused anyway). */
function serviceHostsFromEnv(value: string): string[] {
  const hosts = value.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const wrong = hosts.filter((h) => !isServiceHostName(h));
  if (wrong.length > 0) throw new ConfigError(`PUSH_SERVICE_HOSTS must name push services by DNS name: ${wrong.join(', ')}`);
  return hosts;
}

/**
 * A grace answer hands back the pair issued up to REFRESH_GRACE_S ago: an access token that
 * lives no longer than the grace would come back already expired (a 403 at once, and a refresh
 * that spends the token again). Refused at start (decision 0114).
 */
function checkGrace<T extends { accessTtlS: number; refreshGraceS: number }>(s: T): T {
  if (s.accessTtlS <= s.refreshGraceS) {
    throw new ConfigError(`ACCESS_TOKEN_TTL_S (${s.accessTtlS}) must be longer than REFRESH_GRACE_S (${s.refreshGraceS}): a grace answer would carry an expired access token`);
  }
  return s;
}

export function settingsFromEnv(source: Env = process.env): Omit<ApiSettings, 'clock' | 'random'> {
  const env = readEnv(ApiEnv, source);
  return checkGrace({
    push: {
      vapid: vapidFromEnv(env),
      serviceHosts: serviceHostsFromEnv(env.PUSH_SERVICE_HOSTS),
    },
    accessTtlS: env.ACCESS_TOKEN_TTL_S,
    refreshTtlS: env.REFRESH_TOKEN_TTL_S,
    refreshKeepTtlS: env.REFRESH_TOKEN_TTL_KEEP_S,
    refreshGraceS: env.REFRESH_GRACE_S,
    signInMaxAgeS: env.SIGN_IN_MAX_AGE_S,
    signInMaxAgeKeepS: env.SIGN_IN_MAX_AGE_KEEP_S,
    logoutUrl: env.LOGOUT_URL,
    loginRedirectUrl: env.LOGIN_REDIRECT_URL,
    idempotencyKeyTtlS: env.IDEMPOTENCY_KEY_TTL_S,
    rules: { ...DEFAULT_RULES, monthlyCap: env.POINTS_MONTHLY_CAP, yearlyCap: env.POINTS_YEARLY_CAP, writesPerMinute: env.ACTIVITY_WRITES_PER_MINUTE },
  });
}

export function resolveSettings(input: ApiSettingsInput = {}, env: Env = process.env): ApiSettings {
  const base = settingsFromEnv(env);
  const { rules, push, ...rest } = input;
  return checkGrace({
    ...base,
    clock: systemClock,
    random: Math.random,
    ...rest,
    rules: { ...base.rules, ...rules, activities: { ...base.rules.activities, ...rules?.activities } },
    push: { ...base.push, ...push },
  });
}
