/** Members: typed rows, derived status, the profile answer and the member store. */
import type { Database } from './db.ts';
import { int, oneOf, str, strOrNull, yn, type Row } from './rows.ts';
import type { UserProfile } from '#shared/contract/user.ts';
import { seoulDay } from '../time.ts';

export type StoredStatus = 'active' | 'dormant' | 'withdrawn';
export type MemberStatus = StoredStatus | 'expired';

export interface Member {
  memberId: number;
  userId: string;
  userNo: string;
  userKey: string;
  userName: string;
  passwordHash: string;
  userAuth: string[];
  phone: string | null;
  email: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  townCode: string | null;
  birthYear: number;
  status: StoredStatus;
  validUntil: string;
  agreeYn: 'Y' | 'N';
  agreeDate: string | null;
  noticeYn: 'Y' | 'N';
  noticeDate: string | null;
  earningSuspendedUntil: string | null;
  kakaoLinkedYn: 'Y' | 'N';
  homeLibrary: string;
  createdAt: string;
}

export function toMember(r: Row): Member {
  return {
    memberId: int(r, 'member_id'),
    userId: str(r, 'user_id'),
    userNo: str(r, 'user_no'),
    userKey: str(r, 'user_key'),
    userName: str(r, 'user_name'),
    passwordHash: str(r, 'password_hash'),
    userAuth: str(r, 'user_auth').split(',').filter(Boolean),
    phone: strOrNull(r, 'phone'),
    email: strOrNull(r, 'email'),
    provinceCode: strOrNull(r, 'province_code'),
    cityCode: strOrNull(r, 'city_code'),
    townCode: strOrNull(r, 'town_code'),
    birthYear: int(r, 'birth_year'),
    status: oneOf(r, 'status', ['active', 'dormant', 'withdrawn'] as const),
    validUntil: str(r, 'valid_until'),
    agreeYn: yn(r, 'agree_yn'),
    agreeDate: strOrNull(r, 'agree_date'),
    noticeYn: yn(r, 'notice_yn'),
    noticeDate: strOrNull(r, 'notice_date'),
    earningSuspendedUntil: strOrNull(r, 'earning_suspended_until'),
    kakaoLinkedYn: yn(r, 'kakao_linked_yn'),
    homeLibrary: str(r, 'home_library'),
    createdAt: str(r, 'created_at'),
  };
}

export interface ProfileUpdate {
  memberId: number;
  agreeYn: 'Y' | 'N';
  noticeYn: 'Y' | 'N';
  phone: string | null;
  email: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  townCode: string | null;
  now: string;
}

/** Members: statements prepared once. `changing` is told of a member row about to change (decision 0156). */
export function memberStore(db: Database, changing: (memberId: number) => void = () => undefined) {
  const byId = db.prepare('SELECT * FROM members WHERE member_id = ?');
  const byUserId = db.prepare('SELECT * FROM members WHERE user_id = ?');
  const updateProfile = db.prepare(
    `UPDATE members SET
       agree_yn = :agree, agree_date = CASE WHEN :agree = 'Y' AND agree_yn = 'N' THEN :now ELSE agree_date END,
       notice_yn = :notice,
       notice_date = CASE WHEN :notice <> notice_yn THEN :now ELSE notice_date END,
       phone = :phone, email = :email, province_code = :province, city_code = :city, town_code = :town,
       updated_at = :now
     WHERE member_id = :id`,
  );
  // PostgreSQL: the member's row lock serialises the member's writes across instances; SQLite's
  // BEGIN IMMEDIATE already serialises every write, so there it only reads the row.
  const lock = db.prepare({
    sqlite: 'SELECT member_id FROM members WHERE member_id = ?',
    postgres: 'SELECT member_id FROM members WHERE member_id = ? FOR UPDATE',
  });
  const suspendedUntil = db.prepare('SELECT earning_suspended_until FROM members WHERE member_id = ?');
  const suspend = db.prepare(
    `UPDATE members SET earning_suspended_until = CASE WHEN earning_suspended_until > :until THEN earning_suspended_until ELSE :until END
      WHERE member_id = :id`,
  );

  return {
    async byId(memberId: number): Promise<Member | undefined> {
      const r = await byId.get(memberId);
      return r ? toMember(r) : undefined;
    },

    async byUserId(userId: string): Promise<Member | undefined> {
      const r = await byUserId.get(userId);
      return r ? toMember(r) : undefined;
    },

    async updateProfile(u: ProfileUpdate): Promise<void> {
      changing(u.memberId);
      await updateProfile.run({
        agree: u.agreeYn, notice: u.noticeYn, phone: u.phone, email: u.email, province: u.provinceCode,
        city: u.cityCode, town: u.townCode, now: u.now, id: u.memberId,
      });
    },

    /**
     * Holds the member's row until the transaction ends (call inside one): two writes for one
     * member, on any instance, then check and record one after the other (decision 0109).
     */
    async lock(memberId: number): Promise<void> {
      await lock.get(memberId);
    },

    /** The last day earning is suspended (stored; may be in the past). */
    async suspendedUntil(memberId: number): Promise<string | null> {
      const r = await suspendedUntil.get(memberId);
      return r ? strOrNull(r, 'earning_suspended_until') : null;
    },

    /** Suspends earning up to `until` (never shortens a longer suspension). */
    async suspendUntil(memberId: number, until: string): Promise<void> {
      changing(memberId);
      await suspend.run({ until, id: memberId });
    },
  };
}


/** Status with expiry applied: an active member past valid_until is expired. */
export function effectiveStatus(m: Member, now: number): MemberStatus {
  if (m.status === 'active' && m.validUntil < seoulDay(now)) return 'expired';
  return m.status;
}

/** The profile answer; `regionName` is the full name of the member's smallest region. */
export function toProfile(m: Member, regionName: string | null, now: number): UserProfile {
  return {
    user_id: m.userId,
    user_name: m.userName,
    user_no: m.userNo,
    user_key: m.userKey,
    user_auth: m.userAuth,
    phone: m.phone,
    email: m.email,
    province_code: m.provinceCode,
    city_code: m.cityCode,
    town_code: m.townCode,
    region_name: regionName,
    birth_year: m.birthYear,
    agree_yn: m.agreeYn,
    agree_date: m.agreeDate,
    notice_yn: m.noticeYn,
    notice_date: m.noticeDate,
    status: effectiveStatus(m, now),
    valid_until: m.validUntil,
    earning_suspended_until: m.earningSuspendedUntil,
    reg_date: m.createdAt,
  };
}

/** The spec's session fields of the login response (§3). */
export function sessionFields(m: Member) {
  return {
    userId: m.userId,
    username: m.userName,
    userNo: m.userNo,
    userAuth: m.userAuth,
    userKey: m.userKey,
    agreeYn: m.agreeYn,
    noticeYn: m.noticeYn,
  };
}
