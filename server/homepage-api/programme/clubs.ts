/**
 * Book clubs (domain.md "Book clubs"): join up to capacity, leave (not the leader), and the
 * leader's meeting record, where each attendee earns the meeting points under their own
 * limits and caps, all in one transaction (decision 0102).
 */
import type { Club, MeetingBody } from '#shared/contract/bookclub.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { ApiError, ruleBroken, conflict, notFound } from '../errors.ts';
import type { ClubRow } from '../store/clubs.ts';
import type { Stores } from '../store/index.ts';
import { addDays, seoulDay } from '../time.ts';
import type { WriteContext } from './activities.ts';
import { recordActivity } from './earn.ts';
import { maskName, requireParticipant } from './participant.ts';

/** The furthest ahead a leader may announce the next meeting. */
const NEXT_MEETING_MAX_DAYS = 180;

/** The club as the asking member (or a visitor, `me` null) sees it on `today`. */
export async function clubAnswer(stores: Stores, c: ClubRow, me: number | null, today: string): Promise<Club> {
  return {
    club_key: c.clubId,
    name: c.name,
    leader_name: maskName(c.leaderName),
    capacity: c.capacity,
    member_count: c.memberCount,
    city_code: c.cityCode,
    city_name: await stores.codes.cityName(c.cityCode),
    schedule: c.schedule,
    next_meeting_on: c.nextMeetingOn !== null && c.nextMeetingOn >= today ? c.nextMeetingOn : null,
    description: c.description,
    joined_yn: c.joined ? 'Y' : 'N',
    leader_yn: me !== null && c.leaderId === me ? 'Y' : 'N',
  };
}

export async function requireClub(stores: Stores, clubId: number, me: number | null): Promise<ClubRow> {
  const c = await stores.clubs.club(clubId, me);
  if (!c) throw notFound(apiMessages.bookclub.notFound);
  return c;
}

export async function joinClub({ stores, settings, member }: WriteContext, clubId: number): Promise<void> {
  const now = settings.clock();
  requireParticipant(member, now);
  await stores.transaction(async () => {
    await stores.clubs.lock(clubId); // two joins for the last place: one waits, then sees it taken
    const c = await requireClub(stores, clubId, member.memberId);
    if (c.joined) throw conflict(apiMessages.bookclub.alreadyMember);
    if (c.memberCount >= c.capacity) throw conflict(apiMessages.bookclub.full);
    await stores.clubs.join(clubId, member.memberId, now);
  });
}

export async function leaveClub({ stores, member }: WriteContext, clubId: number): Promise<void> {
  await stores.transaction(async () => {
    const c = await requireClub(stores, clubId, member.memberId);
    if (!c.joined) throw conflict(apiMessages.bookclub.notMember);
    if (c.leaderId === member.memberId) throw conflict(apiMessages.bookclub.leaderCannotLeave);
    await stores.clubs.leave(clubId, member.memberId);
  });
}

export async function recordMeeting({ stores, settings, member }: WriteContext, clubId: number, b: MeetingBody) {
  const now = settings.clock();
  requireParticipant(member, now);
  const today = seoulDay(now);
  if (b.held_on > today) throw ruleBroken(apiMessages.activity.futureDate);
  if (b.held_on.slice(0, 7) !== today.slice(0, 7)) throw ruleBroken(apiMessages.activity.meetingNotThisMonth);
  if (b.isbn && !await stores.books.exists(b.isbn)) throw notFound(apiMessages.activity.bookNotFound);
  return await stores.transaction(async () => {
    await stores.clubs.lock(clubId);
    const c = await requireClub(stores, clubId, member.memberId);
    if (c.leaderId !== member.memberId) throw new ApiError(404, apiMessages.bookclub.leaderOnly);
    if (c.memberCount < 2) throw conflict(apiMessages.bookclub.tooFewMembers);
    const attendees: { userNo: string; memberId: number; userName: string }[] = [];
    for (const userNo of b.attendees) {
      const a = await stores.clubs.byUserNo(clubId, userNo);
      if (!a) throw ruleBroken(apiMessages.bookclub.attendeeUnknown);
      if (!a.inClub) throw ruleBroken(apiMessages.bookclub.attendeeNotMember(a.userName));
      attendees.push({ userNo, memberId: a.memberId, userName: a.userName });
    }
    // The attendees' rows in member order, before any of their earnings (see Stores.forMembers).
    for (const id of [...new Set(attendees.map((a) => a.memberId))].sort((x, y) => x - y)) await stores.members.lock(id);
    if (await stores.clubs.hasMeetingOn(clubId, b.held_on)) throw conflict(apiMessages.bookclub.meetingDuplicate);
    const meetingId = await stores.clubs.addMeeting({ clubId, heldOn: b.held_on, topic: b.topic, isbn: b.isbn ?? null, at: now });
    const awarded = [];
    for (const a of attendees) {
      const r = await recordActivity(stores, settings, { memberId: a.memberId, type: 'bookclub', isbn: b.isbn ?? null, activityDate: b.held_on });
      await stores.clubs.addAttendance(r.activityId, meetingId, a.memberId);
      awarded.push({ user_no: a.userNo, user_name: a.userName, activity_key: r.activityId, points: r.points, point_reason: r.reason, msg: r.msg });
    }
    return { meetingId, awarded };
  });
}

/** The leader announces the next meeting (today up to NEXT_MEETING_MAX_DAYS ahead) or clears it; answers the message. */
export async function setNextMeeting({ stores, settings, member }: WriteContext, clubId: number, day: string | null): Promise<string> {
  const today = seoulDay(settings.clock());
  if (day !== null && (day < today || day > addDays(today, NEXT_MEETING_MAX_DAYS))) {
    throw ruleBroken(apiMessages.clubSchedule.outOfRange(NEXT_MEETING_MAX_DAYS));
  }
  await stores.transaction(async () => {
    const c = await requireClub(stores, clubId, member.memberId);
    if (c.leaderId !== member.memberId) throw new ApiError(404, apiMessages.clubSchedule.leaderOnly);
    await stores.clubs.setNextMeeting(clubId, day);
  });
  return day === null ? apiMessages.clubSchedule.cleared : apiMessages.clubSchedule.set(Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}
