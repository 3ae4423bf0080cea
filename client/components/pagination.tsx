/** Page links for paginated lists: ?page=n on the current URL, keeping the other parameters. */
import { Link, useLocation } from 'react-router-dom';
import { paginationText as t } from './pagination-messages.ts';

export function Pagination({ page, size, total, label }: { page: number; size: number; total: number; label: string }) {
  const { pathname, search } = useLocation();
  const pages = size > 0 ? Math.ceil(total / size) : 0;
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(n));
    return `${pathname}?${params.toString()}`;
  };
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <Link className="pagination__link" to={href(page - 1)}>
              {t.prev}
              <span className="sr-only"> {t.page}</span>
            </Link>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            <Link className="pagination__link" to={href(n)} aria-current={n === page ? 'page' : undefined}>
              <span className="sr-only">{n === page ? t.currentPage : t.page} </span>
              {n}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link className="pagination__link" to={href(page + 1)}>
              {t.next}
              <span className="sr-only"> {t.page}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A positive page number from the query, or 1. */
export function pageParam(url: string): number {
  const n = Number(new URL(url).searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
