/**
 * Book clubs (docs/product.md §2 /bookclub/bookclub): the member's clubs and clubs to join, by
 * region; join and leave. A club's leader records a meeting here (?meeting={club_key}):
 * the date, topic, book and attendees from the members list; each attendee's points
 * (or why none) are shown after. The meeting form is a page action (0031).
 */
import { Suspense, useState } from 'react';
import { Link, useActionData, useLoaderData, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Club, ClubDetailAnswer, MeetingAnswer } from '#shared/contract/bookclub.ts';
import type { Region } from '#shared/contract/code.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';
import { messages } from '#shared/messages.ts';
import { programmeLabels, programmeMessages } from '#shared/messages-programme.ts';
import { bookclubText as t, meetingText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { isIsbn } from '#client/components/book-lookup.ts';
import { Skeleton } from '#client/components/deferred.tsx';
import { field, formError, formOk, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { normaliseText } from '#client/forms/text-length.ts';
import { newWriteKey, writeKeyOf } from '#client/forms/drafts.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { RegionFilter } from '#client/forms/select-field.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { ListState } from '#client/components/list-state.tsx';
import { lazyHere } from '#client/components/lazy-part.tsx';

const PAGE_SIZE = 6;

export type Detail = Extract<ClubDetailAnswer, { result: 'success' }>;
export type MeetingResult = Pick<MeetingAnswer, 'msg' | 'awarded'>;

/** The leader's meeting form is its own chunk: only a leader recording a meeting downloads it. */
const MeetingForm = lazyHere(() => import('./meeting-form.tsx').then((m) => ({ default: m.MeetingForm })));

interface Data {
  /** The club whose meeting the leader is recording (?meeting=), with its members. */
  meeting: Detail | null;
  mine: Club[] | null;
  clubs: Club[] | null;
  city: string;
  regions: Region[];
  page: number;
  total: number;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const raw = new URL(request.url).searchParams.get('city_code') ?? '';
  const city = /^[0-9]{5}$/.test(raw) ? raw : '';
  const page = pageParam(request.url);
  const meetingKey = Number(new URL(request.url).searchParams.get('meeting'));
  const [meeting, mine, all, stores] = await Promise.all([
    Number.isInteger(meetingKey) && meetingKey >= 1 && meetingKey <= 2_147_483_647
      ? api.get('/bookclub/:club_key', { params: { club_key: meetingKey } })
      : null,
    api.get('/bookclub/list', { query: { mine_yn: 'Y', size: 20 } }),
    api.get('/bookclub/list', { query: { city_code: city || undefined, page, size: PAGE_SIZE } }),
    api.get('/code/local/:a', { params: { a: '43' } }),
  ]);
  return {
    meeting: meeting?.result === 'success' ? meeting : null,
    mine: mine.result === 'success' ? mine.club_list : null,
    clubs: all.result === 'success' ? all.club_list : null,
    city,
    regions: stores.result === 'success' ? stores.region_list : [],
    page,
    total: all.result === 'success' ? all.total : 0,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { held_on: field(form, 'held_on'), topic: field(form, 'topic'), isbn: field(form, 'isbn') };
  const clubKey = Number(field(form, 'club_key'));
  if (!Number.isInteger(clubKey) || clubKey < 1) return formError(context, messages.form.notFound);
  const missing = firstMissing(form, [
    { name: 'held_on', label: meetingText.heldOn },
    { name: 'topic', label: meetingText.topic },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const isbn = normaliseIsbn(values.isbn);
  if (isbn && !isIsbn(isbn)) return formError(context, programmeMessages.isbnInvalid, { field: 'isbn', values });
  const attendees = [...new Set(form.getAll('attendees').filter((v): v is string => typeof v === 'string' && /^[0-9]{10}$/.test(v)))];
  if (attendees.length === 0) return formError(context, meetingText.attendeesNone, { field: 'attendees', values });
  const answer = await homepage(context).post('/bookclub/:club_key/meetings', {
    params: { club_key: clubKey },
    body: { held_on: values.held_on, topic: normaliseText(values.topic).slice(0, 200), ...(isbn ? { isbn } : {}), attendees },
    idempotencyKey: writeKeyOf(form),
  });
  if (answer.result !== 'success') return formError(context, answer.msg, { field: 'held_on', values });
  return formOk<MeetingResult>(context, { msg: answer.msg, awarded: answer.awarded });
}

function ClubCard({ club, busy, onAction }: { club: Club; busy: boolean; onAction(club: Club, action: 'join' | 'leave'): void }) {
  const full = club.member_count >= club.capacity;
  return (
    <li className="store-card">
      <h3 className="store-card__name">{club.name}</h3>
      <p className="book-card__stats">
        <span className="badge badge--gray">{club.city_name}</span>
        <span className="badge">{t.members(club.member_count, club.capacity)}</span>
        {club.leader_yn === 'Y' && <span className="badge badge--point">{t.leader}</span>}
      </p>
      <p className="field__hint">{club.description}</p>
      <dl>
        <dt>{t.leader}</dt>
        <dd>{club.leader_name}</dd>
        <dt>{t.schedule}</dt>
        <dd>{club.schedule}</dd>
      </dl>
      <div className="card__actions">
        {club.joined_yn === 'Y' ? (
          club.leader_yn === 'Y' ? (
            <Link className="btn btn--small btn--primary" to={`?meeting=${club.club_key}#meeting`} aria-label={`${programmeLabels.meeting}: ${club.name}`}>
              {programmeLabels.meeting}
            </Link>
          ) : (
            <button type="button" className="btn btn--small btn--tertiary" disabled={busy} onClick={() => onAction(club, 'leave')} aria-label={`${t.leave}: ${club.name}`}>
              {t.leave}
            </button>
          )
        ) : (
          full ? (
            // The club's state in words (decision 0131), not a disabled button at 2.69:1.
            <p className="badge badge--gray bookclub__full">{t.full}</p>
          ) : (
            <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => onAction(club, 'join')} aria-label={`${t.join}: ${club.name}`}>
              {t.join}
            </button>
          )
        )}
      </div>
    </li>
  );
}

export default function BookclubPage() {
  const { meeting, mine, clubs, city, regions, page, total } = useLoaderData<Data>();
  const result = useActionData<FormResult<MeetingResult>>();
  useFormFeedback(result);
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const onAction = async (club: Club, action: 'join' | 'leave') => {
    if (action === 'leave' && !(await dialogs.confirm(t.leaveConfirm(club.name)))) return;
    setBusy(true);
    try {
      const answer = await homepage().post(action === 'join' ? '/bookclub/:club_key/join' : '/bookclub/:club_key/leave', {
        params: { club_key: club.club_key },
        // One key per tap: a lost answer is retried as the same join (issue 38).
        idempotencyKey: newWriteKey(),
      });
      await dialogs.alert(answer.msg);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  const act = (c: Club, a: 'join' | 'leave') => void onAction(c, a);

  return (
    <div className="container section stack">
      <p className="lead">{t.lead}</p>
      {meeting && (
        <Suspense fallback={<Skeleton lines={8} label={messages.loading} />}>
          <MeetingForm detail={meeting} result={result} />
        </Suspense>
      )}
      <section aria-labelledby="mine-title" className="stack">
        <h2 id="mine-title" className="section__title">
          {t.mine}
        </h2>
        <ListState of={mine} items={(c) => c} none={t.mineNone}>
          {(mine) => (
            <ul className="store-list">
              {mine.map((c) => (
                <ClubCard key={c.club_key} club={c} busy={busy} onAction={act} />
              ))}
            </ul>
          )}
        </ListState>
      </section>
      <section aria-labelledby="find-title" className="stack">
        <h2 id="find-title" className="section__title">
          {t.find}
        </h2>
        <RegionFilter id="club-city" city={city} options={regions.map((r) => [r.region_code, r.region_name] as const)} text={t} />
        <ListState of={clubs} items={(c) => c} none={t.none}>
          {(clubs) => (
            <>
              <ul className="store-list">
                {clubs.map((c) => (
                  <ClubCard key={c.club_key} club={c} busy={busy} onAction={act} />
                ))}
              </ul>
              <Pagination page={page} size={PAGE_SIZE} total={total} label={t.pages} />
            </>
          )}
        </ListState>
      </section>
    </div>
  );
}
