/** Members: typed rows, derived status and the profile answer. */
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

export function memberById(db: Database, memberId: number): Member | undefined {
  const r = db.prepare('SELECT * FROM members WHERE member_id = ?').get(memberId);
  return r ? toMember(r) : undefined;
}

export function memberByUserId(db: Database, userId: string): Member | undefined {
  const r = db.prepare('SELECT * FROM members WHERE user_id = ?').get(userId);
  return r ? toMember(r) : undefined;
}

/** Status with expiry applied: an active member past valid_until is expired. */
export function effectiveStatus(m: Member, now: number): MemberStatus {
  if (m.status === 'active' && m.validUntil < seoulDay(now)) return 'expired';
  return m.status;
}

export function regionName(db: Database, code: string | null): string | null {
  if (!code) return null;
  const names: string[] = [];
  let current: string | null = code;
  for (let i = 0; current && i < 5; i++) {
    const r = db.prepare('SELECT region_name, parent_code FROM regions WHERE region_code = ?').get(current);
    if (!r) break;
    names.unshift(str(r, 'region_name'));
    current = strOrNull(r, 'parent_code');
  }
  return names.length ? names.join(' ') : null;
}

export function toProfile(db: Database, m: Member, now: number): UserProfile {
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
    region_name: regionName(db, m.townCode ?? m.cityCode ?? m.provinceCode),
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

export function countRows(db: Database, sql: string, ...params: (string | number | null)[]): number {
  const r = db.prepare(sql).get(...params);
  return r ? int(r, 'n') : 0;
}

