/**
 * The reference API's settings: token lifetimes, URLs handed to the portal and the
 * programme's rules (domain.md: "every number is a default of the programme's
 * configuration, not a literal in code"). Read from the environment once, overridable
 * by buildHomepageApi options (tests shorten lifetimes, lower caps, move the clock).
 */
import { systemClock, type Clock } from './time.ts';

export type ActivityType = 'diary' | 'review' | 'loan' | 'purchase' | 'bookclub' | 'authortalk' | 'edu' | 'checkin' | 'challenge';

export const ACTIVITY_TYPES: readonly ActivityType[] = [
  'diary', 'review', 'loan', 'purchase', 'bookclub', 'authortalk', 'edu', 'checkin', 'challenge',
];

export interface ActivityRule {
  /** Points an activity earns. */
  points: number;
  /** Points of the member's first activity of this type ever (book diary: 200). */
  firstPoints?: number;
  /** Activities that earn points per Seoul month; null = no monthly limit. */
  monthlyLimit: number | null;
}

export interface ProgrammeRules {
  activities: Record<ActivityType, ActivityRule>;
  monthlyCap: number;
  yearlyCap: number;
  /** Daily challenge check-in earns a random whole number in [min, max]. */
  checkinMin: number;
  checkinMax: number;
  /** Consecutive days that complete a challenge. */
  challengeDays: number;
  diaryMaxChars: number;
  reviewMinChars: number;
  reviewMaxChars: number;
}

export const DEFAULT_RULES: ProgrammeRules = {
  activities: {
    diary: { points: 50, firstPoints: 200, monthlyLimit: 31 },
    review: { points: 500, monthlyLimit: 3 },
    loan: { points: 1000, monthlyLimit: 2 },
    purchase: { points: 2000, monthlyLimit: 1 },
    bookclub: { points: 500, monthlyLimit: 4 },
    authortalk: { points: 1000, monthlyLimit: 4 },
    edu: { points: 500, monthlyLimit: 2 },
    checkin: { points: 0, monthlyLimit: null },
    challenge: { points: 500, monthlyLimit: null },
  },
  monthlyCap: 23_750,
  yearlyCap: 60_000,
  checkinMin: 10,
  checkinMax: 50,
  challengeDays: 21,
  diaryMaxChars: 200,
  reviewMinChars: 200,
  reviewMaxChars: 1000,
};

export interface ApiSettings {
  accessTtlS: number;
  /** Refresh token lifetime of a sign-in without "keep me signed in". */
  refreshTtlS: number;
  /** Refresh token lifetime with "keep me signed in" (spec §9: 365 days). */
  refreshKeepTtlS: number;
  /** Where the portal sends a member after GET /common/token/logout. */
  logoutUrl: string;
  /** Code 60/2 (decisions D2) when the codes table does not override it. */
  loginRedirectUrl: string;
  rules: ProgrammeRules;
  clock: Clock;
  /** Random number in [0, 1) for check-in points; injectable for tests. */
  random: () => number;
}

export type ApiSettingsInput = Partial<Omit<ApiSettings, 'rules'>> & { rules?: Partial<ProgrammeRules> };

type Env = Record<string, string | undefined>;

function envInt(env: Env, key: string, fallback: number, min: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${key} must be an integer ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

function envPath(env: Env, key: string, fallback: string): string {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) throw new Error(`${key} must be a same-origin path, got "${raw}"`);
  return raw;
}

export function settingsFromEnv(env: Env = process.env): Omit<ApiSettings, 'clock' | 'random'> {
  return {
    accessTtlS: envInt(env, 'ACCESS_TOKEN_TTL_S', 1800, 1),
    refreshTtlS: envInt(env, 'REFRESH_TOKEN_TTL_S', 24 * 60 * 60, 1),
    refreshKeepTtlS: envInt(env, 'REFRESH_TOKEN_TTL_KEEP_S', 365 * 24 * 60 * 60, 1),
    logoutUrl: envPath(env, 'LOGOUT_URL', '/main/homemain'),
    loginRedirectUrl: envPath(env, 'LOGIN_REDIRECT_URL', '/login/login'),
    rules: {
      ...DEFAULT_RULES,
      monthlyCap: envInt(env, 'POINTS_MONTHLY_CAP', DEFAULT_RULES.monthlyCap, 0),
      yearlyCap: envInt(env, 'POINTS_YEARLY_CAP', DEFAULT_RULES.yearlyCap, 0),
    },
  };
}

export function resolveSettings(input: ApiSettingsInput = {}, env: Env = process.env): ApiSettings {
  const base = settingsFromEnv(env);
  const { rules, ...rest } = input;
  return {
    ...base,
    clock: systemClock,
    random: Math.random,
    ...rest,
    rules: { ...base.rules, ...rules, activities: { ...base.rules.activities, ...rules?.activities } },
  };
}
