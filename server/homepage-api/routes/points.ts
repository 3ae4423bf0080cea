/**
 * Points (spec §7): /user/point, /user/point/list, /user/penalty/list; and the
 * administrators' penalty (domain.md "Penalties": claw back, optionally suspend earning).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PenaltyAnswer, PenaltyBody, PenaltyListAnswer, PenaltyListQuery, PointAnswer, PointListAnswer, PointListQuery,
  type Penalty, type PointEntry,
} from '#shared/contract/index.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { memberOf, requireAdmin, requireMember } from '../auth/guard.ts';
import { conflict, errorAnswers, notFound } from '../errors.ts';
import { addLedger, balanceOf, earnedInMonth, earnedInYear, settleExpiry } from '../programme/ledger.ts';
import { reasonMessage } from '../programme/earn.ts';
import { ACTIVITY_TYPES } from '../settings.ts';
import { transaction } from '../store/db.ts';
import { int, intOrNull, oneOf, paging, str, strOrNull, type Row } from '../store/rows.ts';
import { addDays, isoSeoul, seoulDay } from '../time.ts';
import { checkPeriod } from './activity.ts';
import { BEARER } from './common.ts';

const ENTRY_TYPES = ['earn', 'penalty', 'spend', 'expire'] as const;
const REASONS = ['awarded', 'first_activity', 'activity_limit', 'daily_limit', 'monthly_cap', 'yearly_cap', 'suspended'] as const;

function toPenalty(r: Row): Penalty {
  const type = strOrNull(r, 'activity_type');
  return {
    penalty_key: int(r, 'penalty_id'),
    activity_key: intOrNull(r, 'activity_id'),
    activity_type: type === null ? null : oneOf(r, 'activity_type', ACTIVITY_TYPES),
    points: int(r, 'points'),
    reason: str(r, 'reason'),
    suspended_until: strOrNull(r, 'suspended_until'),
    reg_date: str(r, 'created_at'),
  };
}

export const pointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;

  app.get(
    '/point',
    {
      preHandler: requireMember,
      schema: {
        tags: ['point'],
        summary: '나의 포인트: 잔액(원장 합계), 이번 달·올해 적립과 남은 한도, 소멸 예정',
        security: BEARER,
        response: { 200: PointAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const now = settings.clock();
      const day = seoulDay(now);
      const month = day.slice(0, 7);
      const year = day.slice(0, 4);
      return transaction(db, () => {
        settleExpiry(db, m.memberId, year);
        const sumOf = (type: string) =>
          -int(
            db.prepare('SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND year = ? AND entry_type = ?').get(m.memberId, year, type) ?? { n: 0 },
            'n',
          );
        const balance = balanceOf(db, m.memberId);
        const earnedMonth = earnedInMonth(db, m.memberId, month);
        const earnedYear = earnedInYear(db, m.memberId, year);
        const { monthlyCap, yearlyCap } = settings.rules;
        const suspended = strOrNull(db.prepare('SELECT earning_suspended_until FROM members WHERE member_id = ?').get(m.memberId) ?? {}, 'earning_suspended_until');
        return {
          result: 'success' as const,
          point: {
            balance,
            month,
            year,
            earned_month: earnedMonth,
            earned_year: earnedYear,
            monthly_cap: monthlyCap,
            yearly_cap: yearlyCap,
            remaining_month: Math.max(0, Math.min(monthlyCap - earnedMonth, yearlyCap - earnedYear)),
            remaining_year: Math.max(0, yearlyCap - earnedYear),
            spent_total: sumOf('spend'),
            penalty_total: sumOf('penalty'),
            expiring_points: Math.max(0, balance),
            expire_date: `${year}-12-31`,
            earning_suspended_until: suspended !== null && suspended >= day ? suspended : null,
          },
        };
      });
    },
  );

  app.get(
    '/point/list',
    {
      preHandler: requireMember,
      schema: {
        tags: ['point'],
        summary: '포인트 내역 (적립·회수·사용·소멸; entry_type=spend는 마이페이지 search_type=buy)',
        security: BEARER,
        querystring: PointListQuery,
        response: { 200: PointListAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const pg = paging(q.page, q.size);
      const params = { m: m.memberId, type: q.entry_type ?? null, from: q.from ?? null, to: q.to ?? null };
      const where = `WHERE l.member_id = :m AND (:type IS NULL OR l.entry_type = :type)
        AND (:from IS NULL OR l.day >= :from) AND (:to IS NULL OR l.day <= :to)`;
      const rows = db
        .prepare(
          `SELECT l.*, a.activity_type, bs.name AS bookstore_name, coalesce(s.book_title, p.book_title, b.title) AS book_title
             FROM point_ledger l
             LEFT JOIN activities a ON a.activity_id = l.activity_id
             LEFT JOIN books b ON b.isbn = a.isbn
             LEFT JOIN point_spends s ON s.entry_id = l.entry_id
             LEFT JOIN purchases p ON p.activity_id = l.activity_id
             LEFT JOIN bookstores bs ON bs.bookstore_id = coalesce(s.bookstore_id, p.bookstore_id)
             ${where} ORDER BY l.entry_id DESC LIMIT :limit OFFSET :offset`,
        )
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n FROM point_ledger l ${where}`).get(params) ?? { n: 0 }, 'n');
      const list: PointEntry[] = rows.map((r) => {
        const entryType = oneOf(r, 'entry_type', ENTRY_TYPES);
        const activityType = strOrNull(r, 'activity_type') === null ? null : oneOf(r, 'activity_type', ACTIVITY_TYPES);
        const reason = str(r, 'reason');
        const points = int(r, 'points');
        const known = REASONS.find((x) => x === reason);
        const description =
          entryType === 'earn' && activityType && known
            ? `${activityNames[activityType]} · ${reasonMessage(known, activityType, points, settings)}`
            : entryType === 'spend'
              ? apiMessages.ledger.spend(strOrNull(r, 'bookstore_name') ?? '')
              : reason;
        return {
          entry_key: int(r, 'entry_id'),
          entry_type: entryType,
          activity_type: activityType,
          activity_key: intOrNull(r, 'activity_id'),
          points,
          reason,
          description,
          bookstore_name: strOrNull(r, 'bookstore_name'),
          book_title: strOrNull(r, 'book_title'),
          reg_date: str(r, 'created_at'),
        };
      });
      return { result: 'success' as const, point_list: list, page: pg.page, size: pg.size, total };
    },
  );

  app.get(
    '/penalty/list',
    {
      preHandler: requireMember,
      schema: {
        tags: ['point'],
        summary: '제재(포인트 회수) 내역',
        security: BEARER,
        querystring: PenaltyListQuery,
        response: { 200: PenaltyListAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const pg = paging(q.page, q.size);
      const params = { m: m.memberId, from: q.from ?? null, to: q.to ?? null };
      const where = `WHERE p.member_id = :m AND (:from IS NULL OR substr(p.created_at, 1, 10) >= :from)
        AND (:to IS NULL OR substr(p.created_at, 1, 10) <= :to)`;
      const rows = db
        .prepare(
          `SELECT p.*, a.activity_type FROM penalties p LEFT JOIN activities a ON a.activity_id = p.activity_id
           ${where} ORDER BY p.penalty_id DESC LIMIT :limit OFFSET :offset`,
        )
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n FROM penalties p ${where}`).get(params) ?? { n: 0 }, 'n');
      return { result: 'success' as const, penalty_list: rows.map(toPenalty), page: pg.page, size: pg.size, total };
    },
  );
};

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  app.post(
    '/penalty',
    {
      preHandler: [requireMember, requireAdmin],
      schema: {
        tags: ['admin'],
        summary: '포인트 회수(관리자): 활동의 적립 포인트를 음수 원장으로 되돌리고, 적립을 정지할 수 있음',
        security: BEARER,
        body: PenaltyBody,
        response: { 200: PenaltyAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const now = settings.clock();
      const today = seoulDay(now);
      const b = req.body;
      const penalty = transaction(db, () => {
        const a = db.prepare('SELECT * FROM activities WHERE activity_id = ?').get(b.activity_key);
        if (!a) throw notFound(apiMessages.activity.notFound);
        if (str(a, 'status') === 'revoked') throw conflict(apiMessages.admin.alreadyPenalised);
        const memberId = int(a, 'member_id');
        const points = int(a, 'points');
        settleExpiry(db, memberId, today.slice(0, 4));
        const entryId = addLedger(db, {
          memberId, entryType: 'penalty', activityId: b.activity_key, points: -points,
          reason: apiMessages.ledger.penalty(b.reason), day: today, at: now,
        });
        db.prepare("UPDATE activities SET status = 'revoked' WHERE activity_id = ?").run(b.activity_key);
        const days = b.suspend_days ?? 0;
        const until = days > 0 ? addDays(today, days - 1) : null;
        if (until) {
          db.prepare(
            'UPDATE members SET earning_suspended_until = max(coalesce(earning_suspended_until, ?), ?) WHERE member_id = ?',
          ).run(until, until, memberId);
        }
        const row = db
          .prepare(
            `INSERT INTO penalties (member_id, activity_id, entry_id, points, reason, suspended_until, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
          )
          .get(memberId, b.activity_key, entryId, -points, b.reason, until, isoSeoul(now));
        return toPenalty({ ...(row ?? {}), activity_type: str(a, 'activity_type') });
      });
      return { result: 'success' as const, penalty, msg: apiMessages.admin.penaltyRecorded };
    },
  );
};
