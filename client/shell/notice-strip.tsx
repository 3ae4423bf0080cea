import { useRouteLoaderData } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { Deferred } from '../components/deferred.tsx';
import type { RootData } from './root-loader.ts';
import { IconMegaphone } from './icons.tsx';

/**
 * docs/product.md §2: the subject of the first displayed general notice, linking to its detail;
 * the no-notice text when there is none, and a could-not-load text when the API could not say.
 */
export function NoticeStrip() {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return (
    <section className="notice-strip" aria-label={messages.shell.noticeStrip}>
      <div className="container notice-strip__inner">
        <span className="notice-strip__badge">
          <IconMegaphone width={16} height={16} />
          {messages.notice.stripLabel}
        </span>
        {data ? (
          <Deferred value={data.notice} fallback={<span className="notice-strip__empty" data-ellipsis>{messages.loading}</span>}>
            {(notice) =>
              notice && notice !== 'unavailable' ? (
                <a className="notice-strip__link" data-ellipsis href={`/board/notice/detail/${notice.key}`}>
                  {notice.subject}
                </a>
              ) : (
                <span className="notice-strip__empty" data-ellipsis>{notice ? messages.notice.unavailable : messages.notice.none}</span>
              )
            }
          </Deferred>
        ) : (
          <span className="notice-strip__empty" data-ellipsis>{messages.notice.none}</span>
        )}
      </div>
    </section>
  );
}
