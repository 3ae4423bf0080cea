/** Notice list (spec §2 /board/notice/homenotice): displayed notices, newest first. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { NoticeListAnswer } from '#shared/contract/board.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { NoticeRows } from '#client/components/notice-rows.tsx';
import { Pagination, pageParam } from '#client/components/pagination.tsx';

const PAGE_SIZE = 10;

interface Data {
  list: Promise<NoticeListAnswer | ErrorAnswer>;
}

export function loader({ context, request }: LoaderFunctionArgs): Data {
  const page = pageParam(request.url);
  return { list: homepage(context).get('/board/notice', { query: { display_yn: 'Y', page, size: PAGE_SIZE } }) };
}

export default function NoticeListPage() {
  const { list } = useLoaderData<Data>();
  return (
    <div className="container section">
      <p className="lead">독서포인트 사업 운영과 행사, 시스템 점검 소식을 알려 드립니다.</p>
      <Deferred value={list} fallback={<Skeleton lines={10} label={messages.loading} />}>
        {(answer) =>
          answer.result !== 'success' ? (
            <p className="empty">{answer.msg}</p>
          ) : answer.notice_list.length === 0 ? (
            <p className="empty">{messages.notice.none}</p>
          ) : (
            <>
              <p className="list-count">
                전체 <strong>{answer.total}</strong>건 · {answer.page}쪽
              </p>
              <NoticeRows notices={answer.notice_list} />
              <Pagination page={answer.page} size={PAGE_SIZE} total={answer.total} label="공지사항 페이지" />
            </>
          )
        }
      </Deferred>
    </div>
  );
}
