/** A member's activities as rows: what, points earned (0 with the reason shown by the badge), when. */
import type { ActivityItem } from '#shared/contract/activity.ts';
import { formatDate, formatNumber } from './format.ts';

export function ActivityRows({ items, showType = true }: { items: readonly ActivityItem[]; showType?: boolean }) {
  return (
    <ul className="list-rows">
      {items.map((a) => (
        <li key={a.activity_key} className="list-row">
          {showType && <span className={`badge${a.status === 'revoked' ? ' badge--point' : ''}`}>{a.activity_name}</span>}
          <span className="list-row__title">
            {a.book_title ?? a.detail}
            {a.status === 'revoked' && ' (회수됨)'}
          </span>
          <span className="list-row__meta">
            {a.points > 0 ? `+${formatNumber(a.points)}P` : '0P'} · {formatDate(a.reg_date)}
          </span>
        </li>
      ))}
    </ul>
  );
}
