/**
 * Points (docs/product.md §7): /user/point, /user/point/list, /user/penalty/list; and the
 * administrators' penalty (domain.md "Penalties"). The rules live in programme/points.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { JoinedRead, memberOf } from '../auth/guard.ts';
import { penaltyAnswer, pointEntry, pointSummary, recordPenalty, summaryWithToken } from '../programme/points.ts';
import { checkPeriod, pageInfo, pageOf } from './kit.ts';

export function pointHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  // The summary is read with the token check, in one statement (decision 0137).
  const withToken = new JoinedRead((hash) => summaryWithToken(stores, settings, hash));

  return {
    getUserPoint: {
      summary: '나의 포인트: 잔액(원장 합계), 이번 달·올해 적립과 남은 한도, 소멸 예정',
      tokenJoin: withToken,
      handle: async (req) => ({ result: 'success' as const, point: await pointSummary(stores, settings, memberOf(req).memberId, withToken.take(req)) }),
    },
    getUserPointList: {
      summary: '포인트 내역: 적립·회수·사용·소멸, 최근 날짜부터 (종류·활동·달·기간 필터, entry_type=spend는 마이페이지 search_type=buy)',
      handle: async (req) => {
        const pg = pageOf(req.query);
        const q = req.query;
        const filter = {
          memberId: memberOf(req).memberId, entryType: q.entry_type ?? null, activityType: q.activity_type ?? null,
          month: q.month ?? null, ...checkPeriod(q),
        };
        const r = await stores.points.entries(filter, pg);
        return { result: 'success' as const, point_list: r.rows.map((e) => pointEntry(e, settings)), ...pageInfo(pg, r.total) };
      },
    },
    getUserPenaltyList: {
      summary: '제재(포인트 회수) 내역: 최근 회수부터 (기간 필터)',
      handle: async (req) => {
        const pg = pageOf(req.query);
        const r = await stores.points.penalties({ memberId: memberOf(req).memberId, ...checkPeriod(req.query) }, pg);
        return { result: 'success' as const, penalty_list: r.rows.map(penaltyAnswer), ...pageInfo(pg, r.total) };
      },
    },
  } satisfies Partial<Handlers>;
}

export function adminHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    postAdminPenalty: {
      summary: '포인트 회수(관리자): 활동의 적립 포인트를 음수 원장으로 되돌리고, 적립을 정지할 수 있음',
      handle: async (req) => ({ result: 'success' as const, penalty: await recordPenalty(stores, settings, req.body), msg: apiMessages.admin.penaltyRecorded }),
    },
  } satisfies Partial<Handlers>;
}
