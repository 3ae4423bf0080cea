/** A 1–5 rating as stars, read out as its label ("별점 5점 중 4점"). */
export function Stars({ value, label }: { value: number; label: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={label}>
      <span aria-hidden="true">{'★'.repeat(filled)}</span>
      <span className="stars__empty" aria-hidden="true">
        {'☆'.repeat(5 - filled)}
      </span>
    </span>
  );
}
