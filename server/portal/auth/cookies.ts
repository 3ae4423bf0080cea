/**
 * The sign-in cookies of docs/decisions/D3-sign-in-session-and-tokens.md. Tokens and the signed session live in httpOnly
 * cookies (page JavaScript never sees a token); `autoLogin` is the spec's readable flag.
 * Over HTTPS they are Secure and carry the __Host- prefix; over plain HTTP on a laptop they
 * are plain-named, which every engine keeps (decision 0017).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { LRUCache } from 'lru-cache';
import type { SessionUser } from '#shared/session.ts';
import { isHttps, type SchemePolicy } from '../scheme.ts';

export const AUTO_LOGIN_COOKIE = 'autoLogin';

/**
 * What a token cookie may hold (RFC 6750 b64token, JWTs included): anything else — a
 * forged value with a newline, say — is treated as no token, so it never becomes an
 * invalid Authorization header (decision 0013).
 */
const TOKEN_VALUE = /^[A-Za-z0-9._~+/-]{1,4096}=*$/;

function tokenValue(v: string | undefined): string | undefined {
  return v !== undefined && TOKEN_VALUE.test(v) ? v : undefined;
}
const YEAR_S = 365 * 24 * 60 * 60;

export interface CookieNames {
  access: string;
  refresh: string;
  session: string;
  /** Set with a refreshed pair the browser has not yet sent back: the refresh tokens it followed (decision 0142). */
  pending: string;
}

export function cookieNames(secure: boolean): CookieNames {
  const p = secure ? '__Host-' : '';
  return { access: `${p}portal_at`, refresh: `${p}portal_rt`, session: `${p}portal_session`, pending: `${p}portal_pending` };
}

/** The pending cookie's value: the hashes (hashOf, 43 characters) of the refresh tokens a pair followed, dot-separated. */
const PENDING_VALUE = /^[A-Za-z0-9_-]{43}(?:\.[A-Za-z0-9_-]{43}){0,3}$/;

/**
 * What the signed session cookie holds: the member, the id of this sign-in (kept across
 * refreshes; revoked by 로그아웃, decision 0115), and when it ends at the latest (epoch ms:
 * its refresh token's end, after which nothing could restore it).
 */
export interface SignedSession {
  user: SessionUser;
  sid: string;
  exp: number;
}

export interface IssuedTokens {
  access_token: string;
  access_expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

const SECURE_NAMES = cookieNames(true);
const PLAIN_NAMES = cookieNames(false);

/** How many verified session cookies are remembered (a few MB at most). */
const VERIFIED_SESSIONS = 10_000;

export class AuthCookies {
  readonly #policy: SchemePolicy;
  /**
   * Session cookies whose signature was checked, by their exact text: a signed value that
   * verified once verifies again under the same secret, so a member's next call reads its
   * session without another HMAC, base64 and JSON parse (they were a tenth of a gateway call's
   * own work). What is cached holds no token; the session's end is still checked on each read,
   * and a value that did not verify is never cached.
   */
  readonly #verified = new LRUCache<string, SignedSession>({ max: VERIFIED_SESSIONS });

  constructor(policy: SchemePolicy) {
    this.#policy = policy;
  }

  /** Whether this request's cookies are Secure (it came over HTTPS, or COOKIE_SECURE=Y). */
  secure(req: FastifyRequest): boolean {
    return isHttps(req, this.#policy);
  }

  names(req: FastifyRequest): CookieNames {
    return this.secure(req) ? SECURE_NAMES : PLAIN_NAMES;
  }

  #base(req: FastifyRequest, httpOnly: boolean): CookieSerializeOptions {
    return { path: '/', httpOnly, sameSite: 'lax', secure: this.secure(req) };
  }

  /**
   * The tokens, the keep flag, and the pending cookie's hashes: the refreshed pairs this browser
   * acknowledges by sending the cookie back (an empty list without it, or with a value the portal
   * never writes).
   */
  read(req: FastifyRequest): { access?: string; refresh?: string; keep: boolean; pending: string[] } {
    const c = req.cookies;
    const names = this.names(req);
    const access = tokenValue(c[names.access]);
    const refresh = tokenValue(c[names.refresh]);
    const pending = c[names.pending];
    return {
      ...(access ? { access } : {}),
      ...(refresh ? { refresh } : {}),
      keep: c[AUTO_LOGIN_COOKIE] === 'true',
      pending: pending !== undefined && PENDING_VALUE.test(pending) ? pending.split('.') : [],
    };
  }

  /**
   * Reads and verifies the signed session cookie: the member, the sign-in's id and its end.
   * A cookie without an id (written before sessions had one) or past its end is none.
   */
  readSession(req: FastifyRequest): SignedSession | null {
    const raw = req.cookies[this.names(req).session];
    if (!raw) return null;
    const signed = this.#verified.get(raw) ?? this.#verify(req, raw);
    return signed && signed.exp > Date.now() ? signed : null;
  }

  #verify(req: FastifyRequest, raw: string): SignedSession | null {
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed: unknown = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null) return null;
      const { sid, exp, ...user } = parsed as Record<string, unknown>;
      if (typeof sid !== 'string' || typeof exp !== 'number' || !isSessionUser(user)) return null;
      // Shared by every request that presents this cookie: read-only.
      const signed: SignedSession = Object.freeze({ user: Object.freeze(user), sid, exp });
      this.#verified.set(raw, signed);
      return signed;
    } catch {
      return null;
    }
  }

  /**
   * After a sign-in or refresh: the access token lives as long as it is valid; the refresh
   * token and the session for a year when kept ("로그인 상태 유지"), else for the browser session.
   */
  set(reply: FastifyReply, tokens: IssuedTokens, session: SignedSession, keep: boolean): void {
    const req = reply.request;
    const names = this.names(req);
    const httpOnly = this.#base(req, true);
    const persistent = keep ? { maxAge: Math.min(tokens.refresh_expires_in, YEAR_S) } : {};
    reply.setCookie(names.access, tokens.access_token, { ...httpOnly, maxAge: tokens.access_expires_in });
    reply.setCookie(names.refresh, tokens.refresh_token, { ...httpOnly, ...persistent });
    const payload = { ...session.user, sid: session.sid, exp: session.exp };
    reply.setCookie(names.session, Buffer.from(JSON.stringify(payload)).toString('base64url'), {
      ...httpOnly,
      ...persistent,
      signed: true,
    });
    if (keep) reply.setCookie(AUTO_LOGIN_COOKIE, 'true', { ...this.#base(req, false), maxAge: YEAR_S });
    else reply.clearCookie(AUTO_LOGIN_COOKIE, this.#base(req, false));
  }

  /**
   * With a refreshed pair: the hashes of the refresh tokens it followed, for as long as the
   * portal holds the pair for this browser (decision 0142). Sent back, it says the browser has
   * the pair; `pending` empty clears it.
   */
  setPending(reply: FastifyReply, pending: readonly string[], maxAgeS: number): void {
    const req = reply.request;
    const name = this.names(req).pending;
    if (pending.length === 0) reply.clearCookie(name, this.#base(req, true));
    else reply.setCookie(name, pending.slice(-4).join('.'), { ...this.#base(req, true), maxAge: maxAgeS });
  }

  clear(reply: FastifyReply): void {
    const req = reply.request;
    const names = this.names(req);
    for (const name of [names.access, names.refresh, names.session, names.pending]) reply.clearCookie(name, this.#base(req, true));
    reply.clearCookie(AUTO_LOGIN_COOKIE, this.#base(req, false));
  }
}

function isSessionUser(v: unknown): v is SessionUser {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u['user_id'] === 'string' &&
    typeof u['user_name'] === 'string' &&
    typeof u['user_no'] === 'string' &&
    typeof u['user_key'] === 'string' &&
    Array.isArray(u['user_auth']) &&
    u['isHomeLoggedIn'] === true &&
    (u['isHomeAgreeYn'] === 'Y' || u['isHomeAgreeYn'] === 'N') &&
    (u['isHomeNoticeYn'] === 'Y' || u['isHomeNoticeYn'] === 'N')
  );
}
