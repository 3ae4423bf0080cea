/**
 * Opaque tokens (decisions D3): 32 random bytes, base64url, stored only as SHA-256
 * hashes. A sign-in opens a family; each refresh spends its refresh token and issues a
 * new pair in the same family (rotation). A spent refresh token presented again is
 * reuse: the whole family is revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { transaction, type Database } from '../store/db.ts';
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

function issuePair(db: Database, s: ApiSettings, familyId: number, keep: boolean, now: number): IssuedTokens {
  const access = newToken();
  const refresh = newToken();
  const refreshTtl = keep ? s.refreshKeepTtlS : s.refreshTtlS;
  db.prepare('INSERT INTO access_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
    tokenHash(access), familyId, now + s.accessTtlS * 1000, now,
  );
  db.prepare('INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
    tokenHash(refresh), familyId, now + refreshTtl * 1000, now,
  );
  return { access_token: access, access_expires_in: s.accessTtlS, refresh_token: refresh, refresh_expires_in: refreshTtl };
}

/** Opens a new sign-in (token family) for the member. */
export function signIn(db: Database, s: ApiSettings, memberId: number, keep: boolean): IssuedTokens {
  const now = s.clock();
  return transaction(db, () => {
    // Housekeeping: access tokens a day past expiry can no longer be told apart from unknown ones.
    db.prepare('DELETE FROM access_tokens WHERE expires_at < ?').run(now - 24 * 60 * 60 * 1000);
    const fam = db
      .prepare('INSERT INTO token_families (member_id, keep, created_at) VALUES (?, ?, ?) RETURNING family_id')
      .get(memberId, keep ? 1 : 0, now);
    return issuePair(db, s, Number(fam?.['family_id']), keep, now);
  });
}

export type RefreshOutcome =
  | { ok: true; memberId: number; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function rotateRefresh(db: Database, s: ApiSettings, refreshToken: string): RefreshOutcome {
  const now = s.clock();
  return transaction(db, (): RefreshOutcome => {
    const row = db
      .prepare(
        `SELECT r.family_id, r.expires_at, r.spent_at, f.revoked_at, f.keep, f.member_id
           FROM refresh_tokens r JOIN token_families f USING (family_id)
          WHERE r.token_hash = ?`,
      )
      .get(tokenHash(refreshToken));
    if (!row) return { ok: false, reason: 'unknown' };
    const familyId = Number(row['family_id']);
    if (row['revoked_at'] !== null) return { ok: false, reason: 'revoked' };
    if (row['spent_at'] !== null) {
      revokeFamily(db, familyId, 'refresh token reused', now);
      return { ok: false, reason: 'reused' };
    }
    if (Number(row['expires_at']) <= now) return { ok: false, reason: 'expired' };
    db.prepare('UPDATE refresh_tokens SET spent_at = ? WHERE token_hash = ?').run(now, tokenHash(refreshToken));
    const tokens = issuePair(db, s, familyId, Number(row['keep']) === 1, now);
    return { ok: true, memberId: Number(row['member_id']), tokens };
  });
}

export function revokeFamily(db: Database, familyId: number, reason: string, now: number): void {
  db.prepare('UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE family_id = ? AND revoked_at IS NULL').run(
    now, reason, familyId,
  );
}

/** Revokes the family of a refresh token, if it is known. */
export function revokeByRefresh(db: Database, refreshToken: string, now: number): void {
  const row = db.prepare('SELECT family_id FROM refresh_tokens WHERE token_hash = ?').get(tokenHash(refreshToken));
  if (row) revokeFamily(db, Number(row['family_id']), 'logout', now);
}

export type AccessCheck =
  | { ok: true; memberId: number; familyId: number }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

export function checkAccess(db: Database, accessToken: string, now: number): AccessCheck {
  const row = db
    .prepare(
      `SELECT a.family_id, a.expires_at, f.revoked_at, f.member_id
         FROM access_tokens a JOIN token_families f USING (family_id)
        WHERE a.token_hash = ?`,
    )
    .get(tokenHash(accessToken));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row['revoked_at'] !== null) return { ok: false, reason: 'revoked' };
  if (Number(row['expires_at']) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, memberId: Number(row['member_id']), familyId: Number(row['family_id']) };
}
