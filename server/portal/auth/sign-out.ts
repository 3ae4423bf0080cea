/**
 * 로그아웃 that holds when the homepage API is away (decision 0024). In order:
 * 1. the session is signed out here first — its id and the hashes of its tokens recorded
 *    (MemberAuth.signOut), its cookies cleared — so from this moment no copy of its cookies
 *    reads, writes or refreshes through any route of the portal;
 * 2. the API is asked to revoke the tokens (GET /common/token/logout with the access token,
 *    which also names the logout_url; POST /auth/logout with the refresh token), within a
 *    short deadline;
 * 3. if the API did not confirm, the revocation waits in the outbox and is sent again until it
 *    does — and the member is told so, plainly: never a "success" the API has not confirmed.
 */
import { operationPath } from '#shared/contract/operations.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HomepageCall, HomepageClient, HomepageResult } from '../homepage/client.ts';
import { callFor } from '../homepage/for-request.ts';
import { browserOf, type MemberAuth } from './member-auth.ts';
import type { SignOutOutbox, SignOutTokens } from './sign-out-outbox.ts';

/**
 * The deadline of one attempt to revoke upstream: the outbox retries, so neither the member
 * (the first attempt) nor a shutdown (the outbox's) waits for a whole homepage budget.
 */
export const REVOCATION_DEADLINE_MS = 5_000;

type CallContext = Pick<HomepageCall, 'requestId' | 'log'> & Partial<Pick<HomepageCall, 'client' | 'deadlineMs'>>;

/** A 4xx other than 429: the API has looked at the token and will never take it again. */
const refused = (r: HomepageResult) => r.ok && r.status >= 400 && r.status < 500 && r.status !== 429;

/**
 * Asks the API to revoke a signed-out session's tokens. Confirmed when the API revoked the
 * sign-in (200 to either call) or refused every token it was given (revoked, unknown,
 * expired): none of them can be used any more. Unreachable, timed out, 5xx: not confirmed.
 */
export async function revokeUpstream(homepage: HomepageClient, tokens: SignOutTokens, ctx: CallContext): Promise<{ confirmed: boolean; logoutUrl: unknown }> {
  let logoutUrl: unknown;
  let revoked = false;
  let accessDead = !tokens.access;
  let refreshDead = !tokens.refresh;
  if (tokens.access) {
    const r = await homepage.call({ ...operationPath('GET /common/token/logout'), accessToken: tokens.access, ...ctx });
    if (r.ok && r.status === 200) {
      revoked = true;
      logoutUrl = (r.body as { logout_url?: unknown }).logout_url;
    }
    accessDead = revoked || refused(r);
  }
  if (tokens.refresh) {
    // Revokes the sign-in even when the access token had expired.
    const r = await homepage.call({ ...operationPath('POST /auth/logout'), body: { refresh_token: tokens.refresh }, ...ctx });
    if (r.ok && r.status === 200) revoked = true;
    refreshDead = (r.ok && r.status === 200) || refused(r);
  }
  return { confirmed: revoked || (accessDead && refreshDead), logoutUrl };
}

export interface SignOutOutcome {
  /** The API confirmed the revocation; else it waits in the outbox. */
  confirmed: boolean;
  /** The API's logout_url, unchecked (the route checks it). */
  logoutUrl: unknown;
}

export class SignOut {
  readonly #auth: MemberAuth;
  readonly #homepage: HomepageClient;
  readonly #outbox: SignOutOutbox;
  readonly #onSignOut: ((confirmed: boolean) => void) | undefined;

  constructor(auth: MemberAuth, homepage: HomepageClient, outbox: SignOutOutbox, onSignOut?: (confirmed: boolean) => void) {
    this.#auth = auth;
    this.#homepage = homepage;
    this.#outbox = outbox;
    this.#onSignOut = onSignOut;
  }

  async run(req: FastifyRequest, reply: FastifyReply): Promise<SignOutOutcome> {
    const { untilMs, ...tokens } = await this.#auth.signOut(req, reply);
    const { confirmed, logoutUrl } = await revokeUpstream(this.#homepage, tokens, {
      ...callFor(req),
      client: browserOf(req),
      deadlineMs: REVOCATION_DEADLINE_MS,
    });
    if (!confirmed) {
      await this.#outbox.add(tokens, untilMs);
      req.log.warn({ auth: { event: 'logout-upstream-pending' } }, 'sign-out not confirmed by the homepage API: signed out here, the revocation waits in the outbox');
    }
    this.#onSignOut?.(confirmed);
    req.log.info({ auth: { event: 'logout', upstream: confirmed ? 'confirmed' : 'pending' } }, 'signed out');
    return { confirmed, logoutUrl };
  }
}
