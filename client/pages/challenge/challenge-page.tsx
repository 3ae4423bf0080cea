/**
 * 21-day challenge (spec §2 /challenge/challenge): today's check-in, the 21-day board,
 * the streak, and past runs. Missing a day ends a run; a member can start again.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import type { AttendanceAnswer } from '#shared/contract/activity.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { formatDay } from '#client/components/format.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';

type Attendance = Omit<AttendanceAnswer, 'result'>;

export async function loader({ context }: LoaderFunctionArgs): Promise<Attendance | null> {
  const answer = await homepage(context).get('/activity/getuserattendancecheck');
  return answer.result === 'success' ? answer : null;
}

const STATUS = { active: '진행 중', completed: '완주', ended: '중단' } as const;

export default function ChallengePage() {
  const data = useLoaderData<Attendance | null>();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (!data) return <p className="container section empty">{messages.error.temporary}</p>;
  const run = data.challenge?.status === 'active' ? data.challenge : null;
  const done = new Map((run?.checkins ?? []).map((c) => [c.day_no, c]));
  const total = run?.days_total ?? 21;

  const act = async (path: '/challenge/start' | '/challenge/checkin') => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await homepage().post(path);
      await dialogs.alert(answer.msg);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container section stack">
      <section className="card challenge" aria-labelledby="today-title">
        <h2 id="today-title" className="card__title">
          오늘의 출석 · {formatDay(data.today)}
        </h2>
        {run ? (
          <p className="lead">
            <strong className="challenge__streak">{run.streak}일째</strong> 연속 출석 중입니다. {total}일을 채우면 완주 포인트가 적립됩니다.
          </p>
        ) : (
          <p className="lead">진행 중인 챌린지가 없습니다. 오늘 시작하면 오늘이 1일째가 됩니다.</p>
        )}
        <div className="card__actions">
          {!run ? (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void act('/challenge/start')}>
              21일 챌린지 시작하기
            </button>
          ) : data.checked_in_today === 'Y' ? (
            <p className="badge badge--success">오늘 출석을 마쳤습니다</p>
          ) : (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void act('/challenge/checkin')}>
              오늘 출석하기
            </button>
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="board-title">
        <h2 id="board-title" className="card__title">
          출석판
        </h2>
        <ol className="day-grid">
          {Array.from({ length: total }, (_, i) => i + 1).map((n) => {
            const c = done.get(n);
            return (
              <li key={n} className={`day-grid__day${c ? ' is-done' : ''}`}>
                <span aria-hidden="true">{n}</span>
                <span className="sr-only">
                  {n}일째 {c ? `출석, ${c.points}포인트` : '출석 전'}
                </span>
              </li>
            );
          })}
        </ol>
        {run && <p className="field__hint">{formatDay(run.started_day)}에 시작했습니다.</p>}
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card__title">
          지난 챌린지
        </h2>
        {data.history.length === 0 ? (
          <p className="empty">아직 기록이 없습니다.</p>
        ) : (
          <ul className="list-rows">
            {data.history.map((h) => (
              <li key={h.challenge_key} className="list-row">
                <span className={`badge${h.status === 'completed' ? ' badge--success' : ' badge--gray'}`}>{STATUS[h.status]}</span>
                <span className="list-row__title">
                  {formatDay(h.started_day)} ~ {formatDay(h.ended_day ?? h.last_checkin_day)}
                </span>
                <span className="list-row__meta">
                  {h.streak} / {h.days_total}일
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
