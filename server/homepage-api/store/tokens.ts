/** Sign-in token rows (docs/decisions/D3-sign-in-session-and-tokens.md): families, access and refresh token hashes, SSO tokens. */
import type { Database } from './db.ts';
import { toMember, type Member } from './members.ts';
import { int, type Row } from './rows.ts';

export interface RefreshRow {
  familyId: number;
  memberId: number;
  keep: boolean;
  expiresAt: number;
  /** When it was exchanged for a new pair (ms), or null. */
  spentAt: number | null;
  /** That pair, sealed with a key the spent token derives (decision 0114); null once the grace is over. */
  successor: Uint8Array | null;
  /** How often it was presented again after it was spent (decision 0114: once at most). */
  repeats: number;
  revoked: boolean;
  /** When its sign-in (the family) began (ms): the sign-in's absolute end counts from here. */
  signedInAt: number;
}

export interface AccessRow {
  familyId: number;
  memberId: number;
  expiresAt: number;
  revoked: boolean;
}

/** An access token's row and its member (undefined when the member row is gone). */
export interface AccessWithMember {
  token: AccessRow;
  member: Member | undefined;
}

/**
 * The access token with its hash `:token` and its member, as one SELECT: what every member
 * request reads first (decision 0137), and the head of a route's read joined to it
 * (store/points.ts `summaryByToken`). Its columns: `token_*` and the member's own.
 */
export const ACCESS_WITH_MEMBER = `SELECT a.family_id AS token_family_id, a.expires_at AS token_expires_at, f.revoked_at AS token_revoked_at,
            f.member_id AS token_member_id, m.*
       FROM access_tokens a JOIN token_families f USING (family_id) LEFT JOIN members m ON m.member_id = f.member_id
      WHERE a.token_hash = :token`;

/** A row of ACCESS_WITH_MEMBER (or of a statement that selects its columns). */
export function toAccessWithMember(r: Row): AccessWithMember {
  return {
    token: {
      familyId: int(r, 'token_family_id'), memberId: int(r, 'token_member_id'), expiresAt: int(r, 'token_expires_at'),
      revoked: r['token_revoked_at'] !== null,
    },
    member: r['member_id'] === null || r['member_id'] === undefined ? undefined : toMember(r),
  };
}

function toRefresh(r: Row): RefreshRow {
  return {
    familyId: int(r, 'family_id'),
    memberId: int(r, 'member_id'),
    keep: int(r, 'keep') === 1,
    expiresAt: int(r, 'expires_at'),
    spentAt: r['spent_at'] === null ? null : int(r, 'spent_at'),
    successor: r['successor'] instanceof Uint8Array ? r['successor'] : null,
    repeats: int(r, 'repeats'),
    revoked: r['revoked_at'] !== null,
    signedInAt: int(r, 'signed_in_at'),
  };
}

/** Sign-in token rows. `changing` is told of a member whose sign-in is about to be revoked (decision 0156). */
export function tokenStore(db: Database, changing: (memberId: number) => void = () => undefined) {
  const insertAccess = db.prepare('INSERT INTO access_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)');
  const insertRefresh = db.prepare('INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)');
  const purgeAccess = db.prepare('DELETE FROM access_tokens WHERE expires_at < ?');
  const insertFamily = db.prepare('INSERT INTO token_families (member_id, keep, created_at) VALUES (?, ?, ?) RETURNING family_id');
  // PostgreSQL: the token's row is held until the rotation commits, so two refreshes with one
  // token (two instances) rotate once; SQLite's BEGIN IMMEDIATE serialises them already.
  const refreshSelect = `SELECT r.family_id, r.expires_at, r.spent_at, r.successor, r.repeats, f.revoked_at, f.keep, f.member_id,
            f.created_at AS signed_in_at
       FROM refresh_tokens r JOIN token_families f USING (family_id)
      WHERE r.token_hash = ?`;
  const refreshRow = db.prepare({ sqlite: refreshSelect, postgres: `${refreshSelect} FOR UPDATE OF r` });
  const spendRefresh = db.prepare('UPDATE refresh_tokens SET spent_at = ?, successor = ? WHERE token_hash = ?');
  const repeatRefresh = db.prepare('UPDATE refresh_tokens SET repeats = repeats + 1 WHERE token_hash = ?');
  const forgetSuccessors = db.prepare('UPDATE refresh_tokens SET successor = NULL WHERE successor IS NOT NULL AND spent_at < ?');
  const revokeFamily = db.prepare(
    'UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE family_id = ? AND revoked_at IS NULL',
  );
  const accessRow = db.prepare(
    `SELECT a.family_id, a.expires_at, f.revoked_at, f.member_id
       FROM access_tokens a JOIN token_families f USING (family_id)
      WHERE a.token_hash = ?`,
  );
  const accessMemberRow = db.prepare(ACCESS_WITH_MEMBER);
  const ssoRow = db.prepare('SELECT member_id, expires_at FROM sso_tokens WHERE token_hash = ?');

  return {
    async addAccess(hash: Buffer, familyId: number, expiresAt: number, now: number): Promise<void> {
      await insertAccess.run(hash, familyId, expiresAt, now);
    },
    async addRefresh(hash: Buffer, familyId: number, expiresAt: number, now: number): Promise<void> {
      await insertRefresh.run(hash, familyId, expiresAt, now);
    },
    /** Forgets access tokens that expired before `before`. */
    async purgeAccess(before: number): Promise<void> {
      await purgeAccess.run(before);
    },
    async openFamily(memberId: number, keep: boolean, now: number): Promise<number> {
      return int(await insertFamily.get(memberId, keep ? 1 : 0, now) ?? {}, 'family_id');
    },
    async refresh(hash: Buffer): Promise<RefreshRow | undefined> {
      const r = await refreshRow.get(hash);
      return r ? toRefresh(r) : undefined;
    },
    /** Marks the token spent, keeping the sealed pair it was exchanged for. */
    async spendRefresh(hash: Buffer, now: number, successor: Uint8Array): Promise<void> {
      await spendRefresh.run(now, successor, hash);
    },
    /** Counts one more presentation of a spent token. */
    async repeatRefresh(hash: Buffer): Promise<void> {
      await repeatRefresh.run(hash);
    },
    /** Drops the sealed pairs of tokens spent before `before` (their grace is over). */
    async forgetSuccessors(before: number): Promise<void> {
      await forgetSuccessors.run(before);
    },
    /** Revokes a sign-in of the member `memberId` (told to `changing` first). */
    async revokeFamily(familyId: number, reason: string, now: number, memberId: number): Promise<void> {
      changing(memberId);
      await revokeFamily.run(now, reason, familyId);
    },
    async access(hash: Buffer): Promise<AccessRow | undefined> {
      const r = await accessRow.get(hash);
      return r
        ? { familyId: int(r, 'family_id'), memberId: int(r, 'member_id'), expiresAt: int(r, 'expires_at'), revoked: r['revoked_at'] !== null }
        : undefined;
    },
    /** The access token's row and its member (undefined when the member row is gone). */
    async accessWithMember(hash: Buffer): Promise<AccessWithMember | undefined> {
      const r = await accessMemberRow.get({ token: hash });
      return r ? toAccessWithMember(r) : undefined;
    },
    async sso(hash: Buffer): Promise<{ memberId: number; expiresAt: number } | undefined> {
      const r = await ssoRow.get(hash);
      return r ? { memberId: int(r, 'member_id'), expiresAt: int(r, 'expires_at') } : undefined;
    },
  };
}

