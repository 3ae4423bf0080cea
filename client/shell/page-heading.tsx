/**
 * Breadcrumb and page heading: the page title is the breadcrumb title (docs/product.md §2). The
 * separators are drawn by the stylesheet (shell.css), not markup: every page's script is smaller.
 */
import { messages } from '#shared/messages.ts';
import { HOME_PATH, sectionLabel, type PageDef } from '#shared/routes.ts';

export const PAGE_TITLE_ID = 'page-title';

export function PageHeading({ page, home }: { page: PageDef; home: boolean }) {
  if (home) {
    return (
      <h1 id={PAGE_TITLE_ID} className="sr-only" tabIndex={-1}>
        {page.title}
      </h1>
    );
  }
  return (
    <div className="page-heading">
      <div className="container">
        <nav className="breadcrumb" aria-label={messages.shell.breadcrumb}>
          <ol>
            <li>
              <a href={HOME_PATH}>{messages.shell.breadcrumbHome}</a>
            </li>
            {page.section && (
              <li>
                <span>{sectionLabel[page.section]}</span>
              </li>
            )}
            <li aria-current="page">
              <span>{page.title}</span>
            </li>
          </ol>
        </nav>
        <h1 id={PAGE_TITLE_ID} className="page-heading__title" tabIndex={-1}>
          {page.title}
        </h1>
      </div>
    </div>
  );
}
