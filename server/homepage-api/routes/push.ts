/**
 * Web Push (decision 0110): the public push configuration and the member's push state
 * (docs/product.md §3: notification_permission, fcm_token). The rules live in programme/push.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PushBody, PushConfigAnswer, PushDeleteBody, PushDeleteQuery, PushStateAnswer, REMINDER_HOURS } from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { badRequest, errorAnswers, validationMessage } from '../errors.ts';
import { pushState, subscribe, unsubscribe } from '../programme/push.ts';
import { REMINDER_TIME_ZONE } from '../push/scheduler.ts';
import { memberRoute, writeContext } from './kit.ts';

export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;

  app.get(
    '/push/config',
    {
      schema: {
        tags: ['push'],
        summary: '알림(Web Push) 설정: 켜져 있는지, 구독에 쓸 VAPID 공개 키, 고를 수 있는 알림 시각',
        response: { 200: PushConfigAnswer },
      },
    },
    () => ({
      result: 'success' as const,
      push_config: {
        enabled_yn: settings.push.vapid ? ('Y' as const) : ('N' as const),
        vapid_public_key: settings.push.vapid?.publicKey ?? null,
        reminder_hours: { min: REMINDER_HOURS.min, max: REMINDER_HOURS.max, default: REMINDER_HOURS.default },
        time_zone: REMINDER_TIME_ZONE,
      },
    }),
  );

  app.get(
    '/user/push',
    memberRoute({
      tags: ['push'],
      summary: '나의 알림 상태: notification_permission, fcm_token(구독 endpoint), 알림 시각과 받을 알림',
      response: { 200: PushStateAnswer, ...errorAnswers(401, 403) },
    }),
    async (req) => ({ result: 'success' as const, push: await pushState(stores, settings, memberOf(req).memberId) }),
  );

  app.post(
    '/user/push',
    memberRoute({
      tags: ['push'],
      summary:
        '알림 켜기: 브라우저의 구독(PushSubscription.toJSON(), 명세의 fcm_token)과 알림 시각·받을 알림을 저장, notification_permission은 granted. ' +
        '다시 보내면 바꿈. 서버에 VAPID 키가 없으면 409(알림 기능을 사용할 수 없습니다)',
      body: PushBody,
      response: { 200: PushStateAnswer, ...errorAnswers(400, 401, 403, 409) },
    }, { fieldMessages: { endpoint: apiMessages.push.subscriptionInvalid } }),
    async (req) => {
      const ctx = writeContext(req);
      await subscribe(ctx, req.body);
      const push = await pushState(stores, settings, ctx.member.memberId);
      return { result: 'success' as const, push, msg: apiMessages.push.turnedOn(push.reminder_hour) };
    },
  );

  app.delete(
    '/user/push',
    memberRoute({
      tags: ['push'],
      summary: '알림 끄기: 구독을 지우고 notification_permission을 쿼리대로(default 또는 denied, 없으면 default)',
      querystring: PushDeleteQuery,
      response: { 200: PushStateAnswer, ...errorAnswers(400, 401, 403) },
    }),
    async (req) => {
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
  );
};
