/**
 * Numbers as members read them: `1,234` in the Korean grouping (docs/decisions/D4-behaviour-details.md).
 * One formatter for the API's messages, the shared and page messages modules and the pages, so a
 * count reads the same wherever it is shown and server and browser render it alike (hydration).
 */
const numberFormat = new Intl.NumberFormat('ko-KR');

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}
