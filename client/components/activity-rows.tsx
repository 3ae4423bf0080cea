/**
 * A member's activities as rows: what (the book's title links to its page), points earned
 * (0 with the reason shown by the badge), when the member did it.
 */
import { Link } from 'react-router-dom';
import type { ActivityItem } from '#shared/contract/activity.ts';
import { activityRowText } from './activity-rows-messages.ts';
import { formatDay } from './format.ts';
import { formatNumber } from '#shared/format-number.ts';

export function ActivityRows({ items, showType = true }: { items: readonly ActivityItem[]; showType?: boolean }) {
  return (
    <ul className="list-rows">
      {items.map((a) => (
        <li key={a.activity_key} className="list-row">
          {showType && <span className={`badge${a.status === 'revoked' ? ' badge--point' : ''}`}>{a.activity_name}</span>}
          <span className="list-row__title">
            {a.isbn && a.book_title ? <Link to={`/book/${a.isbn}`}>{a.book_title}</Link> : (a.book_title ?? a.detail)}
            {a.status === 'revoked' && ` (${activityRowText.revoked})`}
          </span>
          <span className="list-row__meta">
            {a.points > 0 ? `+${formatNumber(a.points)}P` : '0P'} · {formatDay(a.activity_date)}
          </span>
        </li>
      ))}
    </ul>
  );
}
