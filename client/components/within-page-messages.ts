/** What a change within a page says (within-page.ts, decision 0143); loaded with the parts that say it. */
import { pickerText, writeText } from '#shared/messages-programme.ts';
import { formatNumber as n } from '#shared/format-number.ts';

export const withinText = {
  /** A tab or a filter: "포인트 내역, 45건 중 20건" / "도서 구매 내역, 3건" / "제재 내역, 내역이 없습니다." */
  list(label: string, total: number, shown: number): string {
    if (total === 0) return `${label}, 내역이 없습니다.`;
    return shown < total ? `${label}, ${n(total)}건 중 ${n(shown)}건` : `${label}, ${n(total)}건`;
  },
  /** The book picker's search: "‘소년이 온다’ 검색 결과 3권" (none: the picker's own sentence). */
  found: (q: string, count: number) => `${pickerText.results(q)} ${n(count)}권`,
  /** A book chosen: "선택한 책: 소년이 온다, 한강" */
  chosen: (title: string, author: string) => `${writeText.chosenBook}: ${title}, ${author}`,
} as const;
