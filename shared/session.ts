/** Session entities of docs/product.md §3. */
import type { YesNo } from './contract/common.ts';

/** The session user as the browser keeps it (docs/product.md §3 "Session user"). */
export interface SessionUser {
  user_id: string;
  user_name: string;
  user_no: string;
  user_key: string;
  user_auth: string[];
  isHomeLoggedIn: boolean;
  isHomeAgreeYn: YesNo;
  isHomeNoticeYn: YesNo;
}

/** A member may use guarded pages: signed in with agreed terms (docs/product.md §5, docs/decisions/D6-menu-two-level.md). */
export function isMember(user: SessionUser | null): user is SessionUser {
  return user !== null && user.user_id !== '' && user.isHomeLoggedIn && user.isHomeAgreeYn === 'Y';
}

/** The spec's login response fields that describe the member (§3). */
export interface MemberFields {
  userId: string;
  username: string;
  userNo: string;
  userAuth: string[];
  userKey: string;
  agreeYn: YesNo;
  noticeYn: YesNo;
}

export function sessionUserFrom(f: MemberFields): SessionUser {
  return {
    user_id: f.userId,
    user_name: f.username,
    user_no: f.userNo,
    user_key: f.userKey,
    user_auth: f.userAuth.filter((a): a is string => typeof a === 'string'),
    isHomeLoggedIn: true,
    isHomeAgreeYn: f.agreeYn,
    isHomeNoticeYn: f.noticeYn,
  };
}

/** The portal's answer to sign-in and auto-login (docs/product.md §3 "Login response"), never with tokens. */
export type LoginResponse =
  | ({ result: 'success'; msg: string; expired: false } & MemberFields)
  | { result: 'error'; msg: string; expired?: boolean };

/**
 * The `code` of the answer to 로그아웃 when the homepage API did not confirm it (HTTP 202,
 * `result: "error"`, decision 0024): signed out on the portal, the revocation retried; its `msg`
 * tells the member what to do.
 */
export const LOGOUT_PENDING = 'logout_pending';
