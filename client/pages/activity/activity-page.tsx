/**
 * My activity (docs/product.md §2 /activity/activity): the points balance against the monthly and
 * yearly caps, the reading streak (streak.tsx, decision 0151), this month's activities against
 * their limits, reading statistics with the yearly goal (statistics.tsx, its own chunk —
 * decision 0063), recent
 * activity and the monthly ranking. Member-only: the loader runs only for members.
 */
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { ActivityCountAnswer, ActivityItem, RankingAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { ReadingStreakAnswer, UserStatisticsAnswer } from '#shared/contract/statistics.ts';
import type { PointAnswer } from '#shared/contract/points.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { messages } from '#shared/messages.ts';
import { earnPoints, monthCount, pointsRule, programmeLabels } from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import { activityText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { formatDay } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { ActivityRows } from '#client/components/activity-rows.tsx';
import { Meter, PointsBalance } from '#client/components/meter.tsx';
import { ListState } from '#client/components/list-state.tsx';
import { StreakCard } from './streak.tsx';
import { lazyHere } from '#client/components/lazy-part.tsx';

const statisticsPart = () => import('./statistics.tsx');
const ReadingStatistics = lazyHere(statisticsPart);

interface Data {
  point: PointAnswer['point'] | null;
  counts: ActivityCountAnswer | null;
  recent: ActivityItem[] | null;
  ranking: RankingAnswer | null;
  /** The API's answer as it came: its error words are shown in the streak's card. */
  streak: ReadingStreakAnswer | ErrorAnswer;
  /** Streamed behind the rest (decision 0030): the charts are drawn when it arrives. */
  statistics: Promise<UserStatisticsAnswer | ErrorAnswer>;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const statistics = api.get('/activity/getuserstatistics');
  // Handled by the page; a failure of the reads below must not leave it unhandled meanwhile.
  statistics.catch(() => undefined);
  // In the browser, the charts' code downloads while the data is on its way.
  if (!import.meta.env.SSR) void statisticsPart();
  const [point, counts, recent, ranking, streak] = await Promise.all([
    api.get('/user/point'),
    api.get('/activity/getuseractivitycnt'),
    api.get('/activity/getbookactivityinfolist', { query: { size: 8 } }),
    api.get('/activity/getactivityranking', { query: { size: 5 } }),
    api.get('/activity/getuserreadingstreak'),
  ]);
  return {
    point: point.result === 'success' ? point.point : null,
    counts: counts.result === 'success' ? counts : null,
    recent: recent.result === 'success' ? recent.activity_list : null,
    ranking: ranking.result === 'success' ? ranking : null,
    streak,
    statistics,
  };
}

/** The goal form (statistics.tsx): its action comes with the charts' chunk. */
export async function action(args: ActionFunctionArgs) {
  return (await statisticsPart()).goalAction(args);
}

/** Every way to earn, where to do it and what it is worth (the limits and counts are the API's). */
const EARN_PATHS: readonly { type: ActivityType; label: string; points: string; to: string; hint?: string }[] = [
  { type: 'diary', label: programmeLabels.diary, points: earnPoints.diary, to: hrefOf('diary') },
  { type: 'review', label: programmeLabels.review, points: earnPoints.review, to: hrefOf('review') },
  { type: 'loan', label: programmeLabels.loan, points: earnPoints.loan, to: `${hrefOf('certify')}?type=loan` },
  { type: 'purchase', label: programmeLabels.purchase, points: earnPoints.purchase, to: `${hrefOf('certify')}?type=purchase` },
  { type: 'authortalk', label: programmeLabels.authorTalk, points: earnPoints.authortalk, to: `${hrefOf('certify')}?type=authortalk` },
  { type: 'bookclub', label: programmeLabels.meeting, points: earnPoints.bookclub, to: hrefOf('bookclub'), hint: activityText.meetingHint },
];

function EarnPaths({ counts }: { counts: ActivityCountAnswer | null }) {
  return (
    <section className="card" aria-labelledby="earn-title">
      <h2 id="earn-title" className="card__title">
        {activityText.earn}
      </h2>
      <p className="field__hint">{activityText.earnLead}</p>
      <ul className="earn-grid">
        {EARN_PATHS.map((p) => {
          const c = counts?.counts.find((x) => x.activity_type === p.type);
          const limit = c?.monthly_limit ?? null;
          const full = c !== undefined && limit !== null && c.earned_count >= limit;
          return (
            <li key={p.type}>
              <Link className={`earn-card${full ? ' is-full' : ''}`} to={p.to}>
                <strong className="earn-card__label">{p.label}</strong>
                <span className="earn-card__rule">{pointsRule(p.points, limit)}</span>
                {c && <span className="earn-card__count">{full ? activityText.full : monthCount(c.earned_count, limit)}</span>}
                {p.hint && <span className="earn-card__hint">{p.hint}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="card__actions">
        <Link className="btn btn--tertiary btn--small" to={hrefOf('records')}>
          {activityText.records}
        </Link>
      </div>
    </section>
  );
}

export default function ActivityPage() {
  const { point, counts, recent, ranking, streak, statistics } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <section className="card" aria-labelledby="points-title">
        <h2 id="points-title" className="card__title">
          {activityText.points}
        </h2>
        {point ? (
          <div className="points">
            <PointsBalance label={activityText.balance} balance={point.balance} />
            <Meter label={activityText.earnedMonth(point.month)} value={point.earned_month} max={point.monthly_cap} />
            <Meter label={activityText.earnedYear(String(point.year))} value={point.earned_year} max={point.yearly_cap} />
            <p className="field__hint">
              {activityText.expiring(formatDay(point.expire_date), formatNumber(point.expiring_points))}
              {point.earning_suspended_until && activityText.suspended(formatDay(point.earning_suspended_until))}
            </p>
          </div>
        ) : (
          <p className="empty">{messages.error.temporary}</p>
        )}
      </section>

      <EarnPaths counts={counts} />

      {/* After the ways to earn: the page's actions come first, to the eye and to a screen reader. */}
      <StreakCard answer={streak} />

      <section className="card" aria-labelledby="month-title">
        <h2 id="month-title" className="card__title">
          {activityText.month}
        </h2>
        {counts ? (
          <div className="table-scroll">
            <table className="data-table data-table--stack">
              <caption className="sr-only">{activityText.monthCaption(counts.month)}</caption>
              <thead>
                <tr>
                  <th scope="col">{activityText.activity}</th>
                  <th scope="col" className="num">
                    {activityText.countOfLimit}
                  </th>
                  <th scope="col" className="num">
                    {activityText.pointsColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.counts.map((c) => (
                  <tr key={c.activity_type}>
                    <th scope="row">{c.activity_name}</th>
                    <td className="num" data-label={activityText.countOfLimit}>
                      {activityText.times(c.earned_count, c.monthly_limit)}
                    </td>
                    <td className="num" data-label={activityText.pointsColumn}>
                      {formatNumber(c.points)}P
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{activityText.total}</th>
                  <td className="num" data-label={activityText.countOfLimit}>
                    {activityText.times(counts.total_count, null)}
                  </td>
                  <td className="num" data-label={activityText.pointsColumn}>
                    {formatNumber(counts.total_points)}P
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <p className="empty">{messages.error.temporary}</p>
        )}
      </section>

      <section className="card" aria-labelledby="stats-title">
        <h2 id="stats-title" className="card__title">
          {activityText.statistics}
        </h2>
        <Deferred value={statistics} fallback={<Skeleton lines={8} label={messages.loading} />}>
          {(answer) => (answer.result === 'success' ? <ReadingStatistics statistics={answer.statistics} /> : <p className="empty">{answer.msg}</p>)}
        </Deferred>
      </section>

      <div className="grid grid--2">
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title" className="card__title">
            {activityText.recent}
          </h2>
          <ListState of={recent} items={(r) => r} none={activityText.recentNone}>
            {(rows) => <ActivityRows items={rows} />}
          </ListState>
          <div className="card__actions">
            <Link className="btn btn--primary" to={hrefOf('bookSearch')}>
              {activityText.toDiary}
            </Link>
          </div>
        </section>
        <section className="card" aria-labelledby="rank-title">
          <h2 id="rank-title" className="card__title">
            {activityText.ranking}
          </h2>
          <ListState of={ranking} items={(r) => r.ranking_list} none={activityText.rankingNone}>
            {(ranking) => (
              <>
                <ol className="list-rows">
                  {ranking.ranking_list.map((r) => (
                    <li key={`${r.rank}-${r.user_name}`} className="list-row ranking-row">
                      <strong className="rank">{r.rank}</strong>
                      <span className="list-row__title">
                        {r.user_name}
                        {r.me_yn === 'Y' && activityText.me}
                      </span>
                      <span className="list-row__meta">
                        {r.city_name ?? ''} <span className="nowrap">{formatNumber(r.points)}P</span>
                      </span>
                    </li>
                  ))}
                </ol>
                {ranking.my_rank && ranking.my_rank.rank > ranking.ranking_list.length && (
                  <p className="field__hint">
                    {activityText.myRank(ranking.my_rank.rank, formatNumber(ranking.my_rank.points))}
                  </p>
                )}
              </>
            )}
          </ListState>
        </section>
      </div>
    </div>
  );
}
