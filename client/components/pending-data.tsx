/** Says plainly that a part of a page has no data served yet (never filler text). */
import { messages } from '../../shared/messages.ts';

export function PendingData({ what }: { what: string }) {
  return (
    <div className="notice-box" role="note">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v5M12 16.5v.5" strokeLinecap="round" />
      </svg>
      <p>
        <strong>{what}</strong> — {messages.pending.body}
      </p>
    </div>
  );
}
