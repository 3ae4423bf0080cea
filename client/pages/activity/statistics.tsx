/**
 * 독서 통계 on 나의 활동 (decisions 0063, 0112): points by month over the
 * last twelve months, this year's activities by kind, and the books read this year against
 * the member's goal, with the form that sets the goal. Each chart is an SVG drawn on the
 * server (charts.ts), named for screen readers by a sentence that sums it up, with its data
 * as a table behind a <details> toggle (works without JavaScript).
 *
 * Its own chunk: the page renders it lazily inside the statistics' <Deferred>, and the
 * page's action loads `goalAction` from here (decision 0063).
 */
import type { ReactNode } from 'react';
import { Link, redirect, useActionData, useNavigation, useSearchParams, type ActionFunctionArgs } from 'react-router-dom';
import { GOAL_BOOKS } from '#shared/contract/goal-books.ts';
import type { BooksRead, UserStatistics } from '#shared/contract/statistics.ts';
import { hrefOf } from '#shared/routes.ts';
import { homepage } from '#client/api/homepage.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';
import { WriteForm } from '#client/forms/write-form.tsx';
import { field, fieldState, formError, FormMessage, formOk, onServer, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { announce } from '#client/shell/announce.ts';
import { firstMissing } from '#client/forms/required.ts';
import {
  GOAL_CHART, MONTH_CHART, TYPE_CHART, goalChart, labelX, monthChart, typeChart,
  type GoalChart, type MonthChart, type TypeChart,
} from './charts.ts';
import { monthName, statsText as t } from './statistics-messages.ts';

/** The books read, the goal and its form: where a goal posted without JavaScript comes back to. */
const GOAL_ID = 'reading-goal';
const MESSAGE_ID = 'goal-message';
const HINT_ID = 'goal-hint';

/** The goal form (with and without JavaScript): a whole number of books, 1–365, then the API's answer. */
export async function goalAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const raw = field(form, 'goal_books').trim();
  const values = { goal_books: raw };
  const missing = firstMissing(form, [{ name: 'goal_books', label: t.form.label }]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const goal = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(goal >= GOAL_BOOKS.min && goal <= GOAL_BOOKS.max)) return formError(context, t.form.range, { field: 'goal_books', values });
  const answer = await homepage(context).post('/user/goal', { body: { goal_books: goal }, idempotencyKey: writeKeyOf(form) });
  if (answer.result !== 'success') return formError(context, answer.msg, { field: 'goal_books', values });
  // Without JavaScript: post/redirect/get, back to the goal, which says it was saved.
  if (onServer(context)) throw redirect(`${hrefOf('activity')}?goal=${goal}#${GOAL_ID}`);
  return formOk(context, answer.books, answer.msg);
}

/** A chart's data as a table, behind a native disclosure (no JavaScript needed). */
function TableToggle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="chart__table">
      <summary>
        {t.showTable}
        <span className="sr-only">: {title}</span>
      </summary>
      <div className="table-scroll">{children}</div>
    </details>
  );
}

interface CountRow {
  key: string;
  name: string;
  count: number;
  points: number;
}

/** A chart's data: one row per month or kind with its count and points, and their total. */
function CountTable({ caption, head, rows, total }: { caption: string; head: readonly [string, string, string]; rows: CountRow[]; total: Omit<CountRow, 'key'> }) {
  const line = (r: Omit<CountRow, 'key'>) => (
    <>
      <th scope="row">{r.name}</th>
      <td className="num">{t.times(r.count)}</td>
      <td className="num">{t.points(r.points)}</td>
    </>
  );
  return (
    <table className="data-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col" className="num">
            {head[1]}
          </th>
          <th scope="col" className="num">
            {head[2]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>{line(r)}</tr>
        ))}
      </tbody>
      <tfoot>
        <tr>{line(total)}</tr>
      </tfoot>
    </table>
  );
}

function Caption({ title, period }: { title: string; period: string }) {
  return (
    <figcaption className="chart__caption">
      <h3 className="chart__title">{title}</h3>
      <span className="chart__period">{period}</span>
    </figcaption>
  );
}

function MonthFigure({ chart }: { chart: MonthChart }) {
  const { top, bottom, monthY, yearY, height } = MONTH_CHART;
  const first = chart.bars[0]?.month ?? '';
  const last = chart.bars[chart.bars.length - 1]?.month ?? '';
  const best = chart.bars.find((b) => b.best);
  return (
    <figure className="chart chart--months">
      <Caption title={t.months.title} period={t.months.period} />
      <svg className="chart__svg" width="100%" height={height} role="img" aria-label={chart.summary}>
        <g className="chart__grid">
          {chart.ticks.map((tick) => (
            <line key={tick.value} className={tick.value === 0 ? 'is-base' : undefined} x1="0" x2="100%" y1={tick.y} y2={tick.y} />
          ))}
        </g>
        <g>
          {chart.bars.map((b) => (
            <rect key={b.month} className={`chart__bar${b.current ? ' is-current' : ''}`} x={`${b.x}%`} y={b.y} width={`${b.width}%`} height={b.height} rx="2" />
          ))}
        </g>
        {chart.ticks
          .filter((tick) => tick.value > 0)
          .map((tick) => (
            <text key={tick.value} className="chart__tick" x="0" y={tick.y - 5}>
              {t.points(tick.value)}
            </text>
          ))}
        {best && (
          <text className="chart__value" x={`${labelX(best)}%`} y={Math.max(top - 8, best.y - 6)} textAnchor={best.anchor}>
            {t.points(best.earned)}
          </text>
        )}
        {chart.bars.map((b) => (
          <text key={b.month} className={`chart__month${b.current ? ' is-current' : ''}`} x={`${b.center}%`} y={monthY} textAnchor="middle">
            {b.monthNo}
            <tspan className="chart__unit">{t.months.monthUnit}</tspan>
          </text>
        ))}
        {chart.bars
          .filter((b) => b.year)
          .map((b) => (
            <text key={b.month} className="chart__year" x={`${labelX(b)}%`} y={yearY} textAnchor={b.anchor}>
              {b.year}
            </text>
          ))}
        <line className="chart__axis" x1="0" x2="100%" y1={bottom} y2={bottom} />
      </svg>
      <TableToggle title={t.months.title}>
        <CountTable
          caption={t.months.caption(first, last)}
          head={[t.months.head.month, t.months.head.count, t.months.head.earned]}
          rows={chart.bars.map((b) => ({ key: b.month, name: monthName(b.month), count: b.count, points: b.earned }))}
          total={{ name: t.months.total, count: chart.bars.reduce((a, b) => a + b.count, 0), points: chart.total }}
        />
      </TableToggle>
    </figure>
  );
}

function TypeFigure({ chart, all, year }: { chart: TypeChart; all: UserStatistics['activities_by_type']; year: string }) {
  const { labelY, barY, barHeight } = TYPE_CHART;
  return (
    <figure className="chart chart--types">
      <Caption title={t.types.title} period={t.types.period(year)} />
      {chart.empty ? (
        <p className="chart__empty">{chart.summary}</p>
      ) : (
        <>
          <svg className="chart__svg" width="100%" height={chart.height} role="img" aria-label={chart.summary}>
            {chart.rows.map((r) => (
              <g key={r.type} transform={`translate(0 ${r.y})`}>
                <text className="chart__label" x="0" y={labelY}>
                  {r.name}
                </text>
                <text className="chart__value" x="100%" y={labelY} textAnchor="end">
                  {t.times(r.count)}
                </text>
                <rect className="chart__track" x="0" y={barY} width="100%" height={barHeight} rx={barHeight / 2} />
                <rect className="chart__bar" x="0" y={barY} width={`${r.width}%`} height={barHeight} rx={barHeight / 2} />
              </g>
            ))}
          </svg>
          <TableToggle title={t.types.title}>
            <CountTable
              caption={t.types.caption(year)}
              head={[t.types.head.type, t.types.head.count, t.types.head.points]}
              rows={all.map((c) => ({ key: c.activity_type, name: c.activity_name, count: c.count, points: c.points }))}
              total={{ name: t.types.total, count: chart.total, points: chart.points }}
            />
          </TableToggle>
        </>
      )}
    </figure>
  );
}

function GoalFigure({ chart }: { chart: GoalChart }) {
  const { headY, barY, barHeight, paceTop, paceBottom, paceY, height } = GOAL_CHART;
  const { goal } = chart;
  return (
    <figure className="chart chart--goal">
      <Caption title={t.goal.title} period={t.goal.period(chart.year)} />
      {goal === null ? (
        <>
          <p className="chart__lead">{chart.summary}</p>
          <p className="field__hint">{t.goal.counts}</p>
        </>
      ) : (
        <>
          <svg className="chart__svg" width="100%" height={height} role="img" aria-label={chart.summary}>
            <text className="chart__big" x="0" y={headY}>
              {t.goal.read(chart.read)}
              <tspan className="chart__big-goal" dx="8">
                {t.goal.target(goal)}
              </tspan>
            </text>
            <text className="chart__big-percent" x="100%" y={headY} textAnchor="end">
              {chart.reached ? t.goal.reached : t.goal.percent(chart.percent)}
            </text>
            <rect className="chart__track" x="0" y={barY} width="100%" height={barHeight} rx={barHeight / 2} />
            <rect className="chart__bar" x="0" y={barY} width={`${chart.width}%`} height={barHeight} rx={barHeight / 2} />
            {!chart.reached && (
              <>
                <line className="chart__pace" x1={`${chart.paceX}%`} x2={`${chart.paceX}%`} y1={paceTop} y2={paceBottom} />
                <text className="chart__note" x={`${chart.paceX}%`} y={paceY} textAnchor={chart.anchor}>
                  {t.goal.paceMark(chart.pace)}
                </text>
              </>
            )}
          </svg>
          <p className="field__hint">{t.goal.counts}</p>
          <TableToggle title={t.goal.title}>
            <table className="data-table">
              <caption className="sr-only">{t.goal.caption(chart.year)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.goal.head.item}</th>
                  <th scope="col" className="num">
                    {t.goal.head.value}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t.goal.rows.read}</th>
                  <td className="num">{t.books(chart.read)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.goal.rows.goal}</th>
                  <td className="num">{t.books(goal)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.goal.rows.pace}</th>
                  <td className="num">{t.books(chart.pace)}</td>
                </tr>
              </tbody>
            </table>
          </TableToggle>
        </>
      )}
    </figure>
  );
}

/** The goal saved without JavaScript (`?goal=N` after the redirect), if the address says so. */
function savedGoal(params: URLSearchParams): number | null {
  const goal = Number(params.get('goal'));
  return Number.isInteger(goal) && goal >= GOAL_BOOKS.min && goal <= GOAL_BOOKS.max ? goal : null;
}

function GoalForm({ books }: { books: BooksRead }) {
  const result = useActionData<FormResult<BooksRead>>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  // The answer is shown above the field and said by the announcer (decision 0143).
  useFormFeedback(result, (ok) => ok.message && announce(ok.message));
  const saved = savedGoal(params);
  // The API's answer (with JavaScript), or the saved goal named by the address (without).
  const status = result?.ok ? (result.message ?? '') : !result && saved !== null ? t.form.saved(saved) : '';
  const kept = result && !result.ok ? result.values?.['goal_books'] : undefined;
  return (
    <WriteForm
      draft={{ id: 'goal', kind: 'goal' }}
      replace
      preventScrollReset
      noValidate
      className="goal-form"
      aria-label={books.goal_books === null ? t.form.title : t.form.change}
      aria-busy={busy}
    >
      <FormMessage result={result} id={MESSAGE_ID} />
      <p id="goal-status" className={status ? 'form-message' : 'goal-form__status'}>
        {status}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="goal_books">
          {t.form.label}
        </label>
        <div className="goal-form__row">
          <span className="goal-form__input">
            <input
              id="goal_books"
              name="goal_books"
              className="input"
              type="number"
              inputMode="numeric"
              min={GOAL_BOOKS.min}
              max={GOAL_BOOKS.max}
              step="1"
              defaultValue={kept ?? books.goal_books ?? ''}
              {...fieldState(result, 'goal_books', MESSAGE_ID, HINT_ID)}
            />
            <span className="goal-form__unit" aria-hidden="true">
              {t.form.unit}
            </span>
          </span>
          <button type="submit" className="btn btn--primary">
            {t.form.submit}
          </button>
        </div>
        <p id={HINT_ID} className="field__hint">
          {t.form.hint}
        </p>
      </div>
    </WriteForm>
  );
}

export default function ReadingStatistics({ statistics }: { statistics: UserStatistics }) {
  const months = monthChart(statistics.points_by_month, statistics.today);
  const types = typeChart(statistics.activities_by_type, statistics.books.year);
  const goal = goalChart(statistics.books, statistics.today);
  return (
    <div className="stats">
      <p className="field__hint">{t.asOf(statistics.today)}</p>
      {months.empty && types.empty ? (
        <div className="empty stats__empty">
          <p>{t.empty}</p>
          <Link className="btn btn--secondary btn--small" to={hrefOf('bookSearch')}>
            {t.emptyLink}
          </Link>
        </div>
      ) : (
        <MonthFigure chart={months} />
      )}
      <div className="stats__grid">
        {!(months.empty && types.empty) && <TypeFigure chart={types} all={statistics.activities_by_type} year={statistics.books.year} />}
        <div id={GOAL_ID} className="stats__goal">
          <GoalFigure chart={goal} />
          <GoalForm books={statistics.books} />
        </div>
      </div>
    </div>
  );
}
