/**
 * Web Push reminders (decision 0110): the member's push state of the spec
 * (§3 "Push state": notification_permission, fcm_token) and the reminders they chose.
 * fcm_token is the browser's Web Push subscription (PushSubscription.toJSON()), not a
 * vendor token: the API sends with VAPID keys through whichever push service the browser uses.
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Success, YesNo } from './common.ts';

/** Hours (Asia/Seoul) a member may choose for the daily challenge reminder, and the default. */
export const REMINDER_HOURS = { min: 7, max: 22, default: 20 } as const;

export const NotificationPermission = Type.Union(
  [Type.Literal('default'), Type.Literal('granted'), Type.Literal('denied')],
  { description: '브라우저 알림 권한(Notification.permission): default 묻기 전·끔, granted 허용(구독 저장됨), denied 거부' },
);
export type NotificationPermission = Static<typeof NotificationPermission>;

/** PushSubscription.toJSON() of the browser: the spec's fcm_token. */
export const PushSubscriptionJson = Type.Object(
  {
    endpoint: Type.String({
      maxLength: 2048,
      pattern: '^https://[A-Za-z0-9.-]+(:443)?/[\\x21\\x22\\x24-\\x5b\\x5d-\\x7e]*$',
      description:
        '푸시 서비스의 https 주소: 알려진 푸시 서비스(FCM, Mozilla, Apple, Windows)의 호스트 이름(IP 주소 아님), 포트는 443(또는 생략), ' +
        '사용자 정보(@)·백슬래시·공백·#·퍼센트 인코딩된 호스트 없이. WHATWG URL과 Node url.parse가 다르게 읽는 주소는 400. 정규화한 주소(URL.href)로 저장',
    }),
    expirationTime: Type.Optional(Nullable(Type.Number({ minimum: 0, description: '구독 만료 시각(ms), 없으면 null' }))),
    keys: Type.Object(
      {
        p256dh: Type.String({ pattern: '^[A-Za-z0-9_-]{87}={0,1}$', description: '브라우저의 P-256 공개 키(비압축 65바이트, base64url)' }),
        auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22}(==){0,1}$', description: '인증 비밀값(16바이트, base64url)' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'PushSubscription.toJSON() 그대로: 명세의 fcm_token' },
);
export type PushSubscriptionJson = Static<typeof PushSubscriptionJson>;

/** Which reminders the member wants. */
export const ReminderChoice = Type.Object(
  {
    challenge: YesNo,
    points_expiring: YesNo,
    club_meeting: YesNo,
  },
  {
    additionalProperties: false,
    description:
      'challenge: 21일 챌린지 출석 알림(진행 중이고 오늘 출석 전, 고른 시각에), points_expiring: 연말 포인트 소멸 예정(12월 20일 이후 10시, 한 해 한 번), ' +
      'club_meeting: 내일 독서동아리 모임(전날 18시)',
  },
);
export type ReminderChoice = Static<typeof ReminderChoice>;

function reminderHour(options: { default?: number } = {}) {
  return Type.Integer({
    minimum: REMINDER_HOURS.min,
    maximum: REMINDER_HOURS.max,
    description: `챌린지 출석 알림을 받을 시각(한국 표준시, ${REMINDER_HOURS.min}~${REMINDER_HOURS.max}시 정각)`,
    ...options,
  });
}

/** POST /user/push: store the subscription (notification_permission becomes granted) and the reminder choice. */
export const PushBody = Type.Object(
  {
    fcm_token: PushSubscriptionJson,
    reminder_hour: Type.Optional(reminderHour()),
    reminders: Type.Optional(ReminderChoice),
  },
  {
    additionalProperties: false,
    description: `다시 보내면 구독과 선택을 바꿈. reminder_hour 없으면 ${REMINDER_HOURS.default}시(또는 이미 고른 시각), reminders 없으면 모두 Y(또는 이미 고른 것)`,
  },
);
export type PushBody = Static<typeof PushBody>;

/** DELETE /user/push: forget the subscription; the permission the browser now has. */
const OffPermission = Type.Union([Type.Literal('default'), Type.Literal('denied')], {
  description: 'default: 회원이 알림을 끔, denied: 브라우저에서 알림을 거부함',
});

/** The body DELETE /user/push took before decision 0134: still accepted, no longer documented. */
export const PushDeleteBody = Type.Object({ notification_permission: OffPermission }, { additionalProperties: false });
export type PushDeleteBody = Static<typeof PushDeleteBody>;

/** DELETE /user/push has no body (decision 0134): the permission is a query parameter, `default` when left out. */
export const PushDeleteQuery = Type.Object({ notification_permission: Type.Optional(OffPermission) }, { additionalProperties: false });

export const PushState = Type.Object(
  {
    enabled_yn: YesNo,
    notification_permission: NotificationPermission,
    fcm_token: Nullable(
      Type.String({
        description: '저장된 구독의 endpoint(명세의 fcm_token). 없으면 null: 끈 경우, 또는 푸시 서비스가 구독 만료(404·410)를 알려 지운 경우',
      }),
    ),
    reminder_hour: reminderHour(),
    reminders: ReminderChoice,
    updated_at: Nullable(DateTime),
  },
  { title: 'PushState', description: 'enabled_yn: 이 서버가 알림을 보낼 수 있는지(VAPID 키 설정)' },
);
export type PushState = Static<typeof PushState>;

export const PushStateAnswer = Success(
  { push: PushState, msg: Type.Optional(Type.String({ description: '켜고 끈 뒤의 안내(POST, DELETE)' })) },
  { title: 'PushStateAnswer' },
);
export type PushStateAnswer = Static<typeof PushStateAnswer>;

/** GET /push/config (public): whether push is on, and the key the browser subscribes with. */
export const PushConfigAnswer = Success(
  {
    push_config: Type.Object({
      enabled_yn: YesNo,
      vapid_public_key: Nullable(
        Type.String({ description: 'PushManager.subscribe의 applicationServerKey(base64url). 알림이 꺼진 서버는 null' }),
      ),
      reminder_hours: Type.Object({
        min: Type.Integer(),
        max: Type.Integer(),
        default: Type.Integer(),
      }),
      time_zone: Type.Literal('Asia/Seoul'),
    }),
  },
  { title: 'PushConfigAnswer', description: 'enabled_yn이 N이면 포털은 알림 기능을 숨김' },
);
export type PushConfigAnswer = Static<typeof PushConfigAnswer>;
