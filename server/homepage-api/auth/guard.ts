/**
 * Bearer access tokens on protected routes (brief item 4): missing, unknown or revoked
 * → 401 session ended; known but past expiry → 403 with code token_expired (docs/product.md §8:
 * the portal refreshes and retries once on 403).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkAccess } from './tokens.ts';
import type { Member } from '../store/members.ts';
import type { AccessWithMember } from '../store/tokens.ts';
import { ApiError } from '../errors.ts';
import { apiMessages } from '#shared/messages-api.ts';

export interface AuthContext {
  member: Member;
  familyId: number;
}

/**
 * A route's first read of its member's data sent with the token check as one statement
 * (decision 0137): on PostgreSQL a member read is then one round trip. The route names it in its
 * config (`tokenJoin`); requireMember runs it instead of the token check alone.
 */
export interface TokenJoin {
  /** Reads the access token with this hash, its member and the route's data; keeps the data for the handler. */
  read(req: FastifyRequest, tokenHash: Buffer): Promise<AccessWithMember | undefined>;
}

/**
 * A TokenJoin whose data the handler takes with `take`: what the guard read for this request,
 * or undefined when the guard did not run it (then the handler reads for itself).
 */
export class JoinedRead<T> implements TokenJoin {
  readonly #kept = new WeakMap<FastifyRequest, T>();
  readonly #run: (tokenHash: Buffer) => Promise<{ access: AccessWithMember; value: T } | undefined>;

  constructor(run: (tokenHash: Buffer) => Promise<{ access: AccessWithMember; value: T } | undefined>) {
    this.#run = run;
  }

  async read(req: FastifyRequest, tokenHash: Buffer): Promise<AccessWithMember | undefined> {
    const found = await this.#run(tokenHash);
    if (found) this.#kept.set(req, found.value);
    return found?.access;
  }

  take(req: FastifyRequest): T | undefined {
    const value = this.#kept.get(req);
    this.#kept.delete(req);
    return value;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** This route's read joined to the token check (TokenJoin). */
    tokenJoin?: TokenJoin;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(h);
  return m?.[1];
}

async function resolveAuth(req: FastifyRequest): Promise<AuthContext | ApiError | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const app = req.server;
  const join = req.routeOptions.config.tokenJoin;
  const cache = app.accessCache;
  // A route's joined read runs as it is (its data comes with it); other checks may be kept (decision 0156).
  const read = join
    ? (hash: Buffer) => join.read(req, hash)
    : cache
      ? (hash: Buffer) => cache.check(hash, () => app.stores.tokens.accessWithMember(hash))
      : undefined;
  const check = await checkAccess(app.stores, token, app.settings.clock(), read);
  if (!check.ok) {
    return check.reason === 'expired'
      ? new ApiError(403, apiMessages.auth.tokenExpired, 'token_expired')
      : new ApiError(401, apiMessages.auth.sessionEnded);
  }
  const member = check.member;
  if (!member || member.status === 'withdrawn') return new ApiError(401, apiMessages.auth.sessionEnded);
  return { member, familyId: check.familyId };
}

/** preHandler: the route needs a signed-in member. */
export async function requireMember(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const r = await resolveAuth(req);
  if (r === null) throw new ApiError(401, apiMessages.auth.sessionEnded);
  if (r instanceof ApiError) throw r;
  req.auth = r;
}

/** preHandler: a member is optional (e.g. "my rank" in a public ranking); a bad token still fails. */
export async function optionalMember(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const r = await resolveAuth(req);
  if (r instanceof ApiError) throw r;
  req.auth = r;
}

/** The signed-in member of a route guarded by requireMember. */
export function memberOf(req: FastifyRequest): Member {
  if (!req.auth) throw new ApiError(401, apiMessages.auth.sessionEnded);
  return req.auth.member;
}

/**
 * Whether the request carries the valid access token of an administrator: for a public route
 * whose answer an administrator sees more of (the notice list's drafts). Any other token —
 * missing, unknown, expired — counts as an anonymous caller, never as an error.
 */
export async function isAdminCaller(req: FastifyRequest): Promise<boolean> {
  const r = await resolveAuth(req);
  return r !== null && !(r instanceof ApiError) && r.member.userAuth.includes('ROLE_ADMIN');
}

/** preHandler after requireMember: administrators only. Others get 404 (the route is not for them). */
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth?.member.userAuth.includes('ROLE_ADMIN')) throw new ApiError(404, apiMessages.auth.forbidden);
}
