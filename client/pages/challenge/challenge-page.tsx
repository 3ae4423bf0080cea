/** 21-day challenge (spec §2 /challenge/challenge): progress, daily check-in, history. */
import { PendingData } from '../../components/pending-data.tsx';

const DAYS = Array.from({ length: 21 }, (_, i) => i + 1);

export default function ChallengePage() {
  return (
    <div className="container section stack">
      <section className="card" aria-labelledby="rules-title">
        <h2 id="rules-title" className="card__title">
          참여 방법
        </h2>
        <ol className="steps">
          <li>
            <strong>챌린지 시작</strong>
            <p>시작한 날부터 21일 동안 진행됩니다.</p>
          </li>
          <li>
            <strong>하루 한 번 출석</strong>
            <p>책을 읽고 하루에 한 번 출석하면 출석 포인트가 무작위로 적립됩니다.</p>
          </li>
          <li>
            <strong>21일 연속 완주</strong>
            <p>하루라도 빠지면 진행 중인 챌린지가 끝나며, 언제든 다시 시작할 수 있어요.</p>
          </li>
        </ol>
      </section>
      <section className="card" aria-labelledby="progress-title">
        <h2 id="progress-title" className="card__title">
          나의 진행 현황
        </h2>
        <ol className="day-grid" aria-label="21일 출석판">
          {DAYS.map((d) => (
            <li key={d} className="day-grid__day">
              <span className="sr-only">{d}일째</span>
              <span aria-hidden="true">{d}</span>
            </li>
          ))}
        </ol>
        <PendingData what="출석 기록과 연속 일수" />
      </section>
    </div>
  );
}
