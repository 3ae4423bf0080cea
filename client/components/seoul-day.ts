/** Calendar days in Asia/Seoul (the programme's time zone), as YYYY-MM-DD. */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Seoul. Loaders compute it, so the server's answer and hydration agree. */
export function seoulToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** The first day of that day's month: the earliest loan or purchase date the API accepts. */
export function monthStartOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The twelve months up to and including this one, newest first (YYYY-MM). */
export function lastMonths(day: string, count = 12): string[] {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const total = y * 12 + (m - 1) - i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}
