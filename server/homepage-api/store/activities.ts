/**
 * Reading activities (docs/product.md §7 /activity/*): `activityStore` is the composition of
 * the files beside it, each one thing (decision 0138) — the activity rows and what the earning
 * rules read (earnings.ts), the write rate (write-rate.ts), diaries and reviews
 * (diaries-reviews.ts), the member's lists (member-lists.ts), the proofs of the other writes
 * (activity-proofs.ts) and the monthly ranking (ranking.ts). Statements prepared once.
 */
import type { Database } from './dialect.ts';
import { activityProofStore } from './activity-proofs.ts';
import { diaryReviewStore } from './diaries-reviews.ts';
import { earningStore } from './earnings.ts';
import { memberListStore } from './member-lists.ts';
import { rankingStore } from './ranking.ts';
import { runningPointStore } from './running-points.ts';
import { writeRateStore } from './write-rate.ts';

export type { NewDiary } from './earnings.ts';
export type { RankingRow } from './ranking.ts';

export function activityStore(db: Database) {
  const diariesAndReviews = diaryReviewStore(db);
  return {
    ...earningStore(db, diariesAndReviews.addDiary, runningPointStore(db).addRunning),
    ...writeRateStore(db),
    ...diariesAndReviews,
    ...memberListStore(db),
    ...activityProofStore(db),
    ...rankingStore(db),
  };
}
