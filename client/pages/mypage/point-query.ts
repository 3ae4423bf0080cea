/** The point statement's choices (month, activity, kind of entry) and its page size, shared by my page and its statement. */
import type { ActivityType } from '#shared/contract/points.ts';
import { ACTIVITY_TYPES, ENTRY_TYPES, type EntryTypeName } from '#shared/contract/programme.ts';

/** The ledger's kinds of entry, from the contract (shared/contract/programme.ts). */
export { ENTRY_TYPES };
/** The programme's activity types, in the order members see them (shared/contract/programme.ts: browser-safe). */
export const ACTIVITY_KINDS: readonly ActivityType[] = ACTIVITY_TYPES;
export type EntryType = EntryTypeName;
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
