/** The point statement's choices (month, activity, kind of entry) and its page size, shared by my page and its statement. */
import type { ActivityType } from '#shared/contract/points.ts';

export const ENTRY_TYPES = ['earn', 'spend', 'penalty', 'expire'] as const;
/** The contract's activity types, in the order members see them (a list here: the contract module is not for the browser). */
export const ACTIVITY_KINDS = [
  'diary', 'review', 'loan', 'purchase', 'bookclub', 'authortalk', 'edu', 'checkin', 'challenge',
] as const satisfies readonly ActivityType[];
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
