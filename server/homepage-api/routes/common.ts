/** /common: joincheck, token logout (docs/product.md §7), system content texts. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { notFound } from '../errors.ts';
import { effectiveStatus } from '../store/members.ts';

export function commonHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getCommonJoincheckByUserId: {
      summary: '로그인한 회원이 이 아이디의 이용 가능한 회원인지 확인',
      handle: (req) => {
        const member = memberOf(req);
        if (member.userId !== req.params.user_id) return { result: 'error' as const, msg: apiMessages.joincheck.mismatch };
        const status = effectiveStatus(member, settings.clock());
        if (status !== 'active') return { result: 'error' as const, msg: apiMessages.joincheck[status] };
        return { result: 'success' as const };
      },
    },
    getCommonTokenLogout: {
      summary: '로그아웃 (접근 토큰의 로그인 전체 취소)',
      handle: async (req) => {
        const auth = req.auth;
        if (auth) await stores.transaction(async () => await stores.tokens.revokeFamily(auth.familyId, 'logout', settings.clock(), auth.member.memberId));
        return { result: 'success' as const, logout_url: settings.logoutUrl };
      },
    },
    getCommonSystemcontentinfo: {
      summary: '이용약관, 개인정보 처리방침, 서비스 안내, 참여 서점 이용 안내',
      handle: async (req) => {
        const content = await stores.content.systemContent(req.query.content_type);
        if (!content) throw notFound(apiMessages.content.notFound);
        return { result: 'success' as const, system_content: content };
      },
    },
  } satisfies Partial<Handlers>;
}
