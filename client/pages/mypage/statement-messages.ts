/** The point statement's own text (statement.tsx). */
import type { EntryType } from './point-query.ts';

export const statementText = {
  filters: '포인트 내역 조회 조건',
  month: '기간',
  allMonths: '전체',
  monthName: (ym: string) => `${ym.slice(0, 4)}년 ${Number(ym.slice(5, 7))}월`,
  activity: '활동',
  allActivities: '모든 활동',
  entry: '구분',
  allEntries: '모든 구분',
  show: '조회',
  print: '인쇄하기',
  statementOf: (name: string) => `${name}님의 포인트 내역`,
  period: '조회 기간',
  earned: '적립',
  spent: '사용',
  clawedBack: '회수·소멸',
  balanceNow: '현재 잔액',
  printedOn: (day: string) => `출력일 ${day}`,
  columns: { date: '날짜', what: '내용', kind: '구분', points: '포인트' },
  caption: (period: string) => `${period} 포인트 내역 (최근 순)`,
  totalsNote: '합계는 조회 조건에 맞는 모든 내역의 합입니다.',
} as const;

/** Kinds of point-ledger entry. */
export const entryTypeNames = {
  earn: '적립',
  spend: '사용',
  penalty: '회수',
  expire: '소멸',
} as const satisfies Record<EntryType, string>;
