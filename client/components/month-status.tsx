/**
 * How far a member is with one way of earning this month (from getuseractivitycnt): the
 * points it is worth, the monthly limit and this month's count. Streams in (0030).
 */
import type { ActivityCountAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { messages } from '#shared/messages.ts';
import { monthCount, pointsRule } from '#shared/messages-programme.ts';
import { Deferred, Skeleton } from './deferred.tsx';

export function MonthStatus({
  counts,
  type,
  label,
  points,
}: {
  counts: Promise<ActivityCountAnswer | ErrorAnswer>;
  type: ActivityType;
  label: string;
  points: string;
}) {
  return (
    <Deferred value={counts} fallback={<Skeleton lines={1} label={messages.loading} />}>
      {(a) => {
        const c = a.result === 'success' ? a.counts.find((x) => x.activity_type === type) : undefined;
        const limit = c?.monthly_limit ?? null;
        const full = c !== undefined && limit !== null && c.earned_count >= limit;
        return (
          <p className={`month-status${full ? ' is-full' : ''}`}>
            <strong>{label}</strong>
            <span>{pointsRule(points, limit)}</span>
            {c && <span>{monthCount(c.earned_count, limit)}</span>}
          </p>
        );
      }}
    </Deferred>
  );
}
