/**
 * Opaque tokens (decisions D3): 32 random bytes, base64url, stored only as SHA-256
 * hashes. A sign-in opens a family; each refresh spends its refresh token and issues a
 * new pair in the same family (rotation). A spent refresh token presented again is
 * reuse: the whole family is revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
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
  | { ok: true; memberId: number; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateRefresh(stores: Stores, s: ApiSettings, refreshToken: string): Promise<RefreshOutcome> {
  const now = s.clock();
  const hash = tokenHash(refreshToken);
  return await stores.transaction(async (): Promise<RefreshOutcome> => {
    const row = await stores.tokens.refresh(hash);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.spent) {
      await stores.tokens.revokeFamily(row.familyId, 'refresh token reused', now);
      return { ok: false, reason: 'reused' };
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
    await stores.tokens.spendRefresh(hash, now);
    return { ok: true, memberId: row.memberId, tokens: await issuePair(stores, s, row.familyId, row.keep, now) };
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
