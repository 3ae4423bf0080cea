/** Member calls (docs/product.md §7): GET/POST /user/info, /user/api/user, /user/api/card, /user/kapiinfo. */
import { Type, type Static } from 'typebox';
import { DateOnly, DateTime, Nullable, Success, YesNo } from './common.ts';

export const MemberStatus = Type.Union(
  [Type.Literal('active'), Type.Literal('dormant'), Type.Literal('withdrawn'), Type.Literal('expired')],
  { description: 'expired: 회원 자격 유효기간(valid_until)이 지남' },
);

export const UserProfile = Type.Object(
  {
    user_id: Type.String(),
    user_name: Type.String(),
    user_no: Type.String(),
    user_key: Type.String(),
    user_auth: Type.Array(Type.String()),
    phone: Nullable(Type.String()),
    email: Nullable(Type.String()),
    province_code: Nullable(Type.String()),
    city_code: Nullable(Type.String()),
    town_code: Nullable(Type.String()),
    region_name: Nullable(Type.String({ description: '예: 충청북도 청주시 상당구 용암1동' })),
    birth_year: Type.Integer(),
    agree_yn: YesNo,
    agree_date: Nullable(DateTime),
    notice_yn: YesNo,
    notice_date: Nullable(DateTime),
    status: MemberStatus,
    valid_until: DateOnly,
    earning_suspended_until: Nullable(DateOnly),
    reg_date: DateTime,
  },
  { title: 'UserProfile' },
);
export type UserProfile = Static<typeof UserProfile>;

export const UserInfoAnswer = Success({ user_info: UserProfile }, { title: 'UserInfoAnswer' });
export type UserInfoAnswer = Static<typeof UserInfoAnswer>;

/**
 * POST /user/info. Terms agreement page: agree_yn (the required terms, must be "Y")
 * and notice_yn. Contact and region changes need current_password (docs/decisions/D3-sign-in-session-and-tokens.md).
 * At least one of agree_yn, notice_yn, phone, email or a region code (else 400); region
 * codes must nest (town in city in province, else 400).
 */
export const UserInfoUpdate = Type.Object(
  {
    agree_yn: Type.Optional(Type.Literal('Y', { description: '필수 약관 동의: "Y"만 받음(동의 철회는 탈퇴로)' })),
    notice_yn: Type.Optional(YesNo),
    phone: Type.Optional(
      Type.String({
        maxLength: 20,
        pattern: '^\\s*(01[016789][-. ]?[0-9]{3,4}[-. ]?[0-9]{4})?\\s*$',
        description: '휴대전화 번호(010-1234-5678, 하이픈·점·띄어쓰기 선택). 빈 문자열은 번호 삭제',
      }),
    ),
    email: Type.Optional(Type.String({ maxLength: 100, format: 'email' })),
    province_code: Type.Optional(Type.String({ pattern: '^[0-9]{2}$' })),
    city_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$' })),
    town_code: Type.Optional(Type.String({ pattern: '^[0-9]{8}$' })),
    current_password: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type UserInfoUpdate = Static<typeof UserInfoUpdate>;

/** GET /user/api/user: the member as the library's loan system knows them. */
export const LibraryUserAnswer = Success({
  library_user: Type.Object({
    user_no: Type.String(),
    user_name: Type.String(),
    home_library: Type.String(),
    loan_count_month: Type.Integer({ minimum: 0 }),
    loan_limit: Type.Integer({ minimum: 0 }),
    valid_until: DateOnly,
    status: MemberStatus,
  }),
});
export type LibraryUserAnswer = Static<typeof LibraryUserAnswer>;

/** GET /user/api/card: the mobile membership card. */
export const UserCardAnswer = Success({
  user_card: Type.Object({
    card_no: Type.String(),
    barcode: Type.String({ description: 'Code 128로 그릴 값' }),
    user_name: Type.String(),
    home_library: Type.String(),
    valid_until: DateOnly,
    issued_on: DateOnly,
  }),
});
export type UserCardAnswer = Static<typeof UserCardAnswer>;

/** GET /user/kapiinfo: the member's KakaoTalk link for notifications (알림톡). */
export const KapiInfoAnswer = Success({
  kapi_info: Type.Object({
    kakao_linked_yn: YesNo,
    alimtalk_yn: YesNo,
    notice_yn: YesNo,
  }),
});
export type KapiInfoAnswer = Static<typeof KapiInfoAnswer>;
