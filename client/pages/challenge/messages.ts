/** The 21-day challenge page's text. */
import type { CalendarDay } from './calendar.ts';

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

export const challengeText = {
  todayTitle: '오늘의 출석',
  streakLead: (total: number) => `연속 출석 중입니다. ${total}일을 채우면 완주 포인트가 적립됩니다.`,
  streak: (streak: number) => `${streak}일째`,
  noRun: '진행 중인 챌린지가 없습니다. 오늘 시작하면 오늘이 1일째가 됩니다.',
  start: '21일 챌린지 시작하기',
  checkin: '오늘 출석하기',
  checkedToday: '오늘 출석을 마쳤습니다',
  done: {
    start: '21일 챌린지를 시작했습니다. 오늘이 1일째입니다.',
    checkin: '오늘 출석을 마쳤습니다. 적립된 포인트는 출석판에서 확인할 수 있습니다.',
  },
  boardTitle: '출석판',
  monthTitle: (year: number, month: number) => `${year}년 ${month}월`,
  caption: (year: number, month: number) => `${year}년 ${month}월 출석 달력`,
  monthNav: '달 이동',
  prevMonth: '이전 달',
  nextMonth: '다음 달',
  weekdayShort: WEEKDAYS,
  weekdayLong: (weekday: number) => `${WEEKDAYS[weekday] ?? ''}요일`,
  /** "11월 21일 토요일, 오늘, 출석함, 23포인트" */
  dayName(d: CalendarDay, monthNo: number): string {
    const parts = [`${monthNo}월 ${d.date}일 ${WEEKDAYS[d.weekday] ?? ''}요일`];
    if (d.today) parts.push('오늘');
    if (d.start) parts.push('챌린지 시작일');
    if (d.checked) parts.push(d.points !== undefined ? `출석함, ${d.points}포인트` : '출석함');
    if (d.missed) parts.push('출석하지 않아 챌린지 중단');
    if (d.goal) parts.push('완주 목표일');
    return parts.join(', ');
  },
  legend: {
    label: '표시 안내',
    checked: '출석',
    missed: '결석(챌린지 중단)',
    today: '오늘',
    goal: '완주 목표일',
  },
  summary: {
    current: '현재 연속 출석',
    days: (n: number) => `${n}일`,
    started: '시작한 날',
    goal: '완주 목표일',
  },
  startedOn: (day: string) => `${day}에 시작했습니다.`,
  historyTitle: '챌린지 기록',
  historyEmpty: '아직 기록이 없습니다.',
  status: { active: '진행 중', completed: '완주', ended: '중단' },
  historyStreak: (streak: number, total: number) => `${streak} / ${total}일`,
  showMonth: (year: number, month: number) => `${year}년 ${month}월 달력 보기`,
} as const;
