/**
 * The member's part of the home page (decision 0042): points against this month's cap,
 * today's 21-day challenge with one tap to check in (or start), the last book read, and
 * the ways to earn points. Its own chunk, loaded only for members (decision 0050): the
 * home page's loader imports `loadMemberHome` and the page renders the default export
 * lazily, so a visitor's first visit downloads none of it.
 */
import { useState, type FormEvent } from 'react';
import { Link, useActionData, useRevalidator, type ActionFunctionArgs } from 'react-router-dom';
import type { ActivityItem, AttendanceAnswer } from '#shared/contract/activity.ts';
import type { PointAnswer } from '#shared/contract/points.ts';
import { messages } from '#shared/messages.ts';
import { hrefOf } from '#shared/routes.ts';
import { isMember } from '#shared/session.ts';
import { homepage } from '#client/api/homepage.ts';
import { newWriteKey } from '#client/forms/drafts.ts';
import { Deferred } from '#client/components/deferred.tsx';
import { formatDay } from '#client/components/format.ts';
import { formError, FormMessage, type FormResult } from '#client/forms/form-result.tsx';
import { Meter, PointsBalance, ProgressBar } from '#client/components/meter.tsx';
import { sessionUserOf } from '#client/session/loader-user.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { IconBook, IconFlame, IconStar } from '#client/shell/icons.tsx';
import { memberHomeText as t } from './member-home-messages.ts';
import { challengeFormAction, sendChallenge } from '#client/forms/challenge-write.ts';

type Attendance = Omit<AttendanceAnswer, 'result'>;

export interface MemberHomeData {
  point: PointAnswer['point'] | null;
  attendance: Attendance | null;
  /** The member's latest activities (newest first), null when they could not be read. */
  recent: ActivityItem[] | null;
}

/** The member's data for the home page: three reads at once, each failing on its own. */
export async function loadMemberHome(context: unknown): Promise<MemberHomeData> {
  const api = homepage(context);
  const [point, attendance, recent] = await Promise.all([
    api.get('/user/point'),
    api.get('/activity/getuserattendancecheck'),
    api.get('/activity/getbookactivityinfolist', { query: { size: 20 } }),
  ]);
  return {
    point: point.result === 'success' ? point.point : null,
    attendance: attendance.result === 'success' ? attendance : null,
    recent: recent.result === 'success' ? recent.activity_list : null,
  };
}

const CHALLENGE_ID = 'member-challenge';
const STATUS_ID = 'member-challenge-status';

/** The check-in form (with or without JavaScript): start a challenge or check in today. */
export function challengeAction(args: ActionFunctionArgs) {
  if (!isMember(sessionUserOf(args.context))) return formError(args.context, t.signInFirst, { status: 401 });
  // Without JavaScript: post/redirect/get, back to the card, which now shows today's points.
  return challengeFormAction(args, () => `${new URL(args.request.url).pathname}#${CHALLENGE_ID}`);
}

function PointsCard({ point }: { point: MemberHomeData['point'] }) {
  return (
    <article className="card member-home__card" aria-labelledby="member-points-title">
      <h3 id="member-points-title" className="member-home__card-title">
        <IconStar width={20} height={20} aria-hidden="true" />
        {t.points}
      </h3>
      {point ? (
        <>
          <PointsBalance label={t.balance} balance={point.balance} />
          <Meter label={t.monthEarned(point.month)} value={point.earned_month} max={point.monthly_cap} />
        </>
      ) : (
        <p className="member-home__error">{messages.error.temporary}</p>
      )}
      <Link className="member-home__more" to="/mypage/mypage?search_type=point">
        {t.pointHistory}
      </Link>
    </article>
  );
}

function ChallengeCard({ attendance }: { attendance: Attendance | null }) {
  // Without JavaScript the form posts to the page's action; a refusal comes back as action data.
  const serverResult = useActionData<FormResult | undefined>();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = attendance?.challenge ?? null;
  const done = attendance?.checked_in_today === 'Y';
  const active = run?.status === 'active';
  const todayPoints = run?.checkins.find((c) => c.day === attendance?.today)?.points;

  // With JavaScript: the same call, its answer in the accessible dialog, then fresh data in place.
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // One key per tap: a lost answer is retried as the same check-in (issue 38).
      const sent = await sendChallenge(active ? 'checkin' : 'start', newWriteKey());
      await dialogs.alert(sent.message);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
    document.getElementById(STATUS_ID)?.focus();
  };

  return (
    <article className="card member-home__card" id={CHALLENGE_ID} aria-labelledby="member-challenge-title">
      <h3 id="member-challenge-title" className="member-home__card-title">
        <IconFlame width={20} height={20} aria-hidden="true" />
        {t.challenge}
      </h3>
      {attendance ? (
        <>
          {run && active && (
            <p className="member-home__streak">
              <strong>{t.streak(run.streak, run.days_total)}</strong>
              <ProgressBar value={run.streak} max={run.days_total} aria-label={t.progress} />
            </p>
          )}
          <p id={STATUS_ID} className="member-home__status" tabIndex={-1}>
            {done ? t.checkedIn(todayPoints) : active ? t.notCheckedIn : t.noChallenge}
          </p>
          <FormMessage result={serverResult} id="member-challenge-message" />
          {!done && (
            <form method="post" className="member-home__action" aria-busy={busy} onSubmit={(e) => void submit(e)}>
              <input type="hidden" name="intent" value={active ? 'checkin' : 'start'} />
              <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
                {active ? t.checkIn : t.start}
              </button>
            </form>
          )}
        </>
      ) : (
        <p className="member-home__error">{messages.error.temporary}</p>
      )}
      <Link className="member-home__more" to={hrefOf('challenge')}>
        {t.board}
      </Link>
    </article>
  );
}

function LastBookCard({ recent }: { recent: ActivityItem[] | null }) {
  const last = recent?.find((a) => a.isbn !== null && a.book_title !== null && a.status !== 'revoked');
  return (
    <article className="card member-home__card" aria-labelledby="member-book-title">
      <h3 id="member-book-title" className="member-home__card-title">
        <IconBook width={20} height={20} aria-hidden="true" />
        {t.lastBook}
      </h3>
      {recent === null ? (
        <p className="member-home__error">{messages.error.temporary}</p>
      ) : last?.isbn ? (
        <>
          <p className="member-home__book">{last.book_title}</p>
          <p className="member-home__book-meta">
            {last.activity_name} · {formatDay(last.activity_date)}
          </p>
          <Link className="member-home__more" to={`/book/${last.isbn}`} aria-label={`${t.bookPage}: ${last.book_title}`}>
            {t.bookPage}
          </Link>
        </>
      ) : (
        <>
          <p className="member-home__status">{t.lastBookNone}</p>
          <Link className="member-home__more" to={hrefOf('bookSearch')}>
            {messages.float.start}
          </Link>
        </>
      )}
    </article>
  );
}

/**
 * The ways to earn points. Review, loan, purchase and author-talk entry points live under
 * 나의 활동 (decision 0042); each link names what the member wants to do.
 */
const EARN: readonly { label: string; to: string }[] = [
  { label: t.links.diary, to: hrefOf('bookSearch') },
  { label: t.links.review, to: hrefOf('activity') },
  { label: t.links.loan, to: hrefOf('activity') },
  { label: t.links.purchase, to: hrefOf('activity') },
  { label: t.links.authorTalk, to: hrefOf('activity') },
];

/**
 * While the member's data streams in: the three cards' frames, titled, each as tall as the
 * card it becomes (their minimum heights are the cards' own, pages.css), so nothing below
 * moves when the data arrives (a layout shift of 0.58 on a slow phone).
 */
function CardsLoading() {
  const titles = [
    [IconStar, t.points],
    [IconFlame, t.challenge],
    [IconBook, t.lastBook],
  ] as const;
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      <div className="member-home__cards">
        {titles.map(([Icon, title]) => (
          <div key={title} className="card member-home__card" aria-hidden="true">
            <p className="member-home__card-title">
              <Icon width={20} height={20} aria-hidden="true" />
              {title}
            </p>
            <span className="skeleton__line" />
            <span className="skeleton__line" />
          </div>
        ))}
      </div>
    </div>
  );
}

export default function MemberHome({ data }: { data: Promise<MemberHomeData> }) {
  // Arriving after sign-in, this is the first heading one can see: the layout focuses it (the
  // home's loader waits for this part's module, decision 0143).
  return (
    <section className="member-home" aria-labelledby="member-home-title">
      <div className="container member-home__inner">
        <h2 id="member-home-title" className="member-home__title">
          {t.title}
        </h2>
        <Deferred value={data} fallback={<CardsLoading />}>
          {(d) => (
            <div className="member-home__cards">
              <PointsCard point={d.point} />
              <ChallengeCard attendance={d.attendance} />
              <LastBookCard recent={d.recent} />
            </div>
          )}
        </Deferred>
        <nav className="member-home__earn" aria-labelledby="member-earn-title">
          <h3 id="member-earn-title" className="member-home__earn-title">
            {t.earn}
          </h3>
          <ul className="chips">
            {EARN.map((e) => (
              <li key={e.label}>
                <Link className="chip" to={e.to}>
                  {e.label}
                </Link>
              </li>
            ))}
            <li>
              <Link className="chip" to={hrefOf('activity')}>
                {t.links.activity}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </section>
  );
}
