/** Service guide (spec §2 /service/service): how the reading-points programme works. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { SystemContent } from '#shared/contract/content.ts';
import { hrefOf } from '#shared/routes.ts';
import { ContentSections } from '#client/components/content-sections.tsx';
import { loadSystemContent } from '#client/components/system-content.tsx';

export function loader({ context }: LoaderFunctionArgs): Promise<SystemContent | null> {
  return loadSystemContent(context, 'service');
}

export default function ServicePage() {
  const content = useLoaderData<SystemContent | null>();
  return (
    <div className="container section stack narrow">
      <ContentSections content={content} />
      <div className="card__actions">
        <Link className="btn btn--primary" to={hrefOf('bookSearch')}>
          독서 시작하기
        </Link>
        <Link className="btn btn--secondary" to={hrefOf('bookstore')}>
          참여 서점 찾기
        </Link>
        <Link className="btn btn--tertiary" to={hrefOf('faq')}>
          자주 묻는 질문
        </Link>
      </div>
    </div>
  );
}
