/** Session entities of spec §3. */
import type { YesNo } from './contract/common.ts';

/** The session user as the browser keeps it (spec §3 "Session user"). */
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

/** A member may use guarded pages: signed in with agreed terms (spec §5, decisions D6). */
export function isMember(user: SessionUser | null): user is SessionUser {
  return user !== null && user.user_id !== '' && user.isHomeLoggedIn && user.isHomeAgreeYn === 'Y';
}
