/** Notice list (spec §2 /board/notice/homenotice): displayed notices, newest first. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notice, NoticeListAnswer } from '#shared/contract/board.ts';
import { messages } from '#shared/messages.ts';
import { homepageFrom } from '#client/api/homepage-source.ts';
import { NoticeRows } from '#client/components/notice-rows.tsx';
import { Pagination, pageParam } from '#client/components/pagination.tsx';

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
          <NoticeRows notices={notices} />
          <Pagination page={page} size={PAGE_SIZE} total={total} label="공지사항 페이지" />
        </>
      )}
    </div>
  );
}
