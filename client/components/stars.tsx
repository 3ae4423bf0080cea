/** A 1–5 rating as stars, read out as its label ("별점 5점 중 4점"). */
export function Stars({ value, label, number = true }: { value: number; label: string; number?: boolean }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={label}>
      {/* data-graphic: glyphs drawn as a graphic beside the number (non-text contrast, 3:1; decision 0132). */}
      <span aria-hidden="true" data-graphic="">
        {'★'.repeat(filled)}
      </span>
      <span className="stars__empty" aria-hidden="true" data-graphic="">
        {'☆'.repeat(5 - filled)}
      </span>
      {/* The number too (decision 0131): the stars alone were the only sign of the rating; off where it is written beside. */}
      {number && (
        <span className="stars__value" aria-hidden="true">
          {value}
        </span>
      )}
    </span>
  );
}
