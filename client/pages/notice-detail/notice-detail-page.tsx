/**
 * Notice detail (docs/product.md §2 /board/notice/detail/{notice_info_key}). A notice that does
 * not exist or is not displayed sends the member home (docs/product.md §4).
 */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { NoticeDetail } from '#shared/contract/board.ts';
import { messages } from '#shared/messages.ts';
import { HOME_PATH, hrefOf } from '#shared/routes.ts';
import type { PageMeta } from '#shared/ssr.ts';
import { homepage } from '#client/api/homepage.ts';
import { useDocumentTitle } from '#client/components/document-title.ts';
import { formatDate } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { noticeText as t } from './messages.ts';

interface Data {
  notice: NoticeDetail;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<Data> {
  // The page table checks the parameter's pattern before this runs.
  const key = Number(params['notice_info_key']);
  const answer = await homepage(context).get('/board/notice/:notice_info_key', { params: { notice_info_key: key } });
  if (answer.result !== 'success' || answer.notice.display_yn !== 'Y') throw redirect(HOME_PATH);
  return { notice: answer.notice };
}

/** Each notice names the document by its subject (decisions 0041, 0143). */
export function meta({ notice }: Data): PageMeta {
  return { title: notice.notice_subject };
}

export default function NoticeDetailPage() {
  const data = useLoaderData<Data>();
  const { notice } = data;
  useDocumentTitle(meta(data).title);
  return (
    <div className="container section">
      <article className="article">
        <header className="article__head">
          <span className={`badge${notice.notice_type === '1' ? '' : ' badge--gray'}`}>{messages.notice.types[notice.notice_type]}</span>
          <h2 className="article__title">{notice.notice_subject}</h2>
          <p className="article__meta">
            {t.registered} <time dateTime={notice.reg_date}>{formatDate(notice.reg_date)}</time> · {t.views} {formatNumber(notice.view_count)}
          </p>
        </header>
        <div className="article__body">{notice.notice_content}</div>
      </article>
      <div className="article__nav">
        <Link className="btn btn--tertiary" to={hrefOf('noticeList')}>
          {t.toList}
        </Link>
      </div>
    </div>
  );
}
