/**
 * Book clubs (domain.md "Book clubs"): list, detail, join, leave, and the leader's meeting
 * record; the rules live in programme/clubs.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { clubAnswer, joinClub, leaveClub, recordMeeting, requireClub, setNextMeeting } from '../programme/clubs.ts';
import { maskName } from '../programme/participant.ts';
import { seoulDay } from '../time.ts';
import { pageInfo, pageOf, writeContext } from './kit.ts';
import { formatNumber } from '#shared/format-number.ts';

export function bookclubHandlers(app: FastifyInstance) {
  const { stores, settings } = app;
  /** The club as the member sees it after a write. */
  const clubAfter = async (me: number, clubKey: number) => await clubAnswer(stores, await requireClub(stores, clubKey, me), me, seoulDay(settings.clock()));

  return {
    getBookclubList: {
      summary: '독서동아리 목록 (지역 필터, 로그인하면 가입 여부·내 동아리만 보기)',
      handle: async (req) => {
        const me = req.auth?.member.memberId ?? null;
        const pg = pageOf(req.query);
        const r = await stores.clubs.list({ city: req.query.city_code ?? null, mineOnly: req.query.mine_yn === 'Y', me }, pg);
        const today = seoulDay(settings.clock());
        return { result: 'success' as const, club_list: await Promise.all(r.rows.map((c) => clubAnswer(stores, c, me, today))), ...pageInfo(pg, r.total) };
      },
    },
    getBookclubByClubKey: {
      summary: '독서동아리 상세: 회원(가린 이름, 회장에게는 이름과 회원번호), 회장의 모임 기록 양식(meeting_form), 모임 기록(최근부터)',
      handle: async (req) => {
        const me = req.auth?.member.memberId ?? null;
        const c = await requireClub(stores, req.params.club_key, me);
        const isLeader = me !== null && c.leaderId === me;
        const today = seoulDay(settings.clock());
        const rule = settings.rules.activities.bookclub;
        return {
          result: 'success' as const,
          club: await clubAnswer(stores, c, me, today),
          members: (await stores.clubs.members(c.clubId)).map((m) => ({
            user_no: isLeader ? m.userNo : null,
            user_name: isLeader ? m.userName : maskName(m.userName),
            leader_yn: m.leader ? ('Y' as const) : ('N' as const),
          })),
          meeting_form: isLeader ? { from: `${today.slice(0, 7)}-01`, to: today, points: rule.points, monthly_limit: rule.monthlyLimit } : null,
          meetings: (await stores.clubs.meetings(c.clubId)).map((m) => ({
            meeting_key: m.meetingId,
            held_on: m.heldOn,
            topic: m.topic,
            isbn: m.isbn,
            book_title: m.bookTitle,
            attendee_count: m.attendeeCount,
          })),
        };
      },
    },
    postBookclubJoinByClubKey: {
      summary: '독서동아리 가입 (정원까지)',
      handle: async (req) => {
        const ctx = writeContext(req);
        await joinClub(ctx, req.params.club_key);
        return { result: 'success' as const, club: await clubAfter(ctx.member.memberId, req.params.club_key), msg: apiMessages.bookclub.joined };
      },
    },
    postBookclubLeaveByClubKey: {
      summary: '독서동아리 탈퇴 (회장 제외)',
      handle: async (req) => {
        const ctx = writeContext(req);
        await leaveClub(ctx, req.params.club_key);
        return { result: 'success' as const, club: await clubAfter(ctx.member.memberId, req.params.club_key), msg: apiMessages.bookclub.left };
      },
    },
    postBookclubMeetingsByClubKey: {
      summary: `모임 기록 (회장): 이번 달 오늘까지의 모임, 참석한 회원마다 ${formatNumber(settings.rules.activities.bookclub.points)}포인트(각자 월 ${settings.rules.activities.bookclub.monthlyLimit ?? 0}회·한도 안에서), 회원마다 결과와 까닭`,
      handle: async (req) => {
        const { meetingId, awarded } = await recordMeeting(writeContext(req), req.params.club_key, req.body);
        return {
          result: 'success' as const,
          meeting_key: meetingId,
          msg: apiMessages.bookclub.meetingRecorded(awarded.filter((a) => a.points > 0).length),
          awarded,
        };
      },
    },
    postBookclubNextmeetingByClubKey: {
      summary: '다음 모임 날짜 정하기 (회장): 오늘부터 180일 안, null이면 지움. 모임 전날 18시에 알림을 켠 회원에게 모임 알림',
      handle: async (req) => {
        const ctx = writeContext(req);
        const msg = await setNextMeeting(ctx, req.params.club_key, req.body.next_meeting_on);
        return { result: 'success' as const, club: await clubAfter(ctx.member.memberId, req.params.club_key), msg };
      },
    },
  } satisfies Partial<Handlers>;
}
