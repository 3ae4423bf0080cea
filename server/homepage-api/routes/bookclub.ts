/**
 * Book clubs (domain.md "Book clubs"): list, detail, join, leave; the leader records a
 * meeting with attendance and each attendee earns the meeting points under their own
 * limits and caps, all in one transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClubDetailAnswer, ClubListAnswer, ClubListQuery, ClubMembershipAnswer, ClubParams, MeetingAnswer, MeetingBody,
  type Club,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf, optionalMember, requireMember } from '../auth/guard.ts';
import { ApiError, badRequest, conflict, errorAnswers, notFound } from '../errors.ts';
import { recordActivity } from '../programme/earn.ts';
import { maskName, requireParticipant } from '../programme/participant.ts';
import { transaction } from '../store/db.ts';
import { regionName } from '../store/members.ts';
import { int, paging, str, strOrNull, type Row } from '../store/rows.ts';
import { isoSeoul, seoulDay } from '../time.ts';
import { BEARER } from './common.ts';

const CLUB_SELECT = `
  SELECT c.*, l.user_name AS leader_name,
         (SELECT count(*) FROM club_members cm WHERE cm.club_id = c.club_id) AS member_count,
         EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.club_id AND cm.member_id = :me) AS joined
    FROM book_clubs c JOIN members l ON l.member_id = c.leader_id`;

export const bookclubRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;

  function toClub(r: Row, me: number | null): Club {
    const city = str(r, 'city_code');
    return {
      club_key: int(r, 'club_id'),
      name: str(r, 'name'),
      leader_name: maskName(str(r, 'leader_name')),
      capacity: int(r, 'capacity'),
      member_count: int(r, 'member_count'),
      city_code: city,
      city_name: regionName(db, city)?.replace(/^충청북도 /, '') ?? city,
      schedule: str(r, 'schedule'),
      description: str(r, 'description'),
      joined_yn: int(r, 'joined') === 1 ? 'Y' : 'N',
      leader_yn: me !== null && int(r, 'leader_id') === me ? 'Y' : 'N',
    };
  }

  function club(clubId: number, me: number | null): Club {
    const r = db.prepare(`${CLUB_SELECT} WHERE c.club_id = :id`).get({ id: clubId, me });
    if (!r) throw notFound(apiMessages.bookclub.notFound);
    return toClub(r, me);
  }

  app.get(
    '/list',
    {
      preHandler: optionalMember,
      schema: {
        tags: ['bookclub'],
        summary: '독서동아리 목록 (지역 필터, 로그인하면 가입 여부·내 동아리만 보기)',
        security: [{ bearerAuth: [] }, {}],
        querystring: ClubListQuery,
        response: { 200: ClubListAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => {
      const me = req.auth?.member.memberId ?? null;
      const q = req.query;
      const pg = paging(q.page, q.size);
      const filter = `WHERE (:city IS NULL OR c.city_code = :city OR c.city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
        AND (:mine = 0 OR EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.club_id AND cm.member_id = :me))`;
      const params = { city: q.city_code ?? null, mine: q.mine_yn === 'Y' && me !== null ? 1 : 0, me };
      const rows = db.prepare(`${CLUB_SELECT} ${filter} ORDER BY c.club_id LIMIT :limit OFFSET :offset`).all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n FROM book_clubs c ${filter}`).get(params) ?? { n: 0 }, 'n');
      return { result: 'success' as const, club_list: rows.map((r) => toClub(r, me)), page: pg.page, size: pg.size, total };
    },
  );

  app.get(
    '/:club_key',
    {
      preHandler: optionalMember,
      schema: {
        tags: ['bookclub'],
        summary: '독서동아리 상세: 회원(가린 이름, 회장에게는 회원번호)과 모임 기록',
        security: [{ bearerAuth: [] }, {}],
        params: ClubParams,
        response: { 200: ClubDetailAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => {
      const me = req.auth?.member.memberId ?? null;
      const c = club(req.params.club_key, me);
      const isLeader = c.leader_yn === 'Y';
      const members = db
        .prepare(
          `SELECT m.member_id, m.user_no, m.user_name, c.leader_id FROM club_members cm JOIN members m ON m.member_id = cm.member_id
             JOIN book_clubs c ON c.club_id = cm.club_id WHERE cm.club_id = ? ORDER BY cm.joined_at, m.member_id`,
        )
        .all(c.club_key)
        .map((r) => ({
          user_no: isLeader ? str(r, 'user_no') : null,
          user_name: isLeader ? str(r, 'user_name') : maskName(str(r, 'user_name')),
          leader_yn: int(r, 'member_id') === int(r, 'leader_id') ? ('Y' as const) : ('N' as const),
        }));
      const meetings = db
        .prepare(
          `SELECT mt.*, b.title, (SELECT count(*) FROM club_attendance a WHERE a.meeting_id = mt.meeting_id) AS n
             FROM club_meetings mt LEFT JOIN books b ON b.isbn = mt.isbn WHERE mt.club_id = ? ORDER BY mt.held_on DESC LIMIT 50`,
        )
        .all(c.club_key)
        .map((r) => ({
          meeting_key: int(r, 'meeting_id'),
          held_on: str(r, 'held_on'),
          topic: str(r, 'topic'),
          isbn: strOrNull(r, 'isbn'),
          book_title: strOrNull(r, 'title'),
          attendee_count: int(r, 'n'),
        }));
      return { result: 'success' as const, club: c, members, meetings };
    },
  );

  app.post(
    '/:club_key/join',
    {
      preHandler: requireMember,
      schema: {
        tags: ['bookclub'],
        summary: '독서동아리 가입 (정원까지)',
        security: BEARER,
        params: ClubParams,
        response: { 200: ClubMembershipAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const id = req.params.club_key;
      transaction(db, () => {
        const c = club(id, m.memberId);
        if (c.joined_yn === 'Y') throw conflict(apiMessages.bookclub.alreadyMember);
        if (c.member_count >= c.capacity) throw conflict(apiMessages.bookclub.full);
        db.prepare('INSERT INTO club_members (club_id, member_id, joined_at) VALUES (?, ?, ?)').run(id, m.memberId, isoSeoul(now));
      });
      return { result: 'success' as const, club: club(id, m.memberId), msg: apiMessages.bookclub.joined };
    },
  );

  app.post(
    '/:club_key/leave',
    {
      preHandler: requireMember,
      schema: {
        tags: ['bookclub'],
        summary: '독서동아리 탈퇴 (회장 제외)',
        security: BEARER,
        params: ClubParams,
        response: { 200: ClubMembershipAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const id = req.params.club_key;
      transaction(db, () => {
        const c = club(id, m.memberId);
        if (c.joined_yn !== 'Y') throw conflict(apiMessages.bookclub.notMember);
        if (c.leader_yn === 'Y') throw conflict(apiMessages.bookclub.leaderCannotLeave);
        db.prepare('DELETE FROM club_members WHERE club_id = ? AND member_id = ?').run(id, m.memberId);
      });
      return { result: 'success' as const, club: club(id, m.memberId), msg: apiMessages.bookclub.left };
    },
  );

  app.post(
    '/:club_key/meetings',
    {
      preHandler: requireMember,
      schema: {
        tags: ['bookclub'],
        summary: '모임 기록 (회장): 참석한 회원마다 500포인트, 월 4회',
        security: BEARER,
        params: ClubParams,
        body: MeetingBody,
        response: { 200: MeetingAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const id = req.params.club_key;
      const b = req.body;
      const today = seoulDay(now);
      if (b.held_on > today) throw badRequest(apiMessages.activity.futureDate);
      if (b.held_on.slice(0, 7) !== today.slice(0, 7)) throw badRequest(apiMessages.activity.meetingNotThisMonth);
      if (b.isbn && !db.prepare('SELECT 1 FROM books WHERE isbn = ?').get(b.isbn)) throw notFound(apiMessages.activity.bookNotFound);
      return transaction(db, () => {
        const c = club(id, m.memberId);
        if (c.leader_yn !== 'Y') throw new ApiError(404, apiMessages.bookclub.leaderOnly);
        if (c.member_count < 2) throw conflict(apiMessages.bookclub.tooFewMembers);
        const attendees = b.attendees.map((userNo) => {
          const r = db
            .prepare(
              `SELECT m.member_id, m.user_name, cm.club_id FROM members m
                 LEFT JOIN club_members cm ON cm.member_id = m.member_id AND cm.club_id = ? WHERE m.user_no = ?`,
            )
            .get(id, userNo);
          if (!r) throw badRequest(apiMessages.bookclub.attendeeUnknown);
          if (r['club_id'] === null) throw badRequest(apiMessages.bookclub.attendeeNotMember(str(r, 'user_name')));
          return { userNo, memberId: int(r, 'member_id') };
        });
        if (db.prepare('SELECT 1 FROM club_meetings WHERE club_id = ? AND held_on = ?').get(id, b.held_on)) {
          throw conflict(apiMessages.bookclub.meetingDuplicate);
        }
        const meeting = db
          .prepare('INSERT INTO club_meetings (club_id, held_on, topic, isbn, recorded_at) VALUES (?, ?, ?, ?, ?) RETURNING meeting_id')
          .get(id, b.held_on, b.topic, b.isbn ?? null, isoSeoul(now));
        const meetingId = int(meeting ?? {}, 'meeting_id');
        const awarded = attendees.map((a) => {
          const r = recordActivity(db, settings, { memberId: a.memberId, type: 'bookclub', isbn: b.isbn ?? null });
          db.prepare('INSERT INTO club_attendance (activity_id, meeting_id, member_id) VALUES (?, ?, ?)').run(r.activityId, meetingId, a.memberId);
          return { user_no: a.userNo, activity_key: r.activityId, points: r.points, point_reason: r.reason };
        });
        return {
          result: 'success' as const,
          meeting_key: meetingId,
          msg: apiMessages.bookclub.meetingRecorded(awarded.filter((a) => a.points > 0).length),
          awarded,
        };
      });
    },
  );
};
