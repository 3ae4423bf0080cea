/**
 * The 21-day challenge (domain.md "Challenge"), docs/product.md §7 GET /activity/getuserattendancecheck;
 * the rules live in programme/challenge.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { memberOf } from '../auth/guard.ts';
import { attendance, checkInToday, startChallenge } from '../programme/challenge.ts';
import { writeContext } from './kit.ts';
import { formatNumber } from '#shared/format-number.ts';

export function challengeHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getActivityGetuserattendancecheck: {
      summary: `${settings.rules.challengeDays}일 챌린지 출석 현황: 진행 중인 챌린지, 출석한 날, 지난 기록`,
      handle: async (req) => await attendance(stores, settings, memberOf(req).memberId),
    },
    postChallengeStart: {
      summary: `${settings.rules.challengeDays}일 챌린지 시작 (오늘 1일째 출석 포함)`,
      handle: async (req) => await startChallenge(writeContext(req)),
    },
    postChallengeCheckin: {
      summary: `오늘의 출석 (하루 1회, ${settings.rules.checkinMin}~${settings.rules.checkinMax}포인트; ${settings.rules.challengeDays}일째 완주 ${formatNumber(settings.rules.activities.challenge.points)}포인트)`,
      handle: async (req) => await checkInToday(writeContext(req)),
    },
  } satisfies Partial<Handlers>;
}
