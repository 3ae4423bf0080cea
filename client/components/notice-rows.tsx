/** Notices as rows: type badge, subject linking to the detail, date. */
import { Link } from 'react-router-dom';
import type { Notice } from '#shared/contract/board.ts';
import { messages } from '#shared/messages.ts';
import { formatDate } from './format.ts';

export function NoticeRows({ notices }: { notices: readonly Pick<Notice, 'notice_info_key' | 'notice_subject' | 'notice_type' | 'reg_date'>[] }) {
  return (
    <ul className="list-rows">
      {notices.map((n) => (
        <li key={n.notice_info_key}>
          <Link className="list-row" to={`/board/notice/detail/${n.notice_info_key}`}>
            <span className={`badge${n.notice_type === '1' ? '' : ' badge--gray'}`}>{messages.notice.types[n.notice_type]}</span>
            <span className="list-row__title">{n.notice_subject}</span>
            <time className="list-row__meta" dateTime={n.reg_date}>
              {formatDate(n.reg_date)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
