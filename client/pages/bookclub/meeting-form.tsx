/**
 * 모임 기록: a club leader records a meeting — the date (this month up to today), the topic,
 * the book (optional) and the attendees from the members list — and sees each attendee's
 * points, or why none (the API's `awarded[].msg`). The bookclub page's action posts it.
 */
import { Link, useNavigation } from 'react-router-dom';
import { earnPoints, earnSentenceOf, pointsRule, programmeLabels } from '#shared/messages-programme.ts';
import { meetingText } from './messages.ts';
import type { Detail, MeetingResult } from './bookclub-page.tsx';
import { ResultPanel } from '#client/forms/earn-result.tsx';
import { fieldState, FormMessage, initial, type FormResult } from '#client/forms/form-result.tsx';
import { formatDay } from '#client/components/format.ts';
import { WriteForm } from '#client/forms/write-form.tsx';

export function MeetingForm({ detail, result }: { detail: Detail; result: FormResult<MeetingResult> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const form = detail.meeting_form;
  const msg = 'meeting-message';
  const done = result?.ok ? result.value : null;
  return (
    <section className="card" id="meeting" aria-labelledby="meeting-title">
      <h2 id="meeting-title" className="card__title">
        {meetingText.of(detail.club.name)}
      </h2>
      {!form ? (
        <p className="empty">{meetingText.notLeader}</p>
      ) : (
        <>
          <p className="month-status">
            <strong>{programmeLabels.meeting}</strong>
            <span>{pointsRule(earnPoints.bookclub, form.monthly_limit)}</span>
          </p>
          <p className="field__hint">{meetingText.rule(formatDay(form.from), formatDay(form.to))}</p>
          {done && result?.ok && (
            <ResultPanel answer={result} main={done.msg}>
              <table className="data-table" tabIndex={-1}>
                <caption>{meetingText.results}</caption>
                <thead>
                  <tr>
                    <th scope="col">{meetingText.member}</th>
                    <th scope="col">{meetingText.result}</th>
                  </tr>
                </thead>
                <tbody>
                  {done.awarded.map((a) => (
                    <tr key={a.user_no}>
                      <th scope="row">{a.user_name}</th>
                      <td>{earnSentenceOf(a.points, a.msg)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ResultPanel>
          )}
          <WriteForm key={done ? done.msg + done.awarded.length : 'form'} draft={{ id: `meeting:${detail.club.club_key}`, kind: 'meeting' }} className="stack-form" noValidate aria-busy={busy} aria-labelledby="meeting-title">
            <FormMessage result={result} id={msg} />
            <input type="hidden" name="club_key" value={detail.club.club_key} />
            <div className="field">
              <label className="field__label" htmlFor="held_on">
                {meetingText.heldOn}
              </label>
              <input
                id="held_on"
                name="held_on"
                type="date"
                className="input input--short"
                min={form.from}
                max={form.to}
                defaultValue={initial(result, 'held_on', form.to)}
                {...fieldState(result, 'held_on', msg)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="topic">
                {meetingText.topic}
              </label>
              <input
                id="topic"
                name="topic"
                className="input"
                maxLength={200}
                defaultValue={initial(result, 'topic')}
                {...fieldState(result, 'topic', msg, 'topic-hint')}
              />
              <p id="topic-hint" className="field__hint">
                {meetingText.topicHint}
              </p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="meeting-isbn">
                {meetingText.isbn}
              </label>
              <input
                id="meeting-isbn"
                name="isbn"
                className="input"
                inputMode="numeric"
                maxLength={17}
                defaultValue={initial(result, 'isbn')}
                {...fieldState(result, 'isbn', msg)}
              />
            </div>
            <fieldset className="field">
              <legend className="field__label">{meetingText.attendees}</legend>
              <ul className="check-list">
                {detail.members
                  .filter((m) => m.user_no !== null)
                  .map((m, i) => (
                    <li key={m.user_no}>
                      <label className="check">
                        <input type="checkbox" name="attendees" value={m.user_no ?? ''} {...(i === 0 ? fieldState(result, 'attendees', msg) : {})} />
                        {m.user_name}
                        {m.leader_yn === 'Y' && <span className="badge badge--point">{meetingText.leader}</span>}
                      </label>
                    </li>
                  ))}
              </ul>
            </fieldset>
            <div className="card__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {meetingText.submit}
              </button>
              <Link className="btn btn--tertiary" to="?">
                {meetingText.close}
              </Link>
            </div>
          </WriteForm>
          <h3 className="sub-title">{meetingText.meetings}</h3>
          {detail.meetings.length === 0 ? (
            <p className="empty">{meetingText.meetingsNone}</p>
          ) : (
            <ul className="list-rows">
              {detail.meetings.slice(0, 5).map((m) => (
                <li key={m.meeting_key} className="list-row">
                  <span className="list-row__title">
                    {m.topic}
                    {m.book_title && <span className="list-row__sub">{m.book_title}</span>}
                  </span>
                  <span className="list-row__meta">
                    {meetingText.attendeeCount(m.attendee_count)} · {formatDay(m.held_on)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
