/** Service guide (docs/product.md §2 /service/service): how the reading-points programme works. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { SystemContent } from '#shared/contract/content.ts';
import { messages } from '#shared/messages.ts';
import { hrefOf, pageById } from '#shared/routes.ts';
import { ContentSections } from '#client/components/content-sections.tsx';
import { loadSystemContent } from '#client/components/system-content.tsx';
import { serviceText } from './messages.ts';

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
          {messages.float.start}
        </Link>
        <Link className="btn btn--secondary" to={hrefOf('bookstore')}>
          {serviceText.bookstores}
        </Link>
        <Link className="btn btn--tertiary" to={hrefOf('faq')}>
          {pageById.faq.title}
        </Link>
      </div>
    </div>
  );
}
