/**
 * 21-day challenge (docs/product.md §2 /challenge/challenge): today's check-in, the month calendar of
 * check-ins (decision 0062), the streak, and past runs. Missing a day ends a run; a member
 * can start again. Starting and checking in are page actions: they work without JavaScript
 * (decision 0031). The calendar's months are plain links (`?month=YYYY-MM#calendar`).
 */
import { useEffect, useRef } from 'react';
import {
  Link, useActionData, useLoaderData, useNavigation, useSearchParams,
  type ActionFunctionArgs, type LoaderFunctionArgs,
} from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { pageById } from '#shared/routes.ts';
import { homepage } from '#client/api/homepage.ts';
import { WriteForm } from '#client/forms/write-form.tsx';
import { formatDay } from '#client/components/format.ts';
import { FormMessage, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { activeRun, buildCalendar, goalDay, monthToShow, type Attendance, type CalendarDay, type CalendarMonth } from './calendar.ts';
import { challengeText as t } from './messages.ts';
import { challengeFormAction, isChallengeIntent, type ChallengeIntent as Intent } from '#client/forms/challenge-write.ts';

const CALENDAR_ID = 'calendar';
/** Today's card, whose heading takes the focus once a check-in's dialog is closed. */
const TODAY_TITLE_ID = 'today-title';

interface Data {
  attendance: Attendance | null;
  month: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Data> {
  const answer = await homepage(context).get('/activity/getuserattendancecheck');
  const month = new URL(request.url).searchParams.get('month');
  if (answer.result !== 'success') return { attendance: null, month };
  const { result: _result, ...attendance } = answer;
  return { attendance, month };
}

/** Start or check in (challenge-write.ts); without JavaScript, back here and the page says what happened. */
export function action(args: ActionFunctionArgs) {
  return challengeFormAction(args, (intent) => `${pageById.challenge.path}?done=${intent}`);
}

const monthHref = (month: string) => `?month=${month}#${CALENDAR_ID}`;

function Icon({ kind }: { kind: 'checked' | 'missed' | 'goal' }) {
  const path = { checked: 'M5 12.5l4.5 4.5L19 7.5', missed: 'M7 7l10 10M17 7L7 17', goal: 'M6 21V4M6 4h11l-2.5 4L17 12H6' }[kind];
  return (
    <svg className={`calendar__icon calendar__icon--${kind}`} viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function DayCell({ day, monthNo }: { day: CalendarDay | null; monthNo: number }) {
  if (!day) return <td className="calendar__blank" />;
  const cls = ['calendar__day'];
  if (day.checked) cls.push('is-checked');
  if (day.missed) cls.push('is-missed');
  if (day.today) cls.push('is-today');
  if (day.goal) cls.push('is-goal');
  if (day.weekday === 0) cls.push('is-sunday');
  return (
    <td className={cls.join(' ')} aria-current={day.today ? 'date' : undefined}>
      <span className="calendar__date" aria-hidden="true">
        {day.date}
      </span>
      <span className="calendar__mark" aria-hidden="true">
        {day.checked ? <Icon kind="checked" /> : day.missed ? <Icon kind="missed" /> : day.goal ? <Icon kind="goal" /> : null}
      </span>
      <span className="sr-only">{t.dayName(day, monthNo)}</span>
    </td>
  );
}

function MonthNav({ cal }: { cal: CalendarMonth }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(cal.month);
  // A month link that is gone in the new month (the first or last) leaves focus nowhere: the month takes it.
  useEffect(() => {
    if (shown.current === cal.month) return;
    shown.current = cal.month;
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, [cal.month]);
  const link = (month: string | undefined, label: string, rel: 'prev' | 'next') => {
    if (!month) return <span className="calendar__nav-link is-disabled">{label}</span>;
    const [y, m] = month.split('-').map(Number);
    return (
      <Link className="calendar__nav-link" to={monthHref(month)} rel={rel} preventScrollReset aria-label={`${label}, ${t.monthTitle(y ?? 0, m ?? 0)}`}>
        {label}
      </Link>
    );
  };
  return (
    <nav className="calendar__nav" aria-label={t.monthNav}>
      {link(cal.prev, t.prevMonth, 'prev')}
      <h3 className="calendar__month" aria-live="polite" tabIndex={-1} ref={heading}>
        {t.monthTitle(cal.year, cal.monthNo)}
      </h3>
      {link(cal.next, t.nextMonth, 'next')}
    </nav>
  );
}

function Calendar({ cal }: { cal: CalendarMonth }) {
  return (
    <>
      <MonthNav cal={cal} />
      <table className="calendar">
        <caption className="sr-only">{t.caption(cal.year, cal.monthNo)}</caption>
        <thead>
          <tr>
            {t.weekdayShort.map((w, i) => (
              <th key={w} scope="col" className={i === 0 ? 'is-sunday' : undefined}>
                <span aria-hidden="true">{w}</span>
                <span className="sr-only">{t.weekdayLong(i)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cal.weeks.map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => (
                <DayCell key={day?.day ?? `blank-${i}-${j}`} day={day} monthNo={cal.monthNo} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar__legend" aria-label={t.legend.label}>
        <li>
          <span className="calendar__swatch is-checked" aria-hidden="true">
            <Icon kind="checked" />
          </span>
          {t.legend.checked}
        </li>
        <li>
          <span className="calendar__swatch is-missed" aria-hidden="true">
            <Icon kind="missed" />
          </span>
          {t.legend.missed}
        </li>
        <li>
          <span className="calendar__swatch is-today" aria-hidden="true" />
          {t.legend.today}
        </li>
        <li>
          <span className="calendar__swatch is-goal" aria-hidden="true">
            <Icon kind="goal" />
          </span>
          {t.legend.goal}
        </li>
      </ul>
    </>
  );
}

function TodayActions({ attendance }: { attendance: Attendance }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const run = activeRun(attendance);
  if (run && attendance.checked_in_today === 'Y') return <p className="badge badge--success">{t.checkedToday}</p>;
  const intent: Intent = run ? 'checkin' : 'start';
  return (
    <WriteForm replace>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {run ? t.checkin : t.start}
      </button>
    </WriteForm>
  );
}

export default function ChallengePage() {
  const { attendance, month } = useLoaderData<Data>();
  const result = useActionData<FormResult<Intent>>();
  const [params] = useSearchParams();
  const dialogs = useDialogs();
  // The dialog says it with the points and the balance; closed, the focus goes to today's card,
  // its new state below (the button it came from is gone), not lost on the page (decision 0143).
  useFormFeedback(result, (ok) => {
    if (ok.message) void dialogs.alert(ok.message).then(() => document.getElementById(TODAY_TITLE_ID)?.focus());
  });
  if (!attendance) return <p className="container section empty">{messages.error.temporary}</p>;

  const run = activeRun(attendance);
  const cal = buildCalendar(attendance, monthToShow(attendance, month));
  const done = params.get('done');
  const total = run?.days_total ?? 21;

  return (
    <div className="container section stack">
      <section className="card challenge" aria-labelledby={TODAY_TITLE_ID}>
        <h2 id={TODAY_TITLE_ID} className="card__title" tabIndex={-1}>
          {t.todayTitle} · {formatDay(attendance.today)}
        </h2>
        {run ? (
          <p className="lead">
            <strong className="challenge__streak">{t.streak(run.streak)}</strong> {t.streakLead(total)}
          </p>
        ) : (
          <p className="lead">{t.noRun}</p>
        )}
        <FormMessage result={result} id="challenge-message" />
        {isChallengeIntent(done) && !result && (
          <p className="form-message" role="status">
            {t.done[done]}
          </p>
        )}
        <div className="card__actions">
          <TodayActions attendance={attendance} />
        </div>
      </section>

      <section id={CALENDAR_ID} className="card" aria-labelledby="board-title">
        <h2 id="board-title" className="card__title">
          {t.boardTitle}
        </h2>
        {run && (
          <dl className="calendar__summary">
            <div>
              <dt>{t.summary.current}</dt>
              <dd>{t.summary.days(run.streak)}</dd>
            </div>
            <div>
              <dt>{t.summary.started}</dt>
              <dd>{formatDay(run.started_day)}</dd>
            </div>
            <div>
              <dt>{t.summary.goal}</dt>
              <dd>{formatDay(goalDay(run))}</dd>
            </div>
          </dl>
        )}
        <Calendar cal={cal} />
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card__title">
          {t.historyTitle}
        </h2>
        {attendance.history.length === 0 ? (
          <p className="empty">{t.historyEmpty}</p>
        ) : (
          <ul className="list-rows">
            {attendance.history.map((h) => {
              const [y, m] = h.started_day.split('-').map(Number);
              return (
                <li key={h.challenge_key} className="list-row challenge-run">
                  <span className={`badge${h.status === 'completed' ? ' badge--success' : h.status === 'active' ? '' : ' badge--gray'}`}>
                    {t.status[h.status]}
                  </span>
                  <span className="list-row__title">
                    <span className="nowrap">{formatDay(h.started_day)}</span> ~ <span className="nowrap">{formatDay(h.ended_day ?? h.last_checkin_day)}</span>
                  </span>
                  <span className="list-row__meta">{t.historyStreak(h.streak, h.days_total)}</span>
                  <Link className="challenge-run__link" to={monthHref(h.started_day.slice(0, 7))} preventScrollReset>
                    {t.showMonth(y ?? 0, m ?? 0)}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
