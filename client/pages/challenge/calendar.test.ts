import { describe, expect, it } from 'vitest';
import { addMonths, buildCalendar, monthRange, monthToShow, type Attendance, type CalendarDay } from './calendar.ts';
import { challengeText } from './messages.ts';

const run = (key: number, status: 'active' | 'completed' | 'ended', started: string, last: string, streak: number, ended: string | null = null) => ({
  challenge_key: key, status, started_day: started, last_checkin_day: last, ended_day: ended, streak, days_total: 21,
});

/** reader01 of the seed on 2026-11-22: a run started on the 17th, checked in through the 21st. */
const attendance: Attendance = {
  today: '2026-11-22',
  checked_in_today: 'N',
  challenge: {
    ...run(3, 'active', '2026-11-17', '2026-11-21', 5),
    checkins: ['17', '18', '19', '20', '21'].map((d, i) => ({ day: `2026-11-${d}`, day_no: i + 1, points: 10 + i })),
  },
  history: [
    run(3, 'active', '2026-11-17', '2026-11-21', 5),
    run(2, 'ended', '2026-10-28', '2026-11-02', 6, '2026-11-03'),
    run(1, 'completed', '2026-08-01', '2026-08-21', 21, '2026-08-21'),
  ],
};

const days = (cal: ReturnType<typeof buildCalendar>) => cal.weeks.flat().filter((d): d is CalendarDay => d !== null);
const day = (cal: ReturnType<typeof buildCalendar>, date: number) => days(cal).find((d) => d.date === date);

describe('the challenge calendar', () => {
  const nov = buildCalendar(attendance, '2026-11');

  it('lays out the month in weeks from Sunday (2026-11-01 is a Sunday)', () => {
    expect(nov.weeks.every((w) => w.length === 7)).toBe(true);
    expect(nov.weeks[0]?.[0]?.day).toBe('2026-11-01');
    expect(days(nov)).toHaveLength(30);
    const dec = buildCalendar(attendance, '2026-12');
    expect(dec.weeks[0]?.slice(0, 2)).toEqual([null, null]); // 2026-12-01 is a Tuesday
  });

  it('marks today, the run’s check-ins with their points, and its start', () => {
    expect(days(nov).filter((d) => d.today).map((d) => d.date)).toEqual([22]);
    expect(day(nov, 21)).toMatchObject({ checked: true, points: 14 });
    expect(day(nov, 17)).toMatchObject({ checked: true, start: true, points: 10 });
    expect(day(nov, 22)).toMatchObject({ checked: false, today: true });
  });

  it('marks an earlier run’s consecutive check-ins and the day it ended', () => {
    expect(days(nov).filter((d) => d.checked).map((d) => d.date)).toEqual([1, 2, 17, 18, 19, 20, 21]);
    expect(day(nov, 3)).toMatchObject({ missed: true, checked: false });
    const oct = buildCalendar(attendance, '2026-10');
    expect(days(oct).filter((d) => d.checked).map((d) => d.date)).toEqual([28, 29, 30, 31]);
    const aug = buildCalendar(attendance, '2026-08');
    expect(days(aug).filter((d) => d.checked)).toHaveLength(21);
    expect(days(aug).some((d) => d.missed)).toBe(false);
  });

  it('marks the day the run under way completes', () => {
    const dec = buildCalendar(attendance, '2026-12');
    expect(days(dec).filter((d) => d.goal).map((d) => d.day)).toEqual(['2026-12-07']);
  });

  it('moves between the months with runs, from the first run to the goal', () => {
    expect(monthRange(attendance)).toEqual({ first: '2026-08', last: '2026-12' });
    expect(nov.prev).toBe('2026-10');
    expect(nov.next).toBe('2026-12');
    expect(buildCalendar(attendance, '2026-12').next).toBeUndefined();
    expect(buildCalendar(attendance, '2026-08').prev).toBeUndefined();
    expect(monthToShow(attendance, '2026-09')).toBe('2026-09');
    for (const asked of [null, '2026-07', '2027-01', '2026-13', 'x', '2026-1']) expect(monthToShow(attendance, asked)).toBe('2026-11');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('names each day for screen readers', () => {
    const name = (d: number) => challengeText.dayName(day(nov, d) as CalendarDay, 11);
    expect(name(21)).toBe('11월 21일 토요일, 출석함, 14포인트');
    expect(name(22)).toBe('11월 22일 일요일, 오늘');
    expect(name(3)).toBe('11월 3일 화요일, 출석하지 않아 챌린지 중단');
    expect(name(1)).toBe('11월 1일 일요일, 출석함');
  });

  it('without any run: this month only', () => {
    const none: Attendance = { today: '2026-02-10', checked_in_today: 'N', challenge: null, history: [] };
    const feb = buildCalendar(none, monthToShow(none, '2026-01'));
    expect(feb.month).toBe('2026-02');
    expect(days(feb)).toHaveLength(28);
    expect(feb.prev).toBeUndefined();
    expect(feb.next).toBeUndefined();
  });
});
