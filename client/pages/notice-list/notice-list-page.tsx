/** Notice list (spec §2 /board/notice/homenotice): displayed notices, newest first. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notice, NoticeListAnswer } from '../../../shared/contract/board.ts';
import { messages } from '../../../shared/messages.ts';
import { homepageFrom } from '../../api/homepage-source.ts';
import { formatDate } from '../../components/format.ts';
import { Pagination, pageParam } from '../../components/pagination.tsx';

export const NOTICE_TYPE_LABEL: Record<Notice['notice_type'], string> = { '1': '일반', '2': '행사', '3': '시스템' };

const PAGE_SIZE = 10;

interface Data {
  notices: Notice[] | null;
  page: number;
  total: number;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const page = pageParam(request.url);
  const answer = await homepageFrom(context).get<NoticeListAnswer>('/board/notice', { display_yn: 'Y', page, size: PAGE_SIZE });
  return answer.result === 'success'
    ? { notices: answer.notice_list, page: answer.page, total: answer.total }
    : { notices: null, page, total: 0 };
}

export default function NoticeListPage() {
  const { notices, page, total } = useLoaderData<Data>();
  return (
    <div className="container section">
      <p className="lead">독서포인트 사업 운영과 행사, 시스템 점검 소식을 알려 드립니다.</p>
      {notices === null ? (
        <p className="empty">{messages.error.temporary}</p>
      ) : notices.length === 0 ? (
        <p className="empty">{messages.notice.none}</p>
      ) : (
        <>
          <p className="list-count">
            전체 <strong>{total}</strong>건 · {page}쪽
          </p>
          <ul className="list-rows">
            {notices.map((n) => (
              <li key={n.notice_info_key}>
                <Link className="list-row" to={`/board/notice/detail/${n.notice_info_key}`}>
                  <span className={`badge${n.notice_type === '1' ? '' : ' badge--gray'}`}>{NOTICE_TYPE_LABEL[n.notice_type]}</span>
                  <span className="list-row__title">{n.notice_subject}</span>
                  <time className="list-row__meta" dateTime={n.reg_date}>
                    {formatDate(n.reg_date)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={page} size={PAGE_SIZE} total={total} label="공지사항 페이지" />
        </>
      )}
    </div>
  );
}
