/**
 * 독서일지 연속 기록 on 나의 활동 (decision 0151): the days in a row the member wrote a diary,
 * the longest run and the last day, as a description list, with one sentence on what today's
 * diary would do. The API's answer or its error words: a failed read says so in this card and
 * leaves the rest of the page alone.
 */
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { ReadingStreak, ReadingStreakAnswer } from '#shared/contract/statistics.ts';
import { formatDay } from '#client/components/format.ts';
import { activityText } from './messages.ts';

const t = activityText.streak;

/** What a diary today would do to the streak. */
function nextStep(s: ReadingStreak): string {
  if (s.last_day === null) return t.first;
  if (s.last_day === s.today) return t.today;
  return s.current_days > 0 ? t.keep(s.current_days + 1) : t.restart;
}

export function StreakCard({ answer }: { answer: ReadingStreakAnswer | ErrorAnswer }) {
  return (
    <section className="card" aria-labelledby="streak-title">
      <h2 id="streak-title" className="card__title">
        {t.title}
      </h2>
      {answer.result === 'success' ? (
        <>
          <dl className="summary-list">
            <div>
              <dt>{t.current}</dt>
              <dd className="summary-list__strong">{t.days(answer.streak.current_days)}</dd>
            </div>
            <div>
              <dt>{t.longest}</dt>
              <dd>{t.longestDays(answer.streak.longest_days)}</dd>
            </div>
            <div>
              <dt>{t.last}</dt>
              <dd>{answer.streak.last_day === null ? t.never : formatDay(answer.streak.last_day)}</dd>
            </div>
          </dl>
          <p className="field__hint">{nextStep(answer.streak)}</p>
        </>
      ) : (
        <p className="empty">{answer.msg}</p>
      )}
    </section>
  );
}
