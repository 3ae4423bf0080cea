/**
 * 독서 통계's text (decisions 0063, 0112): chart titles, their text alternatives, the data tables
 * and the goal form. Its own module beside the page's messages.ts: only the statistics
 * chunk (statistics.tsx, loaded after the page) needs it. The sentences are built so every
 * particle follows a fixed word (…월로, …권을, …회예요): no particle helper is needed.
 */
import { GOAL_BOOKS } from '#shared/contract/goal-books.ts';
import { formatNumber as n } from '#shared/format-number.ts';

/** "2026-03" → "2026년 3월" */
export function monthName(month: string): string {
  return `${month.slice(0, 4)}년 ${Number(month.slice(5, 7))}월`;
}

export const statsText = {
  yearLabel: (year: string) => `${year}년`,
  asOf: (day: string) => `${day.slice(0, 4)}년 ${Number(day.slice(5, 7))}월 ${Number(day.slice(8, 10))}일 기준이에요.`,
  empty: '아직 기록이 없어요. 독서일지를 쓰거나 책을 빌리면 여기에 달마다 쌓여요.',
  emptyLink: '독서일지 쓰러 가기',
  showTable: '표로 보기',
  points: (p: number) => `${n(p)}P`,
  times: (c: number) => `${n(c)}회`,
  books: (b: number) => `${n(b)}권`,

  months: {
    title: '월별 적립 포인트',
    period: '최근 12개월',
    monthUnit: '월',
    caption: (from: string, to: string) => `${monthName(from)}부터 ${monthName(to)}까지 달마다 적립한 포인트와 활동 수`,
    head: { month: '달', count: '활동 수', earned: '적립 포인트' },
    total: '합계',
    summary: (s: { from: string; to: string; total: number; best: string; bestEarned: number; current: number }) =>
      `${monthName(s.from)}부터 ${monthName(s.to)}까지 ${n(s.total)}포인트를 적립했어요. ` +
      `가장 많이 적립한 달은 ${monthName(s.best)}로 ${n(s.bestEarned)}포인트예요. 이번 달은 ${n(s.current)}포인트예요.`,
    empty: '최근 12개월 동안 적립한 포인트가 아직 없어요.',
  },

  types: {
    title: '활동별 횟수',
    period: (year: string) => `${year}년`,
    caption: (year: string) => `${year}년 활동 종류마다 한 횟수와 적립 포인트`,
    head: { type: '활동', count: '횟수', points: '적립 포인트' },
    total: '합계',
    summary: (s: { year: string; total: number; points: number; top: string; topCount: number; kinds: number }) =>
      `${s.year}년에 활동 ${n(s.total)}회로 ${n(s.points)}포인트를 적립했어요. ` +
      `${n(s.kinds)}가지 활동 가운데 가장 많이 한 활동은 ${s.top}, ${n(s.topCount)}회예요.`,
    empty: (year: string) => `${year}년에는 아직 활동 기록이 없어요.`,
  },

  goal: {
    title: '올해 읽은 책',
    period: (year: string) => `${year}년 목표`,
    caption: (year: string) => `${year}년 읽은 책과 목표`,
    head: { item: '항목', value: '권수' },
    rows: { read: '읽은 책', goal: '목표', pace: '오늘까지의 목표 진도' },
    noGoalValue: '정하지 않음',
    read: (b: number) => `${n(b)}권 읽음`,
    target: (g: number) => `목표 ${n(g)}권`,
    percent: (p: number) => `${n(p)}%`,
    reached: '목표 달성',
    paceMark: (p: number) => `오늘 진도 ${n(p)}권`,
    summary: (s: { goal: number; read: number; percent: number; pace: number }) =>
      `올해 목표 ${n(s.goal)}권 중 ${n(s.read)}권을 읽었어요(${n(s.percent)}%). ` +
      (s.read >= s.goal
        ? '목표를 이루었어요.'
        : s.read >= s.pace
          ? `오늘까지의 목표 진도 ${n(s.pace)}권보다 앞서 있어요.`
          : `오늘까지의 목표 진도는 ${n(s.pace)}권이에요.`),
    noGoal: (read: number) =>
      `${read > 0 ? `올해 ${n(read)}권을 읽었어요.` : '올해 읽은 책이 아직 없어요.'} 목표 권수를 정하면 진도를 함께 보여 드려요.`,
    counts: '독서일지, 서평, 도서 대출 인증을 남긴 책을 한 권씩 세어요.',
  },

  form: {
    title: '올해 목표 정하기',
    label: '목표 권수',
    unit: '권',
    hint: `${GOAL_BOOKS.min}권부터 ${GOAL_BOOKS.max}권까지 정할 수 있어요.`,
    submit: '목표 저장',
    change: '목표 바꾸기',
    range: `목표 권수는 ${GOAL_BOOKS.min}부터 ${GOAL_BOOKS.max}까지의 숫자로 입력해 주세요.`,
    saved: (b: number) => `올해 목표를 ${n(b)}권으로 정했어요.`,
  },
} as const;
