/**
 * Sign-in calls of the reference homepage API (docs/decisions/D3-sign-in-session-and-tokens.md). Server to server only:
 * the portal never lets a browser reach the API's /auth/* (the table's `portal` rows).
 */
import { Type, type Static } from 'typebox';
import { Success, YesNo } from './common.ts';

export const LoginBody = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 40 }),
    user_pass: Type.String({ minLength: 1, maxLength: 200 }),
    keep: Type.Optional(Type.Boolean({ description: '로그인 상태 유지: 새로고침 토큰 365일, 아니면 1일' })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** The spec's login response fields (§3) that describe the member. */
export const SessionFields = {
  userId: Type.String(),
  username: Type.String(),
  userNo: Type.String(),
  userAuth: Type.Array(Type.String()),
  userKey: Type.String(),
  agreeYn: YesNo,
  noticeYn: YesNo,
};

export const TokenFields = {
  access_token: Type.String({ description: '불투명 접근 토큰 (Authorization: Bearer)' }),
  access_expires_in: Type.Integer({ minimum: 1, description: '초' }),
  refresh_token: Type.String({ description: '불투명 새로고침 토큰, 한 번 쓰면 교체됨' }),
  refresh_expires_in: Type.Integer({ minimum: 1, description: '초' }),
};

export const LoginSuccess = Success({ expired: Type.Literal(false), ...SessionFields, ...TokenFields }, { title: 'LoginSuccess' });
export type LoginSuccess = Static<typeof LoginSuccess>;

/** 200 with an error result: expired (expired: true) or dormant member, password already checked. */
export const LoginRefusal = Type.Object(
  { result: Type.Literal('error'), expired: Type.Boolean(), msg: Type.String() },
  { title: 'LoginRefusal' },
);
export type LoginRefusal = Static<typeof LoginRefusal>;

export const LoginAnswer = Type.Union([LoginSuccess, LoginRefusal]);
export type LoginAnswer = Static<typeof LoginAnswer>;

export const RefreshBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;
export const RefreshAnswer = Success({ expired: Type.Literal(false), ...SessionFields, ...TokenFields }, { title: 'RefreshAnswer' });
export type RefreshAnswer = Static<typeof RefreshAnswer>;

export const LogoutBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const OkAnswer = Success({});
export type OkAnswer = Static<typeof OkAnswer>;

export const TokenLogoutAnswer = Success({
  logout_url: Type.String({ description: '로그아웃 뒤 이동할 주소(같은 출처의 경로 기본)' }),
});
export type TokenLogoutAnswer = Static<typeof TokenLogoutAnswer>;

export const JoincheckParams = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 40 }) });
export const JoincheckAnswer = Type.Union([
  Success({}),
  Type.Object({ result: Type.Literal('error'), msg: Type.String() }),
]);
export type JoincheckAnswer = Static<typeof JoincheckAnswer>;

export const SsoParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const SsoQuery = Type.Object(
  { userid: Type.String({ minLength: 1, maxLength: 40 }), key: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const SsoAnswer = Success(
  { code_value: Type.String({ description: '토큰이 속한 회원의 아이디' }), expired: Type.Literal(false), ...SessionFields, ...TokenFields },
  { title: 'SsoAnswer' },
);
export type SsoAnswer = Static<typeof SsoAnswer>;
