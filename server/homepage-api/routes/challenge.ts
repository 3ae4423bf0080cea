/**
 * The 21-day challenge (domain.md "Challenge"), docs/product.md §7 GET /activity/getuserattendancecheck;
 * the rules live in programme/challenge.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttendanceAnswer, CheckinAnswer } from '#shared/contract/index.ts';
import { memberOf } from '../auth/guard.ts';
import { errorAnswers } from '../errors.ts';
import { attendance, checkInToday, startChallenge } from '../programme/challenge.ts';
import { memberRoute, writeContext } from './kit.ts';

export const challengeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;
  const writeErrors = errorAnswers(400, 401, 403, 409);

  app.get(
    '/activity/getuserattendancecheck',
    memberRoute({
      tags: ['challenge'],
      summary: `${settings.rules.challengeDays}일 챌린지 출석 현황: 진행 중인 챌린지, 출석한 날, 지난 기록`,
      response: { 200: AttendanceAnswer, ...errorAnswers(401, 403) },
    }),
    async (req) => await attendance(stores, settings, memberOf(req).memberId),
  );

  app.post(
    '/challenge/start',
    memberRoute({
      tags: ['challenge'],
      summary: `${settings.rules.challengeDays}일 챌린지 시작 (오늘 1일째 출석 포함)`,
      response: { 200: CheckinAnswer, ...writeErrors },
    }),
    async (req) => await startChallenge(writeContext(req)),
  );

  app.post(
    '/challenge/checkin',
    memberRoute({
      tags: ['challenge'],
      summary: `오늘의 출석 (하루 1회, ${settings.rules.checkinMin}~${settings.rules.checkinMax}포인트; ${settings.rules.challengeDays}일째 완주 ${settings.rules.activities.challenge.points.toLocaleString('ko-KR')}포인트)`,
      response: { 200: CheckinAnswer, ...writeErrors },
    }),
    async (req) => await checkInToday(writeContext(req)),
  );
};
