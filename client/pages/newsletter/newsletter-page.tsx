/**
 * Newsletter (docs/product.md §2 /board/newsletter/newsletter): the issues, newest first; choosing
 * one (?issue=) opens it on the same page.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { NewsletterAnswer, NewsletterListAnswer } from '#shared/contract/board.ts';
import { homepage } from '#client/api/homepage.ts';
import { formatDay } from '#client/components/format.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { newsletterText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const PAGE_SIZE = 9;

interface Data {
  list: NewsletterListAnswer['newsletter_list'] | null;
  page: number;
  total: number;
  issue: NewsletterAnswer['newsletter'] | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const page = pageParam(request.url);
  const issueKey = Number(new URL(request.url).searchParams.get('issue'));
  const [list, issue] = await Promise.all([
    api.get('/board/newsletter', { query: { page, size: PAGE_SIZE } }),
    Number.isInteger(issueKey) && issueKey > 0 ? api.get('/board/newsletter/:newsletter_key', { params: { newsletter_key: issueKey } }) : null,
  ]);
  return {
    list: list.result === 'success' ? list.newsletter_list : null,
    page,
    total: list.result === 'success' ? list.total : 0,
    issue: issue?.result === 'success' ? issue.newsletter : null,
  };
}

export default function NewsletterPage() {
  const { list, page, total, issue } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <p className="lead">{t.lead}</p>
      {issue && (
        <article className="article" aria-labelledby="issue-title">
          <header className="article__head">
            <span className="badge">{t.issueNo(issue.issue_no)}</span>
            <h2 id="issue-title" className="article__title">
              {issue.title}
            </h2>
            <p className="article__meta">
              {t.publishedOn} <time dateTime={issue.published_on}>{formatDay(issue.published_on)}</time>
            </p>
          </header>
          <div className="article__body">{issue.content}</div>
        </article>
      )}
      <section aria-labelledby="issues-title">
        <h2 id="issues-title" className="section__title">
          {t.issues}
        </h2>
        <ListState of={list} items={(l) => l} none={t.none}>
          {(list) => (
            <>
              <ul className="newsletter-list">
                {list.map((n) => (
                  <li key={n.newsletter_key}>
                    <Link className="newsletter-card" to={`?issue=${n.newsletter_key}${page > 1 ? `&page=${page}` : ''}`}>
                      <span className="newsletter-card__no">
                        {t.issueNo(n.issue_no)} · {formatDay(n.published_on)}
                      </span>
                      <strong className="newsletter-card__title">{n.title}</strong>
                      <span className="newsletter-card__summary">{n.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Pagination page={page} size={PAGE_SIZE} total={total} label={t.pages} />
            </>
          )}
        </ListState>
      </section>
    </div>
  );
}
