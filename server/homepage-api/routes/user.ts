/** /user: profile read and update (terms agreement, notice consent, contact, region), library card. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  KapiInfoAnswer, LibraryUserAnswer, UserCardAnswer, UserInfoAnswer, UserInfoUpdate,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { errorAnswers } from '../errors.ts';
import { cardOf, libraryUserOf, profileOf, updateProfile } from '../programme/members.ts';
import { memberRoute } from './kit.ts';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;
  const memberErrors = errorAnswers(401, 403);

  app.get(
    '/info',
    memberRoute({ tags: ['user'], summary: '회원정보', response: { 200: UserInfoAnswer, ...memberErrors } }),
    async (req) => ({ result: 'success' as const, user_info: await profileOf(stores, memberOf(req), settings.clock()) }),
  );

  app.post(
    '/info',
    memberRoute({
      tags: ['user'],
      summary: '회원정보 수정: 약관 동의·알림 수신 동의, 연락처·지역(현재 비밀번호 필요)',
      body: UserInfoUpdate,
      response: { 200: UserInfoAnswer, ...errorAnswers(400, 401, 403) },
    }, { fieldMessages: { agree_yn: apiMessages.user.agreeRequired, phone: apiMessages.user.phoneInvalid } }),
    async (req) => {
      const updated = await updateProfile(stores, settings, memberOf(req), req.body);
      return { result: 'success' as const, user_info: await profileOf(stores, updated, settings.clock()) };
    },
  );

  app.get(
    '/api/user',
    memberRoute({ tags: ['user'], summary: '도서관 대출 시스템의 회원 정보', response: { 200: LibraryUserAnswer, ...memberErrors } }),
    async (req) => ({ result: 'success' as const, library_user: await libraryUserOf(stores, memberOf(req), settings.clock()) }),
  );

  app.get(
    '/api/card',
    memberRoute({ tags: ['user'], summary: '모바일 회원증', response: { 200: UserCardAnswer, ...memberErrors } }),
    (req) => ({ result: 'success' as const, user_card: cardOf(memberOf(req)) }),
  );

  app.get(
    '/kapiinfo',
    memberRoute({ tags: ['user'], summary: '카카오톡 연동·알림톡 수신 정보', response: { 200: KapiInfoAnswer, ...memberErrors } }),
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
