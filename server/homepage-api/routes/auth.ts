/**
 * Sign-in routes (brief: the auth contract). Wrong id, wrong password and a withdrawn
 * member answer the same 401 after the same amount of work (one scrypt); expired and
 * dormant members are told so only after their password checked. A spent refresh token
 * presented again is a security event (decision 0114): logged at warn with the address and
 * user agent, never the token, and counted in `homepage_api_security_events_total`.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import type { FastifyRequest } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { revokeByRefresh, rotateRefresh, signIn, ssoMember } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { effectiveStatus, sessionFields } from '../store/members.ts';

/**
 * Who presented a token, for a security event: the address and user agent the portal reports
 * for its member's browser (`x-forwarded-for`, `user-agent`; the API is reached only by the
 * portal), and the peer that called (`via`). Never a token.
 */
function clientOf(req: FastifyRequest): { address: string; userAgent: string | null; via: string } {
  const forwarded = req.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  const ua = req.headers['user-agent'];
  return { address: first || req.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null, via: req.ip };
}

export function authHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    postAuthLogin: {
      summary: '로그인 (서버 간 호출 전용)',
      handle: async (req) => {
        const { user_id, user_pass, keep } = req.body;
        const member = await stores.members.byUserId(user_id);
        const ok = await verifyPassword(user_pass, member?.passwordHash);
        if (!member || !ok || member.status === 'withdrawn') {
          req.log.info({ userId: user_id, outcome: 'refused' }, 'sign-in attempt');
          throw new ApiError(401, apiMessages.auth.invalid);
        }
        const status = effectiveStatus(member, settings.clock());
        if (status === 'expired') {
          req.log.info({ userId: user_id, outcome: 'expired' }, 'sign-in attempt');
          return { result: 'error' as const, expired: true, msg: apiMessages.auth.expired };
        }
        if (status === 'dormant') {
          req.log.info({ userId: user_id, outcome: 'dormant' }, 'sign-in attempt');
          return { result: 'error' as const, expired: false, msg: apiMessages.auth.dormant };
        }
        const tokens = await signIn(stores, settings, member.memberId, keep === true);
        req.log.info({ userId: user_id, outcome: 'signed-in', keep: keep === true }, 'sign-in attempt');
        return { result: 'success' as const, expired: false as const, ...sessionFields(member), ...tokens };
      },
    },
    postAuthRefresh: {
      summary: '토큰 새로 발급 (새로고침 토큰 교체, 재사용 시 로그인 전체 취소)',
      handle: async (req) => {
        const outcome = await rotateRefresh(stores, settings, req.body.refresh_token);
        if (!outcome.ok) {
          if (outcome.reason === 'reused' || outcome.reason === 'reused-again') {
            const event = outcome.reason === 'reused' ? 'refresh_reuse' : 'refresh_reuse_revoked';
            app.apiMetrics.security(event);
            req.log.warn(
              { security: { event, memberId: outcome.memberId, familyId: outcome.familyId, client: clientOf(req) } },
              outcome.reason === 'reused'
                ? 'a spent refresh token was presented again past the grace: refused, the sign-in goes on'
                : 'a spent refresh token was presented a second time: the sign-in is revoked',
            );
          } else req.log.info({ reason: outcome.reason }, 'refresh refused');
          throw new ApiError(401, apiMessages.auth.sessionEnded);
        }
        if (outcome.repeated) {
          app.apiMetrics.security('refresh_repeat');
          req.log.warn(
            { security: { event: 'refresh_repeat', memberId: outcome.memberId, familyId: outcome.familyId, client: clientOf(req) } },
            'a spent refresh token was presented again within the grace: the same pair again',
          );
        }
        const member = await stores.members.byId(outcome.memberId);
        if (!member || effectiveStatus(member, settings.clock()) !== 'active') {
          throw new ApiError(401, apiMessages.auth.sessionEnded);
        }
        return { result: 'success' as const, expired: false as const, ...sessionFields(member), ...outcome.tokens };
      },
    },
    postAuthLogout: {
      summary: '로그아웃 (새로고침 토큰의 로그인 전체 취소)',
      handle: async (req) => {
        await stores.transaction(async () => await revokeByRefresh(stores, req.body.refresh_token, settings.clock()));
        return { result: 'success' as const };
      },
    },
    getAuthSsoByToken: {
      summary: '통합 로그인(SSO) 토큰 확인 — 유효하면 로그인과 같은 답',
      handle: async (req) => {
        const now = settings.clock();
        const memberId = await ssoMember(stores, req.params.token, now);
        const member = memberId === undefined ? undefined : await stores.members.byId(memberId);
        if (
          !member ||
          member.userId !== req.query.userid ||
          member.userKey !== req.query.key ||
          effectiveStatus(member, now) !== 'active'
        ) {
          throw new ApiError(401, apiMessages.auth.ssoInvalid);
        }
        const tokens = await signIn(stores, settings, member.memberId, false);
        return {
          result: 'success' as const,
          code_value: member.userId,
          expired: false as const,
          ...sessionFields(member),
          ...tokens,
        };
      },
    },
  } satisfies Partial<Handlers>;
}
