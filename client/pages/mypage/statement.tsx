/**
 * 포인트 내역 on my page as a statement: the period and kinds chosen (a GET form), the totals
 * over every entry of that choice (earned, spent, clawed back) and the balance, then the
 * entries newest first. It prints cleanly (client/styles/programme.css @media print): no
 * shell, the member's name, the period, the totals and the table.
 */
import { useCallback } from 'react';
import { Form } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { activityNames } from '#shared/messages-api.ts';
import { programmeLabels } from '#shared/messages-programme.ts';
import { mypageText } from './messages.ts';
import { entryTypeNames, statementText } from './statement-messages.ts';
import type { PointEntry } from '#shared/contract/points.ts';
import type { Data } from './mypage-page.tsx';
import { ACTIVITY_KINDS, ENTRY_TYPES, STATEMENT_PAGE_SIZE } from './point-query.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { formatDay } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { Pagination } from '#client/components/pagination.tsx';
import { PrintButton } from '#client/components/print-button.tsx';
import { useWithinPage, WITHIN_PAGE } from '#client/components/within-page.ts';
import { withinText } from '#client/components/within-page-messages.ts';

function PointFilters({ filters, months }: Pick<Data, 'filters' | 'months'>) {
  const select = (id: string, name: string, label: string, value: string, empty: string, options: readonly (readonly [string, string])[]) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" defaultValue={value}>
        <option value="">{empty}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="get" state={WITHIN_PAGE} className="filters no-print" aria-label={statementText.filters}>
      <input type="hidden" name="search_type" value="point" />
      {select('point-month', 'month', statementText.month, filters.month, statementText.allMonths, months.map((m) => [m, statementText.monthName(m)] as const))}
      {select(
        'point-activity',
        'activity_type',
        statementText.activity,
        filters.activity,
        statementText.allActivities,
        ACTIVITY_KINDS.map((t) => [t, activityNames[t]] as const),
      )}
      {select('point-entry', 'entry_type', statementText.entry, filters.entry, statementText.allEntries, ENTRY_TYPES.map((t) => [t, entryTypeNames[t]] as const))}
      <button type="submit" className="btn btn--primary">
        {statementText.show}
      </button>
    </Form>
  );
}

/** What an entry was: the book (or the description), with the bookstore or the description beneath. */
function EntryWhat({ entry: e }: { entry: PointEntry }) {
  const sub = e.bookstore_name ?? (e.book_title ? e.description : '');
  return (
    <>
      {e.book_title ?? e.description}
      {sub && <span className="list-row__sub">{sub}</span>}
    </>
  );
}

export function Statement({ data, name }: { data: Data; name: string }) {
  const { filters, list, totals, page, today } = data;
  const period = filters.month ? statementText.monthName(filters.month) : statementText.allMonths;
  const scope = [filters.activity ? activityNames[filters.activity] : '', filters.entry ? entryTypeNames[filters.entry] : ''].filter(Boolean).join(' · ');
  return (
    <section className="statement" aria-labelledby="statement-title">
      <header className="statement__head">
        <h2 id="statement-title" className="section__title">
          {name ? statementText.statementOf(name) : programmeLabels.pointHistory}
        </h2>
        <p className="statement__printed print-only">{statementText.printedOn(formatDay(today))}</p>
        <div className="statement__totals">
          <dl>
            <div>
              <dt>{statementText.period}</dt>
              <dd>
                {period}
                {scope && ` (${scope})`}
              </dd>
            </div>
          </dl>
          <Deferred value={totals} fallback={<Skeleton lines={1} label={messages.loading} />}>
            {(t) =>
              t && (
                <dl>
                  <div>
                    <dt>{statementText.earned}</dt>
                    <dd>{formatNumber(t.earned)}P</dd>
                  </div>
                  <div>
                    <dt>{statementText.spent}</dt>
                    <dd>{formatNumber(t.spent)}P</dd>
                  </div>
                  <div>
                    <dt>{statementText.clawedBack}</dt>
                    <dd>{formatNumber(t.clawedBack)}P</dd>
                  </div>
                </dl>
              )
            }
          </Deferred>
          <Deferred value={data.point} fallback={null}>
            {(a) =>
              a.result === 'success' && (
                <dl>
                  <div>
                    <dt>{statementText.balanceNow}</dt>
                    <dd className="statement__balance">{formatNumber(a.point.balance)}P</dd>
                  </div>
                </dl>
              )
            }
          </Deferred>
        </div>
        <div className="statement__tools no-print">
          <PrintButton label={statementText.print} />
        </div>
      </header>
      <PointFilters filters={filters} months={data.months} />
      <Deferred value={list} fallback={<Skeleton lines={6} label={messages.loading} />}>
        {(l) =>
          'error' in l ? (
            <p className="empty">{l.error}</p>
          ) : l.entries.length === 0 ? (
            <p className="empty">{mypageText.none}</p>
          ) : (
            <>
              {/* On a phone the four columns cannot fit (decision 0131): each entry is a card of its own,
                  the table is for wider screens and for printing. One of the two is display: none. */}
              <ol className="statement__cards" aria-label={statementText.caption(period)}>
                {l.entries.map((e) => (
                  <li key={e.entry_key} className="statement-entry">
                    {/* One name and its value per div (a dl's groups): the date and the points share the first line by CSS. */}
                    <dl>
                      <div className="statement-entry__top">
                        <dt className="sr-only">{statementText.columns.date}</dt>
                        <dd>
                          <time dateTime={e.entry_date}>{formatDay(e.entry_date)}</time>
                        </dd>
                      </div>
                      <div className="statement-entry__top">
                        <dt className="sr-only">{statementText.columns.points}</dt>
                        <dd className={`points-delta${e.points < 0 ? ' is-minus' : ''}`}>{mypageText.pointsValue(e.points)}</dd>
                      </div>
                      <div className="statement-entry__line">
                        <dt className="sr-only">{statementText.columns.what}</dt>
                        <dd className="statement-entry__what">
                          <EntryWhat entry={e} />
                        </dd>
                      </div>
                      <div className="statement-entry__line">
                        <dt className="sr-only">{statementText.columns.kind}</dt>
                        <dd className="statement-entry__kind">
                          <span className="badge badge--gray">{entryTypeNames[e.entry_type]}</span>
                          {e.activity_type && <span>{activityNames[e.activity_type]}</span>}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ol>
              <div className="table-scroll statement__wide">
                <table className="data-table statement__table">
                  <caption>{statementText.caption(period)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{statementText.columns.date}</th>
                      <th scope="col">{statementText.columns.what}</th>
                      <th scope="col">{statementText.columns.kind}</th>
                      <th scope="col" className="num">
                        {statementText.columns.points}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {l.entries.map((e) => (
                      <tr key={e.entry_key}>
                        <td className="nowrap">
                          <time dateTime={e.entry_date}>{formatDay(e.entry_date)}</time>
                        </td>
                        <td>
                          <EntryWhat entry={e} />
                        </td>
                        <td className="nowrap">
                          {entryTypeNames[e.entry_type]}
                          {e.activity_type && <span className="list-row__sub">{activityNames[e.activity_type]}</span>}
                        </td>
                        <td className={`num points-delta${e.points < 0 ? ' is-minus' : ''}`}>{mypageText.pointsValue(e.points)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="field__hint">{statementText.totalsNote}</p>
              <div className="no-print">
                <Pagination page={page} size={STATEMENT_PAGE_SIZE} total={l.total} label={mypageText.pagesOf(programmeLabels.pointHistory)} />
              </div>
            </>
          )
        }
      </Deferred>
      <Deferred value={list} fallback={null}>
        {(l) => <Arrival listing={l} period={period} />}
      </Deferred>
    </section>
  );
}

/**
 * 포인트 내역 chosen (the tab) or filtered just now (decision 0143): the entries take the focus
 * — the cards on a phone, the table on a wide screen — and the count is said; none, the heading.
 */
function Arrival({ listing: l, period }: { listing: Awaited<Data['list']>; period: string }) {
  const entries = useCallback(
    () =>
      [document.querySelector<HTMLElement>('.statement__cards'), document.querySelector<HTMLElement>('.statement__table')].find((el) => el && el.getClientRects().length > 0) ??
      document.getElementById('statement-title'),
    [],
  );
  useWithinPage('error' in l ? l.error : withinText.list(`${period} ${programmeLabels.pointHistory}`, l.total, l.entries.length), entries);
  return null;
}
