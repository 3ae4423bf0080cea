/**
 * Notice detail (spec §2 /board/notice/detail/{notice_info_key}). A notice that does
 * not exist or is not displayed sends the member home (spec §4).
 */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notice, NoticeListAnswer } from '../../../shared/contract/board.ts';
import { HOME_PATH, hrefOf } from '../../../shared/routes.ts';
import { homepageFrom } from '../../api/homepage-source.ts';
import { formatDate } from '../../components/format.ts';
import { PendingData } from '../../components/pending-data.tsx';

interface Data {
  notice: Notice;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<Data> {
  const key = Number(params['notice_info_key']);
  const answer = await homepageFrom(context).get<NoticeListAnswer>('/board/notice', { display_yn: 'Y' });
  if (answer.result !== 'success') throw new Response('upstream', { status: 502 });
  const notice = answer.notice_list.find((n) => n.notice_info_key === key);
  if (!notice) throw redirect(HOME_PATH);
  return { notice };
}

const TYPE_LABEL: Record<Notice['notice_type'], string> = { '1': '일반', '2': '행사', '3': '시스템' };

export default function NoticeDetailPage() {
  const { notice } = useLoaderData<Data>();
  return (
    <div className="container section">
      <article className="article">
        <header className="article__head">
          <span className={`badge${notice.notice_type === '1' ? '' : ' badge--gray'}`}>{TYPE_LABEL[notice.notice_type]}</span>
          <h2 className="article__title">{notice.notice_subject}</h2>
          <p className="article__meta">
            등록일 <time dateTime={notice.reg_date}>{formatDate(notice.reg_date)}</time>
          </p>
        </header>
        <div className="article__body">
          <PendingData what="공지사항 본문" />
        </div>
      </article>
      <div className="article__nav">
        <Link className="btn btn--tertiary" to={hrefOf('noticeList')}>
          목록으로
        </Link>
      </div>
    </div>
  );
}
