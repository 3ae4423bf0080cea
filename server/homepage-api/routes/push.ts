/**
 * Web Push (decision 0110): the public push configuration and the member's push state
 * (docs/product.md §3: notification_permission, fcm_token). The rules live in programme/push.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { PushDeleteBody, REMINDER_HOURS } from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { badRequest, validationMessage } from '../errors.ts';
import { pushState, subscribe, unsubscribe } from '../programme/push.ts';
import { REMINDER_TIME_ZONE } from '../push/scheduler.ts';
import { writeContext } from './kit.ts';

export function pushHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getPushConfig: {
      summary: '알림(Web Push) 설정: 켜져 있는지, 구독에 쓸 VAPID 공개 키, 고를 수 있는 알림 시각',
      handle: () => ({
        result: 'success' as const,
        push_config: {
          enabled_yn: settings.push.vapid ? ('Y' as const) : ('N' as const),
          vapid_public_key: settings.push.vapid?.publicKey ?? null,
          reminder_hours: { min: REMINDER_HOURS.min, max: REMINDER_HOURS.max, default: REMINDER_HOURS.default },
          time_zone: REMINDER_TIME_ZONE,
        },
      }),
    },
    getUserPush: {
      summary: '나의 알림 상태: notification_permission, fcm_token(구독 endpoint), 알림 시각과 받을 알림',
      handle: async (req) => ({ result: 'success' as const, push: await pushState(stores, settings, memberOf(req).memberId) }),
    },
    postUserPush: {
      summary: '알림 켜기: 브라우저의 구독(PushSubscription.toJSON(), 명세의 fcm_token)과 알림 시각·받을 알림을 저장, notification_permission은 granted. ' +
        '다시 보내면 바꿈. 서버에 VAPID 키가 없으면 409(알림 기능을 사용할 수 없습니다)',
      fieldMessages: { endpoint: apiMessages.push.subscriptionInvalid },
      handle: async (req) => {
        const ctx = writeContext(req);
        await subscribe(ctx, req.body);
        const push = await pushState(stores, settings, ctx.member.memberId);
        return { result: 'success' as const, push, msg: apiMessages.push.turnedOn(push.reminder_hour) };
      },
    },
    deleteUserPush: {
      summary: '알림 끄기: 구독을 지우고 notification_permission을 쿼리대로(default 또는 denied, 없으면 default)',
      handle: async (req) => {
        const ctx = writeContext(req);
        // The body older callers send ({ notification_permission }) is still read (decision 0134).
        let legacy: PushDeleteBody | undefined;
        if (req.body !== undefined && req.body !== null) {
          const valid = req.compileValidationSchema(PushDeleteBody);
          if (!valid(req.body)) throw badRequest(validationMessage(valid.errors));
          legacy = req.body as PushDeleteBody;
        }
        await unsubscribe(ctx, req.query.notification_permission ?? legacy?.notification_permission ?? 'default');
        return { result: 'success' as const, push: await pushState(stores, settings, ctx.member.memberId), msg: apiMessages.push.turnedOff };
      },
    },
  } satisfies Partial<Handlers>;
}
