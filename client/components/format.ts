/**
 * Dates and phone numbers as members read them (numbers: shared/format-number.ts) (docs/decisions/D4-behaviour-details.md): `2026. 11. 21.` in the
 * Asia/Seoul time zone on server and browser alike, so hydration matches.
 */
const dateFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The spaces inside a date are no-break spaces: a date is read as one thing and never breaks
 * across lines ("2026. 11." / "29." on a narrow phone; decision 0144). They look and read the
 * same as spaces.
 */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d).replace(/ /g, '\u00a0');
}

/** A date-only value (YYYY-MM-DD, a Seoul day) as `2026. 11. 21.` (no-break spaces). */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00+09:00`);
}

/** 01012345678 → 010-1234-5678; 0432205600 → 043-220-5600. */
export function formatPhone(raw: string): string {
  const d = raw.replace(/\D/g, '');
  if (/^02\d{7,8}$/.test(d)) return d.replace(/^(02)(\d{3,4})(\d{4})$/, '$1-$2-$3');
  if (/^\d{10,11}$/.test(d)) return d.replace(/^(\d{3})(\d{3,4})(\d{4})$/, '$1-$2-$3');
  return raw;
}
