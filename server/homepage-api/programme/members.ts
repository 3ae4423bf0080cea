/** The member's own data: profile (and its update), the loan system's view, the mobile card. */
import type { UserInfoUpdate, UserProfile } from '#shared/contract/user.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { ruleBroken } from '../errors.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import { effectiveStatus, toProfile, type Member } from '../store/members.ts';
import { isoSeoul, seoulMonth } from '../time.ts';

/** Books a member may have on loan at once in the library's loan system. */
const LIBRARY_LOAN_LIMIT = 10;

function normalisePhone(raw: string): string | undefined {
  const digits = raw.replace(/[^0-9]/g, '');
  const m = /^(01[016789])([0-9]{3,4})([0-9]{4})$/.exec(digits);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

export async function profileOf(stores: Stores, m: Member, now: number): Promise<UserProfile> {
  return toProfile(m, await stores.codes.regionName(m.townCode ?? m.cityCode ?? m.provinceCode), now);
}

/**
 * Terms agreement and notice consent; contact and region changes need the current
 * password (docs/decisions/D3-sign-in-session-and-tokens.md). Answers the member as stored afterwards.
 */
export async function updateProfile(stores: Stores, s: ApiSettings, member: Member, b: UserInfoUpdate): Promise<Member> {
  const sensitive =
    b.phone !== undefined || b.email !== undefined || b.province_code !== undefined ||
    b.city_code !== undefined || b.town_code !== undefined;
  if (!sensitive && b.agree_yn === undefined && b.notice_yn === undefined) throw ruleBroken(apiMessages.user.nothingToChange);
  let phone = member.phone;
  if (b.phone !== undefined) {
    const p = b.phone.trim() === '' ? null : normalisePhone(b.phone);
    if (p === undefined) throw ruleBroken(apiMessages.user.phoneInvalid);
    phone = p;
  }
  let { provinceCode, cityCode, townCode } = member;
  if (b.province_code !== undefined || b.city_code !== undefined || b.town_code !== undefined) {
    provinceCode = b.province_code ?? null;
    cityCode = b.city_code ?? null;
    townCode = b.town_code ?? null;
    const ok =
      provinceCode !== null &&
      (cityCode === null ? townCode === null : await stores.codes.within(cityCode, provinceCode)) &&
      (townCode === null || (cityCode !== null && await stores.codes.within(townCode, cityCode)));
    if (!ok) throw ruleBroken(apiMessages.user.regionInvalid);
  }
  if (sensitive) {
    if (!b.current_password) throw ruleBroken(apiMessages.user.currentPasswordRequired);
    if (!(await verifyPassword(b.current_password, member.passwordHash))) throw ruleBroken(apiMessages.user.currentPasswordWrong);
  }
  await stores.transaction(async () =>
    await stores.members.updateProfile({
      memberId: member.memberId,
      agreeYn: b.agree_yn ?? member.agreeYn,
      noticeYn: b.notice_yn ?? member.noticeYn,
      phone,
      email: b.email !== undefined ? b.email.trim() || null : member.email,
      provinceCode,
      cityCode,
      townCode,
      now: isoSeoul(s.clock()),
    }),
  );
  return await stores.members.byId(member.memberId) ?? member;
}

export async function libraryUserOf(stores: Stores, m: Member, now: number) {
  return {
    user_no: m.userNo,
    user_name: m.userName,
    home_library: m.homeLibrary,
    loan_count_month: await stores.activities.countInMonth(m.memberId, 'loan', seoulMonth(now)),
    loan_limit: LIBRARY_LOAN_LIMIT,
    valid_until: m.validUntil,
    status: effectiveStatus(m, now),
  };
}

export function cardOf(m: Member) {
  return {
    card_no: m.userNo,
    barcode: `CB${m.userNo}`,
    user_name: m.userName,
    home_library: m.homeLibrary,
    valid_until: m.validUntil,
    issued_on: m.createdAt.slice(0, 10),
  };
}
