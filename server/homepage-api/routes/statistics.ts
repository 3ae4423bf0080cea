/** Reading statistics of 나의 활동 and the yearly goal (decision 0112); the rules live in programme/statistics.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GoalAnswer, GoalBody, UserStatisticsAnswer } from '#shared/contract/index.ts';
import { memberOf } from '../auth/guard.ts';
import { errorAnswers } from '../errors.ts';
import { setGoal, userStatistics } from '../programme/statistics.ts';
import { memberRoute, writeContext } from './kit.ts';

export const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;

  app.get(
    '/activity/getuserstatistics',
    memberRoute({
      tags: ['activity'],
      summary: '나의 독서 통계: 최근 12개월 달마다 적립 포인트, 올해 활동 종류마다 횟수·포인트, 올해 읽은 책과 목표',
      response: { 200: UserStatisticsAnswer, ...errorAnswers(401, 403) },
    }),
    async (req) => ({ result: 'success' as const, statistics: await userStatistics(stores, settings, memberOf(req).memberId) }),
  );

  app.post(
    '/user/goal',
    memberRoute({
      tags: ['activity'],
      summary: '올해 읽을 책 목표 정하기(1~365권). 다시 보내면 바꿈',
      body: GoalBody,
      response: { 200: GoalAnswer, ...errorAnswers(400, 401, 403) },
    }),
    async (req) => ({ result: 'success' as const, ...(await setGoal(writeContext(req), req.body.goal_books)) }),
  );
};
