/** Reading statistics of 나의 활동, the yearly goal (decision 0112) and the reading streak (0151); the rules live in programme/statistics.ts. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { memberOf } from '../auth/guard.ts';
import { readingStreak, setGoal, userStatistics } from '../programme/statistics.ts';
import { writeContext } from './kit.ts';

export function statisticsHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getActivityGetuserstatistics: {
      summary: '나의 독서 통계: 최근 12개월 달마다 적립 포인트, 올해 활동 종류마다 횟수·포인트, 올해 읽은 책과 목표',
      handle: async (req) => ({ result: 'success' as const, statistics: await userStatistics(stores, settings, memberOf(req).memberId) }),
    },
    getActivityGetuserreadingstreak: {
      summary: '나의 독서일지 연속 기록: 오늘 또는 어제까지 이어진 날수, 가장 길었던 날수, 마지막으로 쓴 날(한국 표준시 날짜)',
      handle: async (req) => ({ result: 'success' as const, streak: await readingStreak(stores, settings, memberOf(req).memberId) }),
    },
    postUserGoal: {
      summary: '올해 읽을 책 목표 정하기(1~365권). 다시 보내면 바꿈',
      handle: async (req) => ({ result: 'success' as const, ...(await setGoal(writeContext(req), req.body.goal_books)) }),
    },
  } satisfies Partial<Handlers>;
}
