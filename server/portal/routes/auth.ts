/**
 * The portal's own sign-in routes (docs/product.md §7, second table; docs/decisions/D3-sign-in-session-and-tokens.md):
 * POST /api/login/login, POST /api/token/refresh/auto, GET|POST /api/login/logout,
 * GET /api/token/access/token, GET /api/token/refresh/token — and /sso/sso, the test
 * single sign-on (docs/decisions/D2-answers-and-codes.md, only with TEST_LOGIN=Y).
 */
import { operationPath } from '#shared/contract/operations.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { LOGOUT_PENDING } from '#shared/session.ts';
import { AGREE_PATH, HOME_PATH } from '#shared/routes.ts';
import { safeRedirectTarget } from '#shared/safe-redirect.ts';
import type { AuthConfig } from '../config.ts';
import type { HomepageClient } from '../homepage/client.ts';
import { callFor } from '../homepage/for-request.ts';
import { isTokenAnswer, type MemberAuth } from '../auth/member-auth.ts';
import { refreshSession, type PasswordSignIn } from '../auth/sign-in.ts';
import type { SignOut } from '../auth/sign-out.ts';
import { plainPage } from '../ssr/template.ts';
import { sameOrigin } from '../auth/same-origin.ts';

export interface AuthRoutesOptions {
  auth: MemberAuth;
  signIn: PasswordSignIn;
  signOut: SignOut;
  homepage: HomepageClient;
  config: AuthConfig;
  testLogin: boolean;
  /** The site's name, for the page a sign-out link answers without JavaScript. */
  siteName: string;
}

const SsoQuery = {
  type: 'object',
  properties: {
    userid: { type: 'string', minLength: 1, maxLength: 40 },
    key: { type: 'string', minLength: 1, maxLength: 200 },
    token: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

function wantsHtml(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  const { auth, homepage, config } = opts;

  // ── POST /api/login/login ────────────────────────────────────────────────
  // The browser sends the homepage API's own sign-in body (shared/contract), validated here first.
  app.post<{ Body: LoginBody }>(
    '/api/login/login',
    {
      schema: { body: LoginBody },
      preHandler: sameOrigin(true),
      config: { rateLimit: { max: config.loginPerMinute, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const outcome = await opts.signIn.signIn(req, reply, req.body);
      if (outcome.retryAfter) reply.header('retry-after', String(outcome.retryAfter));
      return reply.code(outcome.status).send(outcome.answer);
    },
  );

  // ── POST /api/token/refresh/auto (auto-login, and re-reading the session) ────
  app.post('/api/token/refresh/auto', { preHandler: sameOrigin(true) }, async (req, reply) => {
    const outcome = await refreshSession(auth, req, reply);
    return reply.code(outcome.status).send(outcome.answer);
  });

  // ── GET|POST /api/login/logout (decision 0024) ────────────────────────────────
  // Signed out here at once; "success" only when the homepage API confirmed the revocation.
  // Otherwise 202 with result "error", code logout_pending and the Korean message saying what
  // happened and what to do (a page of its own for a link followed without JavaScript).
  async function logout(req: FastifyRequest, reply: FastifyReply) {
    const { confirmed, logoutUrl } = await opts.signOut.run(req, reply);
    const target = (confirmed ? safeRedirectTarget(logoutUrl, config.redirectHosts) : undefined) ?? HOME_PATH;
    const page = req.method === 'GET' && wantsHtml(req);
    if (confirmed) {
      if (page) return reply.redirect(target, 303);
      return { result: 'success', logout_url: target };
    }
    reply.header('cache-control', 'no-store');
    if (page) {
      const { pendingTitle: title, pending: text } = serverMessages.logout;
      return reply.code(200).type('text/html; charset=utf-8').send(plainPage({ siteName: opts.siteName, title, text, link: { href: target, label: messages.shell.home } }));
    }
    return reply.code(202).send({ result: 'error', code: LOGOUT_PENDING, msg: serverMessages.logout.pending, logout_url: target });
  }
  app.get('/api/login/logout', { preHandler: sameOrigin(false) }, logout);
  app.post('/api/login/logout', { preHandler: sameOrigin(true) }, logout);

  // ── GET /api/token/access/token, /api/token/refresh/token (embedding clients) ──
  app.get('/api/token/access/token', { preHandler: sameOrigin(true) }, async (req, reply) => {
    const user = await auth.session(req, reply);
    const token = auth.accessToken(req);
    if (!user || !token) return reply.code(401).send({ result: 'error', msg: messages.session.ended });
    reply.header('cache-control', 'no-store');
    return { result: 'success', access_token: token };
  });
  app.get('/api/token/refresh/token', { preHandler: sameOrigin(true) }, async (req, reply) => {
    // No refresh token, or one of a signed-out session: 401, cookies cleared, nothing sent upstream.
    const outcome = await auth.refreshNow(req, reply);
    if (outcome.kind === 'ok') {
      reply.header('cache-control', 'no-store');
      return { result: 'success', access_token: outcome.answer.access_token };
    }
    if (outcome.kind === 'rejected') return reply.code(401).send({ result: 'error', msg: messages.session.ended });
    return reply.code(502).send({ result: 'error', msg: messages.error.temporary });
  });

  // ── GET /sso/sso: test single sign-on (docs/decisions/D2-answers-and-codes.md) ────────────────────────
  // Cross-site requests are refused (login CSRF, decision 0012); links on the portal's own
  // pages (same-origin) and typed or bookmarked addresses (Sec-Fetch-Site: none) work.
  app.get<{ Querystring: { userid?: string; key?: string; token?: string } }>(
    '/sso/sso',
    { schema: { querystring: SsoQuery }, attachValidation: true, preHandler: opts.testLogin ? sameOrigin(false) : [] },
    async (req, reply) => {
      if (!opts.testLogin) return reply.code(404).type('text/plain; charset=utf-8').send(messages.error.notFound);
      const q = req.validationError ? {} : req.query;
      const member = q.userid && q.key && q.token ? { userId: q.userid, key: q.key, token: q.token } : config.testMember;
      const r = await homepage.call({
        ...operationPath('GET /auth/sso/:token', { token: member.token }),
        query: new URLSearchParams({ userid: member.userId, key: member.key }).toString(),
        ...callFor(req),
      });
      if (r.ok && r.status === 200 && isTokenAnswer(r.body)) {
        const user = auth.signIn(req, reply, r.body, false);
        req.log.info({ auth: { event: 'sso', userId: user.user_id } }, 'test single sign-on');
        return reply.redirect(user.isHomeAgreeYn === 'Y' ? HOME_PATH : AGREE_PATH, 302);
      }
      req.log.warn({ auth: { event: 'sso-refused', userId: member.userId } }, 'test single sign-on refused');
      return app.renderPage(req, reply, { status: 401 });
    },
  );
};
