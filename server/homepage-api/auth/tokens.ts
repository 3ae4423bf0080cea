/**
 * Opaque tokens (docs/decisions/D3-sign-in-session-and-tokens.md): 32 random bytes, base64url, stored only as SHA-256
 * hashes. A sign-in opens a family; each refresh spends its refresh token and issues a
 * new pair in the same family (rotation), never past the sign-in's absolute end
 * (SIGN_IN_MAX_AGE_S, or _KEEP_S with keep-me-signed-in). A spent refresh token may come
 * back once (decision 0114): within the grace (REFRESH_GRACE_S, 2 s at most) it answers the
 * same new pair — the answer the browser lost — and later it is refused, nothing revoked. A
 * second time is no lost answer: the whole family is revoked.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Stores } from '../store/index.ts';
import type { Member } from '../store/members.ts';
import type { AccessWithMember } from '../store/tokens.ts';
import type { ApiSettings } from '../settings.ts';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export interface IssuedTokens {
  access_token: string;
  access_expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

/** When a sign-in begun at `signedInAt` ends, whatever its refreshes (ms). */
export function signInEnd(s: ApiSettings, signedInAt: number, keep: boolean): number {
  return signedInAt + (keep ? s.signInMaxAgeKeepS : s.signInMaxAgeS) * 1000;
}

/** A new pair; neither token outlives the sign-in's end (`end`, ms, later than `now`). */
async function issuePair(stores: Stores, s: ApiSettings, familyId: number, keep: boolean, now: number, end: number): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  const left = Math.max(1, Math.floor((end - now) / 1000));
  const accessTtl = Math.min(s.accessTtlS, left);
  const refreshTtl = Math.min(keep ? s.refreshKeepTtlS : s.refreshTtlS, left);
  await stores.tokens.addAccess(tokenHash(access), familyId, now + accessTtl * 1000, now);
  await stores.tokens.addRefresh(tokenHash(refresh), familyId, now + refreshTtl * 1000, now);
  return { access_token: access, access_expires_in: accessTtl, refresh_token: refresh, refresh_expires_in: refreshTtl };
}

/** Opens a new sign-in (token family) for the member. */
export async function signIn(stores: Stores, s: ApiSettings, memberId: number, keep: boolean): Promise<IssuedTokens> {
  const now = s.clock();
  return await stores.transaction(async () => {
    // Housekeeping: access tokens a day past expiry can no longer be told apart from unknown ones.
    await stores.tokens.purgeAccess(now - 24 * 60 * 60 * 1000);
    return await issuePair(stores, s, await stores.tokens.openFamily(memberId, keep, now), keep, now, signInEnd(s, now, keep));
  });
}

/**
 * A refused refresh. The last two are the security events of decision 0114, told with the
 * sign-in they belong to: `reused` (a spent token presented again past the grace: refused,
 * nothing revoked) and `reused-again` (presented a second time: the sign-in is revoked).
 */
export type RefreshRefusal =
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'ended' }
  | { ok: false; reason: 'reused' | 'reused-again'; memberId: number; familyId: number };

export type RefreshOutcome =
  | { ok: true; memberId: number; familyId: number; tokens: IssuedTokens; /** The grace window's answer again. */ repeated: boolean }
  | RefreshRefusal;

/**
 * The pair a refresh token was exchanged for, sealed (AES-256-GCM) with a key derived from
 * that refresh token: the database keeps only the token's hash, so only whoever presents the
 * spent token again can open it.
 */
function successorKey(refreshToken: string): Buffer {
  return createHash('sha256').update('refresh-successor\0', 'utf8').update(refreshToken, 'utf8').digest();
}

function seal(refreshToken: string, tokens: IssuedTokens): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function unseal(refreshToken: string, sealed: Uint8Array): IssuedTokens | undefined {
  try {
    const buf = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', successorKey(refreshToken), buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    const parsed: unknown = JSON.parse(Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8'));
    return isIssued(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The pair issued `ageMs` ago, its lifetimes counted from now (a cookie must not outlive its token). */
function aged(t: IssuedTokens, ageMs: number): IssuedTokens {
  const spent = Math.ceil(ageMs / 1000);
  return { ...t, access_expires_in: Math.max(1, t.access_expires_in - spent), refresh_expires_in: Math.max(1, t.refresh_expires_in - spent) };
}

function isIssued(v: unknown): v is IssuedTokens {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return typeof t['access_token'] === 'string' && typeof t['refresh_token'] === 'string' && typeof t['access_expires_in'] === 'number' && typeof t['refresh_expires_in'] === 'number';
}

export async function rotateRefresh(stores: Stores, s: ApiSettings, refreshToken: string): Promise<RefreshOutcome> {
  const now = s.clock();
  const hash = tokenHash(refreshToken);
  return await stores.transaction(async (): Promise<RefreshOutcome> => {
    const row = await stores.tokens.refresh(hash);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    const end = signInEnd(s, row.signedInAt, row.keep);
    const family = { memberId: row.memberId, familyId: row.familyId };
    if (row.spentAt !== null) {
      // A spent token comes back once at most: a second time is a copy in other hands.
      if (row.repeats >= 1) {
        await stores.tokens.revokeFamily(row.familyId, 'spent refresh token presented again after its one repeat', now, row.memberId);
        return { ok: false, reason: 'reused-again', ...family };
      }
      await stores.tokens.repeatRefresh(hash);
      // Within the grace: the pair the browser lost, nothing revoked. Past it: refused, and the
      // sign-in (the member's, if the member refreshed first) goes on.
      const again = row.successor && now - row.spentAt <= s.refreshGraceS * 1000 && now < end ? unseal(refreshToken, row.successor) : undefined;
      if (again) return { ok: true, ...family, tokens: aged(again, now - row.spentAt), repeated: true };
      return { ok: false, reason: 'reused', ...family };
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
    if (now >= end) return { ok: false, reason: 'ended' };
    // Housekeeping: sealed pairs past their grace are of no use to anyone.
    await stores.tokens.forgetSuccessors(now - s.refreshGraceS * 1000);
    const tokens = await issuePair(stores, s, row.familyId, row.keep, now, end);
    await stores.tokens.spendRefresh(hash, now, seal(refreshToken, tokens));
    return { ok: true, ...family, tokens, repeated: false };
  });
}

/** Revokes the family of a refresh token, if it is known. */
export async function revokeByRefresh(stores: Stores, refreshToken: string, now: number): Promise<void> {
  const row = await stores.tokens.refresh(tokenHash(refreshToken));
  if (row) await stores.tokens.revokeFamily(row.familyId, 'logout', now, row.memberId);
}

/** An access token's check, with its member (undefined when the member row is gone). */
export type AccessCheck =
  | { ok: true; memberId: number; familyId: number; member: Member | undefined }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/**
 * The token and its member are read in one statement (decision 0137): what every member request
 * does first. `read` is that statement, or a route's read that includes it (guard.ts `TokenJoin`).
 */
export async function checkAccess(
  stores: Stores,
  accessToken: string,
  now: number,
  read: (hash: Buffer) => Promise<AccessWithMember | undefined> = (hash) => stores.tokens.accessWithMember(hash),
): Promise<AccessCheck> {
  const found = await read(tokenHash(accessToken));
  if (!found) return { ok: false, reason: 'unknown' };
  const row = found.token;
  if (row.revoked) return { ok: false, reason: 'revoked' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, memberId: row.memberId, familyId: row.familyId, member: found.member };
}

/** The member of a single-sign-on token that has not expired. */
export async function ssoMember(stores: Stores, token: string, now: number): Promise<number | undefined> {
  const row = await stores.tokens.sso(tokenHash(token));
  return row && row.expiresAt > now ? row.memberId : undefined;
}
