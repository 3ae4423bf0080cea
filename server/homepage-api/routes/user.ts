/** /user: profile read and update (terms agreement, notice consent, contact, region), library card. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  KapiInfoAnswer, LibraryUserAnswer, UserCardAnswer, UserInfoAnswer, UserInfoUpdate,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf, requireMember } from '../auth/guard.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { badRequest, errorAnswers } from '../errors.ts';
import { transaction } from '../store/db.ts';
import { countRows, effectiveStatus, memberById, toProfile, type Member } from '../store/members.ts';
import { strOrNull } from '../store/rows.ts';
import { isoSeoul, seoulMonth } from '../time.ts';
import { BEARER } from './common.ts';

/** Books a member may have on loan at once in the library's loan system. */
const LIBRARY_LOAN_LIMIT = 10;

function normalisePhone(raw: string): string | undefined {
  const digits = raw.replace(/[^0-9]/g, '');
  const m = /^(01[016789])([0-9]{3,4})([0-9]{4})$/.exec(digits);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  const parentOf = db.prepare('SELECT parent_code, level FROM regions WHERE region_code = ?');

  /** True when `child` lies under `ancestor` in the region tree. */
  function within(child: string, ancestor: string): boolean {
    let cur: string | null = child;
    for (let i = 0; cur && i < 5; i++) {
      const r = parentOf.get(cur);
      if (!r) return false;
      cur = strOrNull(r, 'parent_code');
      if (cur === ancestor) return true;
    }
    return false;
  }

  app.get(
    '/info',
    {
      preHandler: requireMember,
      schema: {
        tags: ['user'],
        summary: '회원정보',
        security: BEARER,
        response: { 200: UserInfoAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => ({ result: 'success' as const, user_info: toProfile(db, memberOf(req), settings.clock()) }),
  );

  app.post(
    '/info',
    {
      preHandler: requireMember,
      schema: {
        tags: ['user'],
        summary: '회원정보 수정: 약관 동의·알림 수신 동의, 연락처·지역(현재 비밀번호 필요)',
        security: BEARER,
        body: UserInfoUpdate,
        response: { 200: UserInfoAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      const member: Member = memberOf(req);
      const b = req.body;
      const sensitive =
        b.phone !== undefined || b.email !== undefined || b.province_code !== undefined ||
        b.city_code !== undefined || b.town_code !== undefined;
      if (!sensitive && b.agree_yn === undefined && b.notice_yn === undefined) {
        throw badRequest(apiMessages.user.nothingToChange);
      }
      if (b.agree_yn === 'N') throw badRequest(apiMessages.user.agreeRequired);
      let phone = member.phone;
      if (b.phone !== undefined) {
        const p = b.phone.trim() === '' ? null : normalisePhone(b.phone);
        if (p === undefined) throw badRequest(apiMessages.user.phoneInvalid);
        phone = p;
      }
      let { provinceCode, cityCode, townCode } = member;
      if (b.province_code !== undefined || b.city_code !== undefined || b.town_code !== undefined) {
        provinceCode = b.province_code ?? null;
        cityCode = b.city_code ?? null;
        townCode = b.town_code ?? null;
        const ok =
          provinceCode !== null &&
          (cityCode === null ? townCode === null : within(cityCode, provinceCode)) &&
          (townCode === null || (cityCode !== null && within(townCode, cityCode)));
        if (!ok) throw badRequest(apiMessages.user.regionInvalid);
      }
      if (sensitive) {
        if (!b.current_password) throw badRequest(apiMessages.user.currentPasswordRequired);
        if (!(await verifyPassword(b.current_password, member.passwordHash))) {
          throw badRequest(apiMessages.user.currentPasswordWrong);
        }
      }
      const nowIso = isoSeoul(settings.clock());
      transaction(db, () => {
        db.prepare(
          `UPDATE members SET
             agree_yn = :agree, agree_date = CASE WHEN :agree = 'Y' AND agree_yn = 'N' THEN :now ELSE agree_date END,
             notice_yn = :notice,
             notice_date = CASE WHEN :notice <> notice_yn THEN :now ELSE notice_date END,
             phone = :phone, email = :email, province_code = :province, city_code = :city, town_code = :town,
             updated_at = :now
           WHERE member_id = :id`,
        ).run({
          agree: b.agree_yn ?? member.agreeYn,
          notice: b.notice_yn ?? member.noticeYn,
          phone,
          email: b.email !== undefined ? b.email.trim() || null : member.email,
          province: provinceCode,
          city: cityCode,
          town: townCode,
          now: nowIso,
          id: member.memberId,
        });
      });
      const updated = memberById(db, member.memberId) ?? member;
      return { result: 'success' as const, user_info: toProfile(db, updated, settings.clock()) };
    },
  );

  app.get(
    '/api/user',
    {
      preHandler: requireMember,
      schema: {
        tags: ['user'],
        summary: '도서관 대출 시스템의 회원 정보',
        security: BEARER,
        response: { 200: LibraryUserAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const now = settings.clock();
      return {
        result: 'success' as const,
        library_user: {
          user_no: m.userNo,
          user_name: m.userName,
          home_library: m.homeLibrary,
          loan_count_month: countRows(
            db,
            "SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = 'loan' AND month = ?",
            m.memberId,
            seoulMonth(now),
          ),
          loan_limit: LIBRARY_LOAN_LIMIT,
          valid_until: m.validUntil,
          status: effectiveStatus(m, now),
        },
      };
    },
  );

  app.get(
    '/api/card',
    {
      preHandler: requireMember,
      schema: {
        tags: ['user'],
        summary: '모바일 회원증',
        security: BEARER,
        response: { 200: UserCardAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      return {
        result: 'success' as const,
        user_card: {
          card_no: m.userNo,
          barcode: `CB${m.userNo}`,
          user_name: m.userName,
          home_library: m.homeLibrary,
          valid_until: m.validUntil,
          issued_on: m.createdAt.slice(0, 10),
        },
      };
    },
  );

  app.get(
    '/kapiinfo',
    {
      preHandler: requireMember,
      schema: {
        tags: ['user'],
        summary: '카카오톡 연동·알림톡 수신 정보',
        security: BEARER,
        response: { 200: KapiInfoAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      return {
        result: 'success' as const,
        kapi_info: {
          kakao_linked_yn: m.kakaoLinkedYn,
          alimtalk_yn: m.kakaoLinkedYn === 'Y' && m.noticeYn === 'Y' ? ('Y' as const) : ('N' as const),
          notice_yn: m.noticeYn,
        },
      };
    },
  );
};
