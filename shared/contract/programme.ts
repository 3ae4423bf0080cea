/**
 * The reading-points programme's facts, said once (decision 0133): the rule numbers the
 * reference API starts with (its settings may override them), the kinds of activity, what
 * an ISBN-13 looks like and which day it is in Seoul. Browser-safe: no schema library, so
 * pages, messages and the API's defaults all read this module.
 */

/** Every kind of activity, in the order members see them. */
export const ACTIVITY_TYPES = ['diary', 'review', 'loan', 'purchase', 'bookclub', 'authortalk', 'edu', 'checkin', 'challenge'] as const;
export type ActivityTypeName = (typeof ACTIVITY_TYPES)[number];
/** Kinds of point-ledger entry (the contract's EntryType, points.ts), for the browser without the schemas. */
export const ENTRY_TYPES = ['earn', 'penalty', 'spend', 'expire'] as const;
export type EntryTypeName = (typeof ENTRY_TYPES)[number];

export interface ActivityRule {
  /** Points an activity earns. */
  points: number;
  /** Points of the member's first activity of this type ever (book diary: 200). */
  firstPoints?: number;
  /** Activities that earn points per Seoul month; null = no monthly limit. */
  monthlyLimit: number | null;
}

export interface ProgrammeRules {
  activities: Record<ActivityTypeName, ActivityRule>;
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
  /** Activity writes (records and review edits) a member may make in any 60 seconds; more → 429. */
  writesPerMinute: number;
}

/** Review length: 200 to 1,000 characters; diary: up to 200 (plain constants: pages carry only these). */
export const REVIEW_MIN_CHARS = 200;
export const REVIEW_MAX_CHARS = 1000;
export const DIARY_MAX_CHARS = 200;

/** What each activity earns (the pages' texts read only these: the browser carries no more). */
export const POINTS = { diary: 50, firstDiary: 200, review: 500, loan: 1000, purchase: 2000, bookclub: 500, authortalk: 1000, edu: 500 } as const;

/**
 * The programme's published defaults (domain.md "Earning"). Built by a pure call so that a
 * bundle which reads only POINTS drops the whole object (the browser's pages do).
 */
export const PROGRAMME_RULES: ProgrammeRules = /* @__PURE__ */ ((): ProgrammeRules => ({
  activities: {
    diary: { points: POINTS.diary, firstPoints: POINTS.firstDiary, monthlyLimit: 31 },
    review: { points: POINTS.review, monthlyLimit: 3 },
    loan: { points: POINTS.loan, monthlyLimit: 2 },
    purchase: { points: POINTS.purchase, monthlyLimit: 1 },
    bookclub: { points: POINTS.bookclub, monthlyLimit: 4 },
    authortalk: { points: POINTS.authortalk, monthlyLimit: 4 },
    edu: { points: POINTS.edu, monthlyLimit: 2 },
    checkin: { points: 0, monthlyLimit: null },
    challenge: { points: 500, monthlyLimit: null },
  },
  monthlyCap: 23_750,
  yearlyCap: 60_000,
  checkinMin: 10,
  checkinMax: 50,
  challengeDays: 21,
  diaryMaxChars: DIARY_MAX_CHARS,
  reviewMinChars: REVIEW_MIN_CHARS,
  reviewMaxChars: REVIEW_MAX_CHARS,
  writesPerMinute: 10,
}))();

/** ISBN-13 as the catalogue keeps it: 978 or 979, then ten digits (a JSON Schema / route pattern). */
export const ISBN13_PATTERN = '^97[89][0-9]{10}$';
const ISBN13 = new RegExp(ISBN13_PATTERN);

export function isIsbn13(s: string): boolean {
  return ISBN13.test(s);
}

/**
 * An ISBN as a person types or prints it ("978-89-374-6123-2", "978 89 …"), without its
 * spaces and hyphens: what the forms send and the book search matches. It does not check
 * the result (isIsbn13 does).
 */
export function normaliseIsbn(s: string): string {
  return s.replace(/[\s-]/g, '');
}

/** Seoul keeps UTC+9 all year (no daylight saving since 1988): a day in Seoul is plain arithmetic. */
export const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Seoul calendar day (YYYY-MM-DD) of an instant in milliseconds. */
export function seoulDay(ms: number): string {
  return new Date(ms + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The end of the Seoul day of an instant (epoch ms): the next Seoul midnight. */
export function endOfSeoulDay(ms: number): number {
  const day = 24 * 60 * 60 * 1000;
  return Math.floor((ms + SEOUL_OFFSET_MS) / day) * day + day - SEOUL_OFFSET_MS;
}
