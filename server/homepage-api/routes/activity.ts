/**
 * /activity: the member's reading activities (spec §7) and the writes that earn points
 * (domain.md "Earning"). Each write is one transaction: checks, activity, detail, ledger.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityCountAnswer, ActivityCountQuery, ActivityListAnswer, ActivityListFilter, ActivityListQuery,
  AuthenticationListAnswer, AuthenticationParams, AuthenticationQuery, AuthorTalkBody, DiaryBody,
  DiaryHistoryAnswer, DiaryListAnswer, EarnAnswer, EduBody, EduTypesAnswer, LoanBody, PurchaseBody,
  RankingAnswer, RankingQuery, ReviewBody, ReviewListAnswer,
  type ActivityItem, type ActivityType, type Diary, type RankingItem, type Review,
} from '#shared/contract/index.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { memberOf, optionalMember, requireMember } from '../auth/guard.ts';
import { badRequest, conflict, errorAnswers, notFound } from '../errors.ts';
import { earnFields, recordActivity } from '../programme/earn.ts';
import { charCount, maskName, requireParticipant } from '../programme/participant.ts';
import { ACTIVITY_TYPES } from '../settings.ts';
import { transaction } from '../store/db.ts';
import { regionName } from '../store/members.ts';
import { int, intOrNull, oneOf, paging, str, strOrNull, type Row } from '../store/rows.ts';
import { seoulDay, seoulMonth } from '../time.ts';
import { BEARER } from './common.ts';

const REASONS = ['awarded', 'first_activity', 'activity_limit', 'daily_limit', 'monthly_cap', 'yearly_cap', 'suspended'] as const;
const STATUSES = ['recorded', 'revoked'] as const;

export function checkPeriod(from: string | undefined, to: string | undefined): void {
  if (from && to && from > to) throw badRequest(apiMessages.validation.periodInvalid);
}

/** Selects ActivityItem rows with their detail; WHERE/ORDER/LIMIT appended by the caller. */
export const ACTIVITY_SELECT = `
  SELECT a.activity_id, a.activity_type, a.isbn, b.title AS book_title, a.points, a.point_reason, a.status, a.created_at,
         d.content AS diary_content, rv.title AS review_title, l.library_name, bs.name AS bookstore_name,
         p.book_title AS purchase_title, at.title AS talk_title, ec.course_name, bc.name AS club_name, cm.topic,
         cc.day_no
    FROM activities a
    LEFT JOIN books b ON b.isbn = a.isbn
    LEFT JOIN diaries d ON d.activity_id = a.activity_id
    LEFT JOIN reviews rv ON rv.activity_id = a.activity_id
    LEFT JOIN loans l ON l.activity_id = a.activity_id
    LEFT JOIN purchases p ON p.activity_id = a.activity_id
    LEFT JOIN bookstores bs ON bs.bookstore_id = p.bookstore_id
    LEFT JOIN author_talk_checkins atc ON atc.activity_id = a.activity_id
    LEFT JOIN author_talks at ON at.event_id = atc.event_id
    LEFT JOIN edu_certifications ec ON ec.activity_id = a.activity_id
    LEFT JOIN club_attendance ca ON ca.activity_id = a.activity_id
    LEFT JOIN club_meetings cm ON cm.meeting_id = ca.meeting_id
    LEFT JOIN book_clubs bc ON bc.club_id = cm.club_id
    LEFT JOIN challenge_checkins cc ON cc.activity_id = a.activity_id`;

export function toActivityItem(r: Row, challengeDays: number): ActivityItem {
  const type = oneOf(r, 'activity_type', ACTIVITY_TYPES);
  const pick = (...keys: string[]) => keys.map((k) => strOrNull(r, k)).filter((v): v is string => v !== null).join(' · ');
  const detail: Record<ActivityType, () => string> = {
    diary: () => [...(strOrNull(r, 'diary_content') ?? '')].slice(0, 40).join(''),
    review: () => pick('review_title'),
    loan: () => pick('library_name'),
    purchase: () => pick('bookstore_name', 'purchase_title'),
    bookclub: () => pick('club_name', 'topic'),
    authortalk: () => pick('talk_title'),
    edu: () => pick('course_name'),
    checkin: () => apiMessages.activity.checkinDetail(intOrNull(r, 'day_no') ?? 0),
    challenge: () => apiMessages.activity.challengeDetail(challengeDays),
  };
  return {
    activity_key: int(r, 'activity_id'),
    activity_type: type,
    activity_name: activityNames[type],
    isbn: strOrNull(r, 'isbn'),
    book_title: strOrNull(r, 'book_title'),
    detail: detail[type](),
    points: int(r, 'points'),
    point_reason: oneOf(r, 'point_reason', REASONS),
    status: oneOf(r, 'status', STATUSES),
    reg_date: str(r, 'created_at'),
  };
}

export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  const rules = () => settings.rules;
  const bookExists = db.prepare('SELECT 1 FROM books WHERE isbn = ?');
  const guarded = { preHandler: requireMember };
  const writeErrors = errorAnswers(400, 401, 403, 404, 409);
  const readErrors = errorAnswers(400, 401, 403);

  function requireBook(isbn: string): void {
    if (!bookExists.get(isbn)) throw notFound(apiMessages.activity.bookNotFound);
  }

  // ---- writes -------------------------------------------------------------------------

  app.post(
    '/bookdiary',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '독서일지 쓰기 (독서 시작하기): 50포인트, 첫 일지 200포인트, 하루 1회·월 31회',
        security: BEARER,
        body: DiaryBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      requireParticipant(m, settings.clock());
      const { isbn, content, read_pages } = req.body;
      if (charCount(content) > rules().diaryMaxChars) throw badRequest(apiMessages.activity.diaryTooLong(rules().diaryMaxChars));
      requireBook(isbn);
      const r = transaction(db, () => {
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'diary', isbn, oncePerDay: true });
        db.prepare('INSERT INTO diaries (activity_id, isbn, content, read_pages) VALUES (?, ?, ?, ?)').run(
          r.activityId, isbn, content, read_pages ?? null,
        );
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.post(
    '/bookreview',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '서평 쓰기: 500포인트, 200~1,000자, 월 3회',
        security: BEARER,
        body: ReviewBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      requireParticipant(m, settings.clock());
      const { isbn, title, content, rating } = req.body;
      const len = charCount(content);
      if (len < rules().reviewMinChars || len > rules().reviewMaxChars) {
        throw badRequest(apiMessages.activity.reviewLength(rules().reviewMinChars, rules().reviewMaxChars));
      }
      requireBook(isbn);
      const r = transaction(db, () => {
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'review', isbn });
        db.prepare('INSERT INTO reviews (activity_id, isbn, title, content, rating) VALUES (?, ?, ?, ?, ?)').run(
          r.activityId, isbn, title, content, rating,
        );
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.post(
    '/authentication/loan',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '도서 대출 인증: 1,000포인트, 월 2회, 이번 달 대출만',
        security: BEARER,
        body: LoanBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const b = req.body;
      const today = seoulDay(now);
      if (b.loan_date > today) throw badRequest(apiMessages.activity.futureDate);
      if (b.loan_date.slice(0, 7) !== today.slice(0, 7)) throw badRequest(apiMessages.activity.loanNotThisMonth);
      requireBook(b.isbn);
      const r = transaction(db, () => {
        if (db.prepare('SELECT 1 FROM loans WHERE member_id = ? AND loan_no = ?').get(m.memberId, b.loan_no)) {
          throw conflict(apiMessages.activity.loanDuplicate);
        }
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'loan', isbn: b.isbn });
        db.prepare('INSERT INTO loans (activity_id, member_id, loan_no, isbn, library_name, loan_date) VALUES (?, ?, ?, ?, ?, ?)').run(
          r.activityId, m.memberId, b.loan_no, b.isbn, b.library_name, b.loan_date,
        );
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.post(
    '/authentication/purchase',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '종이책 구매 영수증 인증: 2,000포인트, 월 1회, 이번 달 참여 서점 영수증, 전자책 제외',
        security: BEARER,
        body: PurchaseBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const b = req.body;
      const today = seoulDay(now);
      if (b.book_format === 'ebook') throw badRequest(apiMessages.activity.purchaseEbook);
      if (b.purchase_date > today) throw badRequest(apiMessages.activity.futureDate);
      if (b.purchase_date.slice(0, 7) !== today.slice(0, 7)) throw badRequest(apiMessages.activity.purchaseNotThisMonth);
      if (!db.prepare('SELECT 1 FROM bookstores WHERE bookstore_id = ?').get(b.bookstore_key)) {
        throw notFound(apiMessages.activity.bookstoreUnknown);
      }
      const r = transaction(db, () => {
        if (db.prepare('SELECT 1 FROM purchases WHERE bookstore_id = ? AND receipt_no = ?').get(b.bookstore_key, b.receipt_no)) {
          throw conflict(apiMessages.activity.purchaseDuplicate);
        }
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'purchase', isbn: b.isbn ?? null });
        db.prepare(
          'INSERT INTO purchases (activity_id, bookstore_id, receipt_no, purchase_date, amount, book_title) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(r.activityId, b.bookstore_key, b.receipt_no, b.purchase_date, b.amount, b.book_title);
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.post(
    '/authentication/authortalk',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '작가와의 만남 참석 인증(행사 당일 확인 코드): 1,000포인트, 월 4회',
        security: BEARER,
        body: AuthorTalkBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const ev = db.prepare('SELECT event_id, held_on FROM author_talks WHERE check_in_code = ?').get(req.body.check_in_code.toUpperCase());
      if (!ev) throw badRequest(apiMessages.activity.talkCodeWrong);
      if (str(ev, 'held_on') !== seoulDay(now)) throw badRequest(apiMessages.activity.talkNotToday);
      const eventId = int(ev, 'event_id');
      const r = transaction(db, () => {
        if (db.prepare('SELECT 1 FROM author_talk_checkins WHERE member_id = ? AND event_id = ?').get(m.memberId, eventId)) {
          throw conflict(apiMessages.activity.talkDuplicate);
        }
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'authortalk' });
        db.prepare('INSERT INTO author_talk_checkins (activity_id, member_id, event_id) VALUES (?, ?, ?)').run(r.activityId, m.memberId, eventId);
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.post(
    '/authentication/edu',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '교육 인증 요청(수료증 번호 확인): 500포인트, 월 2회',
        security: BEARER,
        body: EduBody,
        response: { 200: EarnAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const b = req.body;
      const type = db.prepare('SELECT number_pattern, number_example FROM edu_types WHERE edu_type = ?').get(b.edu_type);
      if (!type) throw badRequest(apiMessages.activity.eduTypeUnknown);
      const certNo = b.certificate_no.trim().toUpperCase();
      if (!new RegExp(str(type, 'number_pattern')).test(certNo)) {
        throw badRequest(apiMessages.activity.eduNumberInvalid(str(type, 'number_example')));
      }
      const today = seoulDay(now);
      if (b.completed_on > today) throw badRequest(apiMessages.activity.futureDate);
      if (b.completed_on.slice(0, 4) !== today.slice(0, 4)) throw badRequest(apiMessages.activity.eduNotThisYear);
      const r = transaction(db, () => {
        if (db.prepare('SELECT 1 FROM edu_certifications WHERE certificate_no = ?').get(certNo)) {
          throw conflict(apiMessages.activity.eduDuplicate);
        }
        const r = recordActivity(db, settings, { memberId: m.memberId, type: 'edu' });
        db.prepare(
          'INSERT INTO edu_certifications (activity_id, edu_type, certificate_no, course_name, completed_on) VALUES (?, ?, ?, ?, ?)',
        ).run(r.activityId, b.edu_type, certNo, b.course_name, b.completed_on);
        return r;
      });
      return { result: 'success' as const, ...earnFields(r) };
    },
  );

  app.get(
    '/edutypes',
    {
      schema: {
        tags: ['activity'],
        summary: '교육 인증 종류',
        response: { 200: EduTypesAnswer },
      },
    },
    () => ({
      result: 'success' as const,
      edu_types: db.prepare('SELECT * FROM edu_types ORDER BY edu_type').all().map((r) => ({
        edu_type: str(r, 'edu_type'),
        name: str(r, 'name'),
        description: str(r, 'description'),
        number_example: str(r, 'number_example'),
      })),
    }),
  );

  // ---- reads --------------------------------------------------------------------------

  const period = `AND (:from IS NULL OR a.day >= :from) AND (:to IS NULL OR a.day <= :to)`;

  app.get(
    '/getbookdiaryinfolist',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '나의 독서일지 목록 (기간·ISBN 필터)',
        security: BEARER,
        querystring: ActivityListQuery,
        response: { 200: DiaryListAnswer, ...readErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const pg = paging(q.page, q.size);
      const params = { m: m.memberId, from: q.from ?? null, to: q.to ?? null, isbn: q.isbn ?? null };
      const where = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = d.isbn
        WHERE a.member_id = :m ${period} AND (:isbn IS NULL OR d.isbn = :isbn)`;
      const rows = db
        .prepare(`SELECT a.*, d.isbn AS d_isbn, d.content, d.read_pages, b.title, b.author ${where} ORDER BY a.activity_id DESC LIMIT :limit OFFSET :offset`)
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n ${where}`).get(params) ?? { n: 0 }, 'n');
      const list: Diary[] = rows.map((r) => ({
        activity_key: int(r, 'activity_id'),
        isbn: str(r, 'd_isbn'),
        book_title: strOrNull(r, 'title'),
        book_author: strOrNull(r, 'author'),
        content: str(r, 'content'),
        read_pages: intOrNull(r, 'read_pages'),
        points: int(r, 'points'),
        point_reason: oneOf(r, 'point_reason', REASONS),
        status: oneOf(r, 'status', STATUSES),
        reg_date: str(r, 'created_at'),
      }));
      return { result: 'success' as const, diary_list: list, page: pg.page, size: pg.size, total };
    },
  );

  app.get(
    '/getbookdiaryhistorylist',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '책별 독서일지 이력 (같은 책의 일지 수, 처음·마지막 날)',
        security: BEARER,
        querystring: ActivityListQuery,
        response: { 200: DiaryHistoryAnswer, ...readErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const pg = paging(q.page, q.size);
      const params = { m: m.memberId, from: q.from ?? null, to: q.to ?? null, isbn: q.isbn ?? null };
      const base = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id
        WHERE a.member_id = :m ${period} AND (:isbn IS NULL OR d.isbn = :isbn)`;
      const rows = db
        .prepare(
          `SELECT g.*, b.title, b.author FROM (
             SELECT d.isbn, count(*) AS n, coalesce(sum(d.read_pages), 0) AS pages, min(a.day) AS first_day, max(a.day) AS last_day,
                    max(a.activity_id) AS last_id ${base} GROUP BY d.isbn) g
           LEFT JOIN books b ON b.isbn = g.isbn ORDER BY g.last_id DESC LIMIT :limit OFFSET :offset`,
        )
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(DISTINCT d.isbn) AS n ${base}`).get(params) ?? { n: 0 }, 'n');
      return {
        result: 'success' as const,
        history_list: rows.map((r) => ({
          isbn: str(r, 'isbn'),
          book_title: strOrNull(r, 'title'),
          book_author: strOrNull(r, 'author'),
          diary_count: int(r, 'n'),
          total_pages: int(r, 'pages'),
          first_date: str(r, 'first_day'),
          last_date: str(r, 'last_day'),
        })),
        page: pg.page,
        size: pg.size,
        total,
      };
    },
  );

  app.get(
    '/getbookreviewinfolist',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '나의 서평 목록',
        security: BEARER,
        querystring: ActivityListQuery,
        response: { 200: ReviewListAnswer, ...readErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const pg = paging(q.page, q.size);
      const params = { m: m.memberId, from: q.from ?? null, to: q.to ?? null, isbn: q.isbn ?? null };
      const where = `FROM activities a JOIN reviews rv ON rv.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = rv.isbn
        WHERE a.member_id = :m ${period} AND (:isbn IS NULL OR rv.isbn = :isbn)`;
      const rows = db
        .prepare(
          `SELECT a.*, rv.isbn AS r_isbn, rv.title AS r_title, rv.content, rv.rating, b.title, b.author ${where}
            ORDER BY a.activity_id DESC LIMIT :limit OFFSET :offset`,
        )
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n ${where}`).get(params) ?? { n: 0 }, 'n');
      const list: Review[] = rows.map((r) => ({
        activity_key: int(r, 'activity_id'),
        isbn: str(r, 'r_isbn'),
        book_title: strOrNull(r, 'title'),
        book_author: strOrNull(r, 'author'),
        title: str(r, 'r_title'),
        content: str(r, 'content'),
        rating: int(r, 'rating'),
        points: int(r, 'points'),
        point_reason: oneOf(r, 'point_reason', REASONS),
        status: oneOf(r, 'status', STATUSES),
        reg_date: str(r, 'created_at'),
      }));
      return { result: 'success' as const, review_list: list, page: pg.page, size: pg.size, total };
    },
  );

  function activityList(memberId: number, type: ActivityType | null, from: string | null, to: string | null, page?: number, size?: number) {
    const pg = paging(page, size);
    const params = { m: memberId, type, from, to };
    const where = `WHERE a.member_id = :m AND (:type IS NULL OR a.activity_type = :type) ${period}`;
    const rows = db
      .prepare(`${ACTIVITY_SELECT} ${where} ORDER BY a.activity_id DESC LIMIT :limit OFFSET :offset`)
      .all({ ...params, limit: pg.limit, offset: pg.offset });
    const total = int(db.prepare(`SELECT count(*) AS n FROM activities a ${where}`).get(params) ?? { n: 0 }, 'n');
    return { list: rows.map((r) => toActivityItem(r, settings.rules.challengeDays)), page: pg.page, size: pg.size, total };
  }

  app.get(
    '/getbookactivityinfolist',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '나의 독서활동 전체 목록 (종류·기간 필터)',
        security: BEARER,
        querystring: ActivityListFilter,
        response: { 200: ActivityListAnswer, ...readErrors },
      },
    },
    (req) => {
      const q = req.query;
      checkPeriod(q.from, q.to);
      const r = activityList(memberOf(req).memberId, q.activity_type ?? null, q.from ?? null, q.to ?? null, q.page, q.size);
      return { result: 'success' as const, activity_list: r.list, page: r.page, size: r.size, total: r.total };
    },
  );

  app.get(
    '/authentication/:type',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '인증 종류별 나의 인증 내역과 이번 달 적립 횟수',
        security: BEARER,
        params: AuthenticationParams,
        querystring: AuthenticationQuery,
        response: { 200: AuthenticationListAnswer, ...readErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      const q = req.query;
      checkPeriod(q.from, q.to);
      const type = req.params.type;
      const r = activityList(m.memberId, type, q.from ?? null, q.to ?? null, q.page, q.size);
      const earned = int(
        db
          .prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ? AND points > 0')
          .get(m.memberId, type, seoulMonth(settings.clock())) ?? { n: 0 },
        'n',
      );
      return {
        result: 'success' as const,
        authentication_type: type,
        monthly_limit: settings.rules.activities[type].monthlyLimit,
        earned_count_month: earned,
        activity_list: r.list,
        page: r.page,
        size: r.size,
        total: r.total,
      };
    },
  );

  app.get(
    '/getuseractivitycnt',
    {
      ...guarded,
      schema: {
        tags: ['activity'],
        summary: '이번 달(또는 지정한 달) 활동 종류별 횟수와 적립 포인트',
        security: BEARER,
        querystring: ActivityCountQuery,
        response: { 200: ActivityCountAnswer, ...readErrors },
      },
    },
    (req) => {
      const m = memberOf(req);
      const month = req.query.month ?? seoulMonth(settings.clock());
      const rows = db
        .prepare(
          `SELECT activity_type, count(*) AS n, sum(points > 0) AS earned, sum(points) AS pts
             FROM activities WHERE member_id = ? AND month = ? GROUP BY activity_type`,
        )
        .all(m.memberId, month);
      const byType = new Map(rows.map((r) => [str(r, 'activity_type'), r]));
      const counts = ACTIVITY_TYPES.map((t) => {
        const r = byType.get(t);
        return {
          activity_type: t,
          activity_name: activityNames[t],
          count: r ? int(r, 'n') : 0,
          earned_count: r ? int(r, 'earned') : 0,
          monthly_limit: settings.rules.activities[t].monthlyLimit,
          points: r ? int(r, 'pts') : 0,
        };
      });
      return {
        result: 'success' as const,
        month,
        counts,
        total_count: counts.reduce((s, c) => s + c.count, 0),
        total_points: counts.reduce((s, c) => s + c.points, 0),
      };
    },
  );

  app.get(
    '/getactivityranking',
    {
      preHandler: optionalMember,
      schema: {
        tags: ['activity'],
        summary: '월간 활동 순위 (이름 일부 가림). 로그인하면 나의 순위도 답함',
        security: [{ bearerAuth: [] }, {}],
        querystring: RankingQuery,
        response: { 200: RankingAnswer, ...readErrors },
      },
    },
    (req) => {
      const month = req.query.month ?? seoulMonth(settings.clock());
      const pg = paging(req.query.page, req.query.size);
      const me = req.auth?.member.memberId ?? null;
      const ranked = `WITH totals AS (
          SELECT l.member_id, sum(l.points) AS pts, count(DISTINCT l.activity_id) FILTER (WHERE l.entry_type = 'earn') AS cnt
            FROM point_ledger l JOIN members m ON m.member_id = l.member_id
           WHERE l.month = :month AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active'
           GROUP BY l.member_id HAVING sum(l.points) > 0),
        ranked AS (SELECT t.*, rank() OVER (ORDER BY pts DESC) AS rnk, row_number() OVER (ORDER BY pts DESC, cnt DESC, member_id) AS pos FROM totals t)
        SELECT r.*, m.user_name, m.city_code FROM ranked r JOIN members m ON m.member_id = r.member_id`;
      const toItem = (r: Row): RankingItem => ({
        rank: int(r, 'rnk'),
        user_name: maskName(str(r, 'user_name')),
        city_name: regionName(db, strOrNull(r, 'city_code'))?.replace(/^충청북도 /, '') ?? null,
        points: int(r, 'pts'),
        activity_count: int(r, 'cnt'),
        me_yn: int(r, 'member_id') === me ? 'Y' : 'N',
      });
      const rows = db.prepare(`${ranked} ORDER BY r.pos LIMIT :limit OFFSET :offset`).all({ month, limit: pg.limit, offset: pg.offset });
      const mine = me === null ? undefined : db.prepare(`${ranked} WHERE r.member_id = :me`).get({ month, me });
      const total = int(
        db
          .prepare(
            `SELECT count(*) AS n FROM (SELECT l.member_id FROM point_ledger l JOIN members m ON m.member_id = l.member_id
              WHERE l.month = ? AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active' GROUP BY l.member_id HAVING sum(l.points) > 0)`,
          )
          .get(month) ?? { n: 0 },
        'n',
      );
      return {
        result: 'success' as const,
        month,
        ranking_list: rows.map(toItem),
        my_rank: mine ? toItem(mine) : null,
        page: pg.page,
        size: pg.size,
        total,
      };
    },
  );
};

