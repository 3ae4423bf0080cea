/** Notice list (docs/product.md §2 /board/notice/homenotice): displayed notices, newest first. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { NoticeListAnswer } from '#shared/contract/board.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { NoticeRows } from '#client/components/notice-rows.tsx';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { noticeListText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

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
      <p className="lead">{t.lead}</p>
      <Deferred value={list} fallback={<Skeleton lines={10} label={messages.loading} />}>
        {(answer) => (
          <ListState of={answer} items={(x) => x.notice_list} none={messages.notice.none}>
            {(answer) => (
              <>
                <p className="list-count">
                  {t.total} <strong>{answer.total}</strong>
                  {t.count} · {answer.page}
                  {t.page}
                </p>
                <NoticeRows notices={answer.notice_list} />
                <Pagination page={answer.page} size={PAGE_SIZE} total={answer.total} label={t.pages} />
              </>
            )}
          </ListState>
        )}
      </Deferred>
    </div>
  );
}
