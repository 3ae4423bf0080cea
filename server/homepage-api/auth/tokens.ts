/**
 * Opaque tokens (docs/decisions/D3-sign-in-session-and-tokens.md): 32 random bytes, base64url, stored only as SHA-256
 * hashes. A sign-in opens a family; each refresh spends its refresh token and issues a
 * new pair in the same family (rotation). A spent refresh token presented again within
 * the grace window (REFRESH_GRACE_S, decision 0114) answers the same new pair: the browser
 * missed it (an aborted answer, a second tab). Later, it is reuse: the whole family is revoked.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Stores } from '../store/index.ts';
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

async function issuePair(stores: Stores, s: ApiSettings, familyId: number, keep: boolean, now: number): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  const refreshTtl = keep ? s.refreshKeepTtlS : s.refreshTtlS;
  await stores.tokens.addAccess(tokenHash(access), familyId, now + s.accessTtlS * 1000, now);
  await stores.tokens.addRefresh(tokenHash(refresh), familyId, now + refreshTtl * 1000, now);
  return { access_token: access, access_expires_in: s.accessTtlS, refresh_token: refresh, refresh_expires_in: refreshTtl };
}

/** Opens a new sign-in (token family) for the member. */
export async function signIn(stores: Stores, s: ApiSettings, memberId: number, keep: boolean): Promise<IssuedTokens> {
  const now = s.clock();
  return await stores.transaction(async () => {
    // Housekeeping: access tokens a day past expiry can no longer be told apart from unknown ones.
    await stores.tokens.purgeAccess(now - 24 * 60 * 60 * 1000);
    return await issuePair(stores, s, await stores.tokens.openFamily(memberId, keep, now), keep, now);
  });
}

export type RefreshOutcome =
  | { ok: true; memberId: number; tokens: IssuedTokens; /** The grace window's answer again. */ repeated: boolean }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

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
    if (row.spentAt !== null) {
      // Within the grace: the same pair again (what the browser missed), nothing revoked.
      const again = row.successor && now - row.spentAt <= s.refreshGraceS * 1000 ? unseal(refreshToken, row.successor) : undefined;
      if (again) return { ok: true, memberId: row.memberId, tokens: again, repeated: true };
      await stores.tokens.revokeFamily(row.familyId, 'refresh token reused', now);
      return { ok: false, reason: 'reused' };
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
    // Housekeeping: sealed pairs past their grace are of no use to anyone.
    await stores.tokens.forgetSuccessors(now - s.refreshGraceS * 1000);
    const tokens = await issuePair(stores, s, row.familyId, row.keep, now);
    await stores.tokens.spendRefresh(hash, now, seal(refreshToken, tokens));
    return { ok: true, memberId: row.memberId, tokens, repeated: false };
  });
}

/** Revokes the family of a refresh token, if it is known. */
export async function revokeByRefresh(stores: Stores, refreshToken: string, now: number): Promise<void> {
  const row = await stores.tokens.refresh(tokenHash(refreshToken));
  if (row) await stores.tokens.revokeFamily(row.familyId, 'logout', now);
}

export type AccessCheck =
  | { ok: true; memberId: number; familyId: number }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

export async function checkAccess(stores: Stores, accessToken: string, now: number): Promise<AccessCheck> {
  const row = await stores.tokens.access(tokenHash(accessToken));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked) return { ok: false, reason: 'revoked' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, memberId: row.memberId, familyId: row.familyId };
}

/** The member of a single-sign-on token that has not expired. */
export async function ssoMember(stores: Stores, token: string, now: number): Promise<number | undefined> {
  const row = await stores.tokens.sso(tokenHash(token));
  return row && row.expiresAt > now ? row.memberId : undefined;
}
