/** /common: joincheck, token logout (docs/product.md §7), system content texts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  JoincheckAnswer, JoincheckParams, SystemContentAnswer, SystemContentQuery, TokenLogoutAnswer,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { errorAnswers, notFound } from '../errors.ts';
import { effectiveStatus } from '../store/members.ts';
import { memberRoute } from './kit.ts';

export const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;

  app.get(
    '/joincheck/:user_id',
    memberRoute({
      tags: ['auth'],
      summary: '로그인한 회원이 이 아이디의 이용 가능한 회원인지 확인',
      params: JoincheckParams,
      response: { 200: JoincheckAnswer, ...errorAnswers(400, 401, 403) },
    }),
    (req) => {
      const member = memberOf(req);
      if (member.userId !== req.params.user_id) return { result: 'error' as const, msg: apiMessages.joincheck.mismatch };
      const status = effectiveStatus(member, settings.clock());
      if (status !== 'active') return { result: 'error' as const, msg: apiMessages.joincheck[status] };
      return { result: 'success' as const };
    },
  );

  app.get(
    '/token/logout',
    memberRoute({
      tags: ['auth'],
      summary: '로그아웃 (접근 토큰의 로그인 전체 취소)',
      response: { 200: TokenLogoutAnswer, ...errorAnswers(401, 403) },
    }),
    async (req) => {
      const familyId = req.auth?.familyId;
      if (familyId !== undefined) await stores.transaction(async () => await stores.tokens.revokeFamily(familyId, 'logout', settings.clock()));
      return { result: 'success' as const, logout_url: settings.logoutUrl };
    },
  );

  app.get(
    '/systemcontentinfo',
    {
      schema: {
        tags: ['content'],
        summary: '이용약관, 개인정보 처리방침, 서비스 안내, 참여 서점 이용 안내',
        querystring: SystemContentQuery,
        response: { 200: SystemContentAnswer, ...errorAnswers(400, 404) },
      },
    },
    async (req) => {
      const content = await stores.content.systemContent(req.query.content_type);
      if (!content) throw notFound(apiMessages.content.notFound);
      return { result: 'success' as const, system_content: content };
    },
  );
};
