/**
 * /activity: the member's reading activities (docs/product.md §7) and the writes that earn points
 * (domain.md "Earning"). The rules live in programme/; this file translates HTTP.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { ACTIVITY_TYPES, diaryBody, reviewBody, reviewUpdateBody, type RankingItem } from '#shared/contract/index.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { updateReview, writeAuthorTalk, writeDiary, writeEdu, writeLoan, writePurchase, writeReview, } from '../programme/activities.ts';
import { earnFields } from '../programme/earn.ts';
import { maskName } from '../programme/participant.ts';
import type { RankingRow } from '../store/activities.ts';
import { ruleBroken } from '../errors.ts';
import { addDays, seoulDay, seoulMonth } from '../time.ts';
import { checkPeriod, normaliseText, pageInfo, pageOf, writeContext } from './kit.ts';
import { formatNumber } from '#shared/format-number.ts';

export function activityHandlers(app: FastifyInstance) {
  const { stores, settings } = app;
  const { diaryMaxChars, reviewMinChars, reviewMaxChars } = settings.rules;
  // The summaries say the rules in force (the programme's, or the environment's overrides).
  const { activities: a } = settings.rules;
  const n = (v: number | null) => formatNumber(v ?? 0);

  return {
    postActivityBookdiary: {
      summary: `독서일지 쓰기 (독서 시작하기): ${n(a.diary.points)}포인트, 첫 일지 ${n(a.diary.firstPoints ?? a.diary.points)}포인트, 하루 1회·월 ${n(a.diary.monthlyLimit)}회. 같은 날 같은 책에 똑같은 내용이면 409`,
      body: diaryBody(diaryMaxChars),
      fieldMessages: { content: apiMessages.activity.diaryTooLong(diaryMaxChars) },
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writeDiary(writeContext(req), req.body)) }),
    },
    postActivityBookreview: {
      summary: `서평 쓰기: ${n(a.review.points)}포인트, ${n(reviewMinChars)}~${n(reviewMaxChars)}자, 월 ${n(a.review.monthlyLimit)}회. 책마다 하나: 이미 서평을 쓴 책이면 409(고치기는 PUT)`,
      body: reviewBody(reviewMinChars, reviewMaxChars),
      fieldMessages: { content: apiMessages.activity.reviewLength(reviewMinChars, reviewMaxChars) },
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writeReview(writeContext(req), req.body)) }),
    },
    putActivityBookreviewByReviewKey: {
      summary: `나의 서평 고치기: 제목·본문(${n(reviewMinChars)}~${n(reviewMaxChars)}자)·평점. 책, 쓴 날짜, 적립된 포인트는 그대로. 다른 회원의 서평이나 없는 서평은 404`,
      body: reviewUpdateBody(reviewMinChars, reviewMaxChars),
      fieldMessages: { content: apiMessages.activity.reviewLength(reviewMinChars, reviewMaxChars) },
      preValidation: normaliseText,
      handle: async (req) => ({
        result: 'success' as const,
        review: await updateReview(writeContext(req), req.params.review_key, req.body),
        msg: apiMessages.activity.reviewUpdated,
      }),
    },
    postActivityAuthenticationLoan: {
      summary: `도서 대출 인증: ${n(a.loan.points)}포인트, 월 ${n(a.loan.monthlyLimit)}회, 이번 달 대출만`,
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writeLoan(writeContext(req), req.body)) }),
    },
    postActivityAuthenticationPurchase: {
      summary: `종이책 구매 영수증 인증: ${n(a.purchase.points)}포인트, 월 ${n(a.purchase.monthlyLimit)}회, 이번 달 참여 서점 영수증, 전자책 제외`,
      fieldMessages: { book_format: apiMessages.activity.purchaseEbook },
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writePurchase(writeContext(req), req.body)) }),
    },
    postActivityAuthenticationAuthortalk: {
      summary: `작가와의 만남 참석 인증(행사 당일 확인 코드): ${n(a.authortalk.points)}포인트, 월 ${n(a.authortalk.monthlyLimit)}회`,
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writeAuthorTalk(writeContext(req), req.body)) }),
    },
    postActivityAuthenticationEdu: {
      summary: `교육 인증 요청(수료증 번호 확인): ${n(a.edu.points)}포인트, 월 ${n(a.edu.monthlyLimit)}회`,
      preValidation: normaliseText,
      handle: async (req) => ({ result: 'success' as const, ...earnFields(await writeEdu(writeContext(req), req.body)) }),
    },
    getActivityEdutypes: {
      summary: '교육 인증 종류',
      preValidation: normaliseText,
      handle: async () => ({ result: 'success' as const, edu_types: await stores.activities.eduTypes() }),
    },
    getActivityAuthortalks: {
      summary: '작가와의 만남 행사(참석 인증할 수 있는 행사): 제목·작가·날짜·장소. 확인 코드는 답하지 않음',
      preValidation: normaliseText,
      handle: async (req) => {
        const today = seoulDay(settings.clock());
        const period = checkPeriod(req.query);
        const from = period.from ?? addDays(today, -30);
        const to = period.to ?? addDays(today, 90);
        if (from > to) throw ruleBroken(apiMessages.validation.periodInvalid);
        const talks = await stores.activities.authorTalks(from, to, req.auth?.member.memberId ?? null);
        return {
          result: 'success' as const,
          today,
          from,
          to,
          talk_list: talks.map((t) => ({
            event_key: t.eventId,
            title: t.title,
            author: t.author,
            held_on: t.heldOn,
            venue: t.venue,
            checkin_open_yn: t.heldOn === today ? ('Y' as const) : ('N' as const),
            checked_in_yn: t.checkedIn ? ('Y' as const) : ('N' as const),
          })),
        };
      },
    },
    getActivityGetbookdiaryinfolist: {
      summary: '나의 독서일지 목록: 최근 일지부터 (기간·ISBN 필터)',
      preValidation: normaliseText,
      handle: async (req) => {
        const pg = pageOf(req.query);
        const r = await stores.activities.diaries({ memberId: memberOf(req).memberId, ...checkPeriod(req.query), isbn: req.query.isbn ?? null }, pg);
        return { result: 'success' as const, diary_list: r.rows, ...pageInfo(pg, r.total) };
      },
    },
    getActivityGetbookdiaryhistorylist: {
      summary: '책별 독서일지 이력: 같은 책의 일지 수, 처음·마지막 날, 마지막 날의 역순 (기간·ISBN 필터)',
      preValidation: normaliseText,
      handle: async (req) => {
        const pg = pageOf(req.query);
        const r = await stores.activities.diaryHistory({ memberId: memberOf(req).memberId, ...checkPeriod(req.query), isbn: req.query.isbn ?? null }, pg);
        return { result: 'success' as const, history_list: r.rows, ...pageInfo(pg, r.total) };
      },
    },
    getActivityGetbookreviewinfolist: {
      summary: '나의 서평 목록(본문 전체): 최근 서평부터 (기간·ISBN 필터)',
      preValidation: normaliseText,
      handle: async (req) => {
        const pg = pageOf(req.query);
        const r = await stores.activities.reviews({ memberId: memberOf(req).memberId, ...checkPeriod(req.query), isbn: req.query.isbn ?? null }, pg);
        return { result: 'success' as const, review_list: r.rows, ...pageInfo(pg, r.total) };
      },
    },
    getActivityGetbookactivityinfolist: {
      summary: '나의 독서활동 전체 목록(최근 활동): 활동한 날짜의 역순 (종류·기간·ISBN 필터)',
      preValidation: normaliseText,
      handle: async (req) => {
        const pg = pageOf(req.query);
        const q = req.query;
        const filter = { memberId: memberOf(req).memberId, ...checkPeriod(q), type: q.activity_type ?? null, isbn: q.isbn ?? null };
        const r = await stores.activities.list(filter, pg, settings.rules.challengeDays);
        return { result: 'success' as const, activity_list: r.rows, ...pageInfo(pg, r.total) };
      },
    },
    getActivityAuthenticationByType: {
      summary: '인증 종류별 나의 인증 내역(활동한 날짜의 역순)과 이번 달 적립 횟수',
      preValidation: normaliseText,
      handle: async (req) => {
        const m = memberOf(req);
        const type = req.params.type;
        const pg = pageOf(req.query);
        const r = await stores.activities.list({ memberId: m.memberId, ...checkPeriod(req.query), type }, pg, settings.rules.challengeDays);
        return {
          result: 'success' as const,
          authentication_type: type,
          monthly_limit: settings.rules.activities[type].monthlyLimit,
          earned_count_month: await stores.activities.earnedCountInMonth(m.memberId, type, seoulMonth(settings.clock())),
          activity_list: r.rows,
          ...pageInfo(pg, r.total),
        };
      },
    },
    getActivityGetuseractivitycnt: {
      summary: '이번 달(또는 지정한 달) 활동 종류별 횟수와 적립 포인트',
      preValidation: normaliseText,
      handle: async (req) => {
        const month = req.query.month ?? seoulMonth(settings.clock());
        const byType = await stores.activities.monthCounts(memberOf(req).memberId, month);
        const counts = ACTIVITY_TYPES.map((t) => {
          const c = byType.get(t);
          return {
            activity_type: t,
            activity_name: activityNames[t],
            count: c?.count ?? 0,
            earned_count: c?.earned ?? 0,
            monthly_limit: settings.rules.activities[t].monthlyLimit,
            points: c?.points ?? 0,
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
    },
    getActivityGetactivityranking: {
      summary: '월간 활동 순위 (이름 일부 가림). 로그인하면 나의 순위도 답함',
      preValidation: normaliseText,
      handle: async (req) => {
        const month = req.query.month ?? seoulMonth(settings.clock());
        const pg = pageOf(req.query);
        const me = req.auth?.member.memberId ?? null;
        const toItem = async (r: RankingRow): Promise<RankingItem> => ({
          rank: r.rank,
          user_name: maskName(r.userName),
          city_name: r.cityCode === null ? null : await stores.codes.cityName(r.cityCode),
          points: r.points,
          activity_count: r.activityCount,
          me_yn: r.memberId === me ? 'Y' : 'N',
        });
        const r = await stores.activities.ranking(month, pg, me);
        const mine = r.mine;
        return {
          result: 'success' as const,
          month,
          ranking_list: await Promise.all(r.rows.map(toItem)),
          my_rank: mine ? await toItem(mine) : null,
          ...pageInfo(pg, r.total),
        };
      },
    },
  } satisfies Partial<Handlers>;
}
