/**
 * The member's session on the portal's side (backend-for-frontend, docs/decisions/D1-shape-of-the-system.md, docs/decisions/D3-sign-in-session-and-tokens.md):
 * reads the cookies, attaches the access token to homepage API calls, refreshes once
 * and retries once on 403, and ends the session on 401 (docs/product.md §8). The gateway, the
 * sign-in routes and the SSR loaders all go through here, so they behave the same — and a
 * signed-out session (its id or either of its tokens recorded by 로그아웃, decisions 0115 and
 * 0024) is a visitor's on every one of them, whatever the API would still accept. A refreshed
 * pair whose answer the browser may have lost is held for it until it sends the pair back
 * (decision 0142), so a lost answer does not end the sign-in.
 */
import { operationPath } from '#shared/contract/operations.ts';
import { randomBytes } from 'node:crypto';
import { Compile } from 'typebox/compile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginSuccess } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { sessionUserFrom, type MemberFields, type SessionUser } from '#shared/session.ts';
import type { HomepageCall, HomepageClient, HomepageResult } from '../homepage/client.ts';
import { callFor } from '../homepage/for-request.ts';
import type { AuthCookies } from './cookies.ts';
import { HOLD_S_DEFAULT, MemoryHeldPairs, type HeldPairs } from './held-pairs.ts';
import { MemoryRefreshFlight, type RefreshFlight, type RefreshOutcome, type TokenAnswer } from './refresh-flight.ts';
import { MemoryRevocations, type SessionRevocations } from './revocations.ts';
import { hashOf } from './seal.ts';

/** Sign-in, refresh and SSO answers carry the contract's LoginSuccess fields (SSO adds code_value). */
const tokenAnswer = Compile(LoginSuccess);

export function isTokenAnswer(v: unknown): v is TokenAnswer {
  return tokenAnswer.Check(v);
}

/** The member fields of the spec's login response, without tokens (what the browser gets). */
export function memberFields(a: MemberFields): MemberFields {
  return {
    userId: a.userId,
    username: a.username,
    userNo: a.userNo,
    userAuth: a.userAuth,
    userKey: a.userKey,
    agreeYn: a.agreeYn,
    noticeYn: a.noticeYn,
  };
}

/** The browser a sign-in call is made for, as the API's security events name it (decision 0114). */
export function browserOf(req: FastifyRequest): NonNullable<HomepageCall['client']> {
  return { address: req.ip, userAgent: req.headers['user-agent'] };
}

interface RequestAuthState {
  access?: string;
  refresh?: string;
  keep: boolean;
  user: SessionUser | null | undefined;
  /** A 401 ended the session during this request. */
  ended: boolean;
  /** The pending cookie as presented: refreshed pairs this browser now acknowledges (decision 0142). */
  pending: string[];
  /** The hashes of the refresh tokens this request spent (or was given a held pair for): the pending cookie of its answer. */
  spent: string[];
  /** The check of the presented cookies against the signed-out sessions, once per request. */
  verified?: Promise<void>;
}

export interface MemberAuthOptions {
  /** Where concurrent refreshes of one token are coalesced: this process (default) or Redis. */
  flight?: RefreshFlight;
  /**
   * Told the outcome of every refresh (metrics): `upstream` called the API, `held` gave a pair
   * the browser had not acknowledged again, `shared` took a concurrent request's outcome.
   */
  onRefresh?: (outcome: RefreshOutcome['kind'], source: 'upstream' | 'held' | 'shared') => void;
  /** Where refreshed pairs are held until the browser acknowledges them: this process (default) or Redis (decision 0142). */
  held?: HeldPairs;
  /** Where signed-out sessions are recorded: this process (default) or Redis (decisions 0115, 0024). */
  revocations?: SessionRevocations;
}

/** Until when a signed-out session's marks are kept when its cookie does not say (the longest a session lives). */
const LONGEST_SESSION_MS = 365 * 24 * 60 * 60 * 1000;

export class MemberAuth {
  readonly cookies: AuthCookies;
  readonly #homepage: HomepageClient;
  readonly #state = new WeakMap<FastifyRequest, RequestAuthState>();
  /**
   * One refresh per refresh token: concurrent requests of one browser (or a second tab)
   * that all found the access token expired share the answer instead of each spending
   * the same refresh token, which the API would take for reuse and revoke the family.
   * Outside that short window a spent token reaches the API, and reuse is detected.
   */
  readonly #flight: RefreshFlight;
  readonly #onRefresh: MemberAuthOptions['onRefresh'];
  readonly #revocations: SessionRevocations;
  readonly #held: HeldPairs;

  constructor(homepage: HomepageClient, cookies: AuthCookies, opts: MemberAuthOptions = {}) {
    this.#homepage = homepage;
    this.cookies = cookies;
    this.#flight = opts.flight ?? new MemoryRefreshFlight();
    this.#onRefresh = opts.onRefresh;
    this.#revocations = opts.revocations ?? new MemoryRevocations();
    this.#held = opts.held ?? new MemoryHeldPairs(HOLD_S_DEFAULT * 1000);
  }

  #stateOf(req: FastifyRequest): RequestAuthState {
    let s = this.#state.get(req);
    if (!s) {
      const read = this.cookies.read(req);
      s = { ...read, user: undefined, ended: false, spent: [] };
      this.#state.set(req, s);
    }
    return s;
  }

  /** The access token this request holds now (after any refresh within it). */
  accessToken(req: FastifyRequest): string | undefined {
    return this.#stateOf(req).access;
  }

  /** Whether this request ended the member's session (a 401 from the API). */
  ended(req: FastifyRequest): boolean {
    return this.#stateOf(req).ended;
  }

  /**
   * Whether the cookies this request presented belong to a signed-out session: its id, its
   * access token or its refresh token (a copy may leave the session cookie out). If so, the
   * request is a visitor's: the cookies are cleared on this reply and none of them is used.
   * Checked once per request; a sign-in within the request is trusted as it is. A pending cookie
   * sent back acknowledges the pairs it was set with, at the same time.
   */
  #verify(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const s = this.#stateOf(req);
    s.verified ??= (async () => {
      const acknowledged = s.pending.length > 0 ? this.#acknowledge(reply, s) : undefined;
      const marks = { sid: this.cookies.readSession(req)?.sid, access: s.access, refresh: s.refresh };
      if (!marks.sid && !marks.access && !marks.refresh) return acknowledged;
      const revoked = await this.#revocations.isRevoked(marks);
      if (acknowledged) await acknowledged;
      if (!revoked) return;
      req.log.info({ auth: { event: 'signed-out-session' } }, 'cookies of a signed-out session were presented: treated as a visitor');
      this.end(req, reply);
    })();
    return s.verified;
  }

  /**
   * The browser sent back the pending cookie set with a refreshed pair, so it has that pair: the
   * portal stops holding it for the spent tokens (decision 0142) — from now on a copy presenting
   * one of them reaches the API, which refuses it (decision 0114) — and clears the cookie. Once
   * per rotation (and again only if this answer is lost too), never a look-up per request.
   */
  async #acknowledge(reply: FastifyReply, s: RequestAuthState): Promise<void> {
    this.cookies.setPending(reply, [], 0);
    // Set with the pair that followed these tokens, the cookie never comes with one of them; if it
    // does, this browser does not have that pair, and it stays held.
    if (s.refresh && s.pending.includes(hashOf(s.refresh))) return;
    await this.#held.release(s.pending);
  }

  /**
   * Exchanges a refresh token for a new pair. A pair already obtained with this token that the
   * browser has not acknowledged is given again to the same user agent (decision 0142), looked
   * up first, so no concurrent outcome of another agent's request stands in its way. Otherwise
   * the API is asked once per token however many requests ask (the flight), and the new pair
   * is held until the browser acknowledges it.
   */
  async refresh(refreshToken: string, req: FastifyRequest): Promise<RefreshOutcome> {
    const agent = hashOf(req.headers['user-agent'] ?? '');
    const held = await this.#held.take(refreshToken, agent);
    if (held) {
      req.log.info({ auth: { event: 'refresh-held' } }, 'a refreshed pair this browser had not acknowledged was given again');
      this.#onRefresh?.('ok', 'held');
      return { kind: 'ok', answer: held };
    }
    const call = async (): Promise<RefreshOutcome> => {
      const r = await this.#homepage.call({
        ...operationPath('POST /auth/refresh'),
        body: { refresh_token: refreshToken },
        ...callFor(req),
        client: browserOf(req),
      });
      if (!r.ok) return { kind: 'unavailable' };
      if (r.status === 200 && isTokenAnswer(r.body)) {
        await this.#held.hold(refreshToken, r.body, agent);
        return { kind: 'ok', answer: r.body };
      }
      if (r.status === 401 || r.status === 403 || r.status === 400) return { kind: 'rejected' };
      return { kind: 'unavailable' };
    };
    const { outcome, shared } = await this.#flight.run(refreshToken, call, req.log);
    this.#onRefresh?.(outcome.kind, shared ? 'shared' : 'upstream');
    return outcome;
  }

  /** Signs the member in on this reply (cookies) and for the rest of this request: a new sign-in, with a new session id. */
  signIn(req: FastifyRequest, reply: FastifyReply, answer: TokenAnswer, keep: boolean): SessionUser {
    return this.#open(req, reply, answer, keep, randomBytes(16).toString('base64url'));
  }

  /** The same sign-in with a refreshed pair: the session keeps its id, so 로그아웃 still ends it. */
  renew(req: FastifyRequest, reply: FastifyReply, answer: TokenAnswer, keep: boolean): SessionUser {
    return this.#open(req, reply, answer, keep, this.cookies.readSession(req)?.sid ?? randomBytes(16).toString('base64url'));
  }

  #open(req: FastifyRequest, reply: FastifyReply, answer: TokenAnswer, keep: boolean, sid: string): SessionUser {
    const user = sessionUserFrom(answer);
    this.cookies.set(reply, answer, { user, sid, exp: Date.now() + answer.refresh_expires_in * 1000 }, keep);
    const s = this.#stateOf(req);
    s.access = answer.access_token;
    s.refresh = answer.refresh_token;
    s.keep = keep;
    s.user = user;
    s.ended = false;
    // Tokens the API just issued: nothing to check against the signed-out sessions.
    s.verified = Promise.resolve();
    return user;
  }

  /**
   * 로그아웃: this session's id and the hashes of its access and refresh tokens are recorded as
   * signed out until the session would have ended anyway, so a copy of its cookies — all of
   * them or any one — is a visitor's from now on, on every route (decisions 0115, 0024). The
   * tokens it presented are answered, for the upstream revocation.
   */
  async signOut(req: FastifyRequest, reply: FastifyReply): Promise<{ access?: string; refresh?: string; untilMs: number }> {
    const { access, refresh, pending } = this.cookies.read(req);
    const signed = this.cookies.readSession(req);
    const untilMs = signed?.exp ?? Date.now() + LONGEST_SESSION_MS;
    // No pair is held any longer for this browser's spent tokens, nor for its current one.
    await Promise.all([
      this.#revocations.revoke({ sid: signed?.sid, access, refresh }, untilMs),
      this.#held.release([...pending, ...(refresh ? [hashOf(refresh)] : [])]),
    ]);
    this.end(req, reply);
    return { ...(access ? { access } : {}), ...(refresh ? { refresh } : {}), untilMs };
  }

  /** Forgets the session on this reply (cookies cleared) and for the rest of this request. */
  end(req: FastifyRequest, reply: FastifyReply): void {
    this.cookies.clear(reply);
    const s = this.#stateOf(req);
    // A pair this request obtained, held for this browser, ends with the session (release never throws).
    if (s.spent.length > 0) void this.#held.release(s.spent.splice(0));
    delete s.access;
    delete s.refresh;
    s.user = null;
    s.ended = true;
  }

  /**
   * The token routes and auto login: this request's refresh token spent now — unless it
   * belongs to a signed-out session — and the session renewed on this reply (or ended).
   */
  async refreshNow(req: FastifyRequest, reply: FastifyReply): Promise<RefreshOutcome> {
    await this.#verify(req, reply);
    return this.#refreshOutcome(req, reply);
  }

  async #refreshOutcome(req: FastifyRequest, reply: FastifyReply): Promise<RefreshOutcome> {
    const s = this.#stateOf(req);
    if (!s.refresh) {
      this.end(req, reply);
      return { kind: 'rejected' };
    }
    const spent = s.refresh;
    let outcome = await this.refresh(spent, req);
    // An older refresh token of a signed-out session, spent moments before 로그아웃, may still get
    // the pair that followed it (the API's grace, decision 0114): that pair was signed out too.
    if (outcome.kind === 'ok' && (await this.#revocations.isRevoked({ access: outcome.answer.access_token, refresh: outcome.answer.refresh_token }))) {
      outcome = { kind: 'rejected' };
    }
    if (outcome.kind === 'ok') {
      this.renew(req, reply, outcome.answer, s.keep);
      // Until the browser sends this cookie back, the pair stays held for it (decision 0142).
      if (this.#held.holdMs > 0) {
        s.spent.push(hashOf(spent));
        this.cookies.setPending(reply, s.spent, Math.ceil(this.#held.holdMs / 1000));
      }
      req.log.info({ auth: { event: 'refresh', userId: outcome.answer.userId } }, 'access token refreshed');
    } else if (outcome.kind === 'rejected') {
      req.log.info({ auth: { event: 'refresh-rejected' } }, 'refresh token refused: session ended');
      this.end(req, reply);
    }
    return outcome;
  }

  async #refreshInto(req: FastifyRequest, reply: FastifyReply): Promise<'ok' | 'rejected' | 'unavailable'> {
    return (await this.#refreshOutcome(req, reply)).kind;
  }

  /**
   * The member on this request: from the signed session cookie while the access token
   * cookie lives, else restored with the refresh token (cookies set on this reply, before
   * the first byte of a page). Null for visitors.
   */
  async session(req: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const s = this.#stateOf(req);
    if (s.user !== undefined) return s.user;
    // A copy of a session that signed out: a visitor, whatever else it holds.
    await this.#verify(req, reply);
    if (s.user !== undefined) return s.user;
    const signed = this.cookies.readSession(req);
    const fromCookie = signed?.user ?? null;
    if (fromCookie && s.access) {
      s.user = fromCookie;
      return fromCookie;
    }
    if (s.refresh) {
      const r = await this.#refreshInto(req, reply);
      if (r === 'ok') return s.user ?? null;
      // The API is unreachable: keep the cookies, show the member as signed in if we know them.
      s.user = r === 'unavailable' ? fromCookie : null;
      return s.user;
    }
    if (fromCookie || req.cookies[this.cookies.names(req).session]) this.end(req, reply);
    s.user = null;
    return null;
  }

  /**
   * A homepage API call on behalf of this request's member (or anonymously for visitors):
   * the access token attached; on 403 one refresh and one retry; on 401 (or a refused
   * refresh) the session ends and the answer is 401.
   *
   * One refresh per session at a time (decision 0007): each call remembers the access token it
   * sent. A page's loaders run at once; when one of them gets its 403 after another already
   * refreshed, the session holds a newer token than the one that call used, and the call is
   * retried with it instead of refreshing again — which would spend the refresh token the
   * first refresh just received, while a gateway call of the same browser that shared that
   * first refresh hands the browser the pair that token belongs to.
   */
  async call(req: FastifyRequest, reply: FastifyReply, c: Omit<HomepageCall, 'accessToken' | 'requestId' | 'log'>): Promise<HomepageResult> {
    const s = this.#stateOf(req);
    // The tokens of a signed-out session are never sent: the call goes out as a visitor's.
    await this.#verify(req, reply);
    if (!s.access && s.refresh) {
      const r = await this.#refreshInto(req, reply);
      if (r === 'rejected') return sessionEnded();
    }
    const used = s.access;
    const first = await this.#homepage.call({ ...c, ...callFor(req), ...(used ? { accessToken: used } : {}) });
    if (!first.ok) return first;
    if (first.status === 403 && s.refresh) {
      const newer = s.access !== undefined && s.access !== used;
      const r = newer ? 'ok' : await this.#refreshInto(req, reply);
      if (r === 'rejected') return sessionEnded();
      if (r === 'unavailable') return first;
      const retried = await this.#homepage.call({ ...c, ...callFor(req), ...(s.access ? { accessToken: s.access } : {}) });
      if (retried.ok && retried.status === 401) {
        this.end(req, reply);
        return sessionEnded();
      }
      return retried;
    }
    if (first.status === 401 && (s.access || s.refresh || this.cookies.readSession(req))) {
      req.log.info({ auth: { event: 'unauthorized' } }, 'homepage API answered 401: session ended');
      this.end(req, reply);
      return sessionEnded();
    }
    return first;
  }
}

function sessionEnded(): HomepageResult {
  return { ok: true, status: 401, body: { result: 'error', msg: messages.session.ended }, durationMs: 0 };
}
