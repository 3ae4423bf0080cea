/** /common: joincheck, token logout (spec §7), system content texts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  JoincheckAnswer, JoincheckParams, SystemContentAnswer, SystemContentQuery, TokenLogoutAnswer,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { requireMember, memberOf } from '../auth/guard.ts';
import { revokeFamily } from '../auth/tokens.ts';
import { errorAnswers, notFound } from '../errors.ts';
import { transaction } from '../store/db.ts';
import { effectiveStatus } from '../store/members.ts';
import { oneOf, str, type Row } from '../store/rows.ts';

export const BEARER = [{ bearerAuth: [] }];

const CONTENT_TYPES = ['terms', 'privacy', 'service', 'bookstore'] as const;

function toSystemContent(r: Row) {
  const sections = JSON.parse(str(r, 'content')) as { heading: string; body: string }[];
  return {
    content_type: oneOf(r, 'content_type', CONTENT_TYPES),
    title: str(r, 'title'),
    version: str(r, 'version'),
    effective_on: str(r, 'effective_on'),
    sections,
    content: sections.map((s) => `${s.heading}\n${s.body}`).join('\n\n'),
  };
}

export const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;

  app.get(
    '/joincheck/:user_id',
    {
      preHandler: requireMember,
      schema: {
        tags: ['auth'],
        summary: '로그인한 회원이 이 아이디의 이용 가능한 회원인지 확인',
        security: BEARER,
        params: JoincheckParams,
        response: { 200: JoincheckAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
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
    {
      preHandler: requireMember,
      schema: {
        tags: ['auth'],
        summary: '로그아웃 (접근 토큰의 로그인 전체 취소)',
        security: BEARER,
        response: { 200: TokenLogoutAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const familyId = req.auth?.familyId;
      if (familyId !== undefined) transaction(db, () => revokeFamily(db, familyId, 'logout', settings.clock()));
      return { result: 'success' as const, logout_url: settings.logoutUrl };
    },
  );

  const getContent = db.prepare('SELECT * FROM system_contents WHERE content_type = ?');
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
    (req) => {
      const r = getContent.get(req.query.content_type);
      if (!r) throw notFound(apiMessages.content.notFound);
      return { result: 'success' as const, system_content: toSystemContent(r) };
    },
  );
};
