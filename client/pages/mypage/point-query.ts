/** The point statement's choices (month, activity, kind of entry) and its page size, shared by my page and its statement. */
import type { ActivityType } from '#shared/contract/points.ts';
import { ACTIVITY_TYPES } from '#shared/contract/programme.ts';

export const ENTRY_TYPES = ['earn', 'spend', 'penalty', 'expire'] as const;
/** The programme's activity types, in the order members see them (shared/contract/programme.ts: browser-safe). */
export const ACTIVITY_KINDS: readonly ActivityType[] = ACTIVITY_TYPES;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const STATEMENT_PAGE_SIZE = 20;

export interface Filters {
  month: string;
  activity: ActivityType | '';
  entry: EntryType | '';
}

export interface Totals {
  earned: number;
  spent: number;
  clawedBack: number;
}
