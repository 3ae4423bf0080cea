/**
 * Signing in with an id and a password, the one implementation behind both doors:
 * POST /api/login/login (the login screen with JavaScript) and the login page's form
 * posted without JavaScript (a page action run on the server). Per-account failures are
 * counted here (decision 0008); the per-IP limit is the routes' rate limit.
 */
import { operationPath } from '#shared/contract/operations.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import type { LoginResponse } from '#shared/session.ts';
import type { HomepageClient } from '../homepage/client.ts';
import { callFor } from '../homepage/for-request.ts';
import type { LoginFailures } from './login-limits.ts';
import type { PortalMetrics, SignInOutcome as CountedOutcome } from '../ops/metrics.ts';
import { browserOf, isTokenAnswer, memberFields, type MemberAuth } from './member-auth.ts';
import { loginMessages } from '#shared/messages-login.ts';

export interface SignInOutcome {
  /** The HTTP status the JSON route answers with. */
  status: number;
  answer: LoginResponse;
  /** Seconds to wait, when the account is locked for now. */
  retryAfter?: number;
}

export class PasswordSignIn {
  readonly #auth: MemberAuth;
  readonly #homepage: HomepageClient;
  readonly #failures: LoginFailures;
  readonly #metrics: PortalMetrics;

  constructor(auth: MemberAuth, homepage: HomepageClient, failures: LoginFailures, metrics: PortalMetrics) {
    this.#auth = auth;
    this.#homepage = homepage;
    this.#failures = failures;
    this.#metrics = metrics;
  }

  /** Signs the member in on this reply (cookies) when the homepage API accepts the password. */
  async signIn(req: FastifyRequest, reply: FastifyReply, body: LoginBody): Promise<SignInOutcome> {
    const userId = body.user_id.trim();
    const keep = body.keep === true;
    const log = (outcome: string, counted: CountedOutcome) => {
      this.#metrics.signIn(counted);
      req.log.info({ auth: { event: 'login', userId, outcome, keep } }, 'sign-in attempt');
    };

    const wait = await this.#failures.retryAfter(userId);
    if (wait > 0) {
      this.#metrics.rateLimited('account');
      log('account-locked', 'account_locked');
      return { status: 429, retryAfter: wait, answer: { result: 'error', msg: serverMessages.login.accountLocked } };
    }

    const r = await this.#homepage.call({
      ...operationPath('POST /auth/login'),
      body: { user_id: userId, user_pass: body.user_pass, keep },
      ...callFor(req),
      client: browserOf(req),
    });
    if (!r.ok) {
      log('unavailable', 'unavailable');
      return { status: r.status, answer: { result: 'error', msg: messages.error.temporary } };
    }
    if (r.status === 200 && isTokenAnswer(r.body)) {
      await this.#failures.succeed(userId);
      this.#auth.signIn(req, reply, r.body, keep);
      log('success', 'success');
      return { status: 200, answer: { result: 'success', msg: '', expired: false, ...memberFields(r.body) } };
    }
    if (r.status === 401) {
      await this.#failures.fail(userId);
      log('invalid', 'invalid');
      return { status: 401, answer: { result: 'error', msg: serverMessages.login.invalid, expired: false } };
    }
    if (r.status === 200 && r.body.result === 'error') {
      const expired = (r.body as { expired?: unknown }).expired === true;
      log(expired ? 'expired' : 'refused', expired ? 'expired' : 'refused');
      return { status: 200, answer: { result: 'error', expired, msg: expired ? loginMessages.expired : (r.body.msg ?? messages.error.temporary) } };
    }
    log(`upstream-${r.status}`, 'upstream_error');
    // The API away for a moment (its database): 503 and when to try again, as it said.
    if (r.status === 503 && r.retryAfter) return { status: 503, retryAfter: Number(r.retryAfter), answer: { result: 'error', msg: r.body.msg ?? messages.error.temporary } };
    return { status: r.status >= 500 ? 502 : r.status, answer: { result: 'error', msg: r.body.msg ?? messages.error.temporary } };
  }
}

/**
 * Re-reads the session from the refresh token (auto-login, or after a change the session
 * carries). A signed-out session's refresh token is never sent (decision 0024): 401.
 */
export async function refreshSession(auth: MemberAuth, req: FastifyRequest, reply: FastifyReply): Promise<SignInOutcome> {
  const outcome = await auth.refreshNow(req, reply);
  if (outcome.kind === 'ok') {
    req.log.info({ auth: { event: 'auto-login', userId: outcome.answer.userId } }, 'session restored');
    return { status: 200, answer: { result: 'success', msg: '', expired: false, ...memberFields(outcome.answer) } };
  }
  if (outcome.kind === 'rejected') return { status: 401, answer: { result: 'error', msg: messages.session.ended, expired: true } };
  return { status: 502, answer: { result: 'error', msg: messages.error.temporary } };
}
