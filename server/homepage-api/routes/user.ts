/** /user: profile read and update (terms agreement, notice consent, contact, region), library card. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { cardOf, libraryUserOf, profileOf, updateProfile } from '../programme/members.ts';

export function userHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getUserInfo: {
      summary: '회원정보',
      handle: async (req) => ({ result: 'success' as const, user_info: await profileOf(stores, memberOf(req), settings.clock()) }),
    },
    postUserInfo: {
      summary: '회원정보 수정: 약관 동의·알림 수신 동의, 연락처·지역(현재 비밀번호 필요)',
      fieldMessages: { agree_yn: apiMessages.user.agreeRequired, phone: apiMessages.user.phoneInvalid },
      handle: async (req) => {
        const updated = await updateProfile(stores, settings, memberOf(req), req.body);
        return { result: 'success' as const, user_info: await profileOf(stores, updated, settings.clock()) };
      },
    },
    getUserApiUser: {
      summary: '도서관 대출 시스템의 회원 정보',
      handle: async (req) => ({ result: 'success' as const, library_user: await libraryUserOf(stores, memberOf(req), settings.clock()) }),
    },
    getUserApiCard: {
      summary: '모바일 회원증',
      handle: (req) => ({ result: 'success' as const, user_card: cardOf(memberOf(req)) }),
    },
    getUserKapiinfo: {
      summary: '카카오톡 연동·알림톡 수신 정보',
      handle: (req) => {
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
    },
  } satisfies Partial<Handlers>;
}
