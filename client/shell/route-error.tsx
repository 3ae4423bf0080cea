/**
 * Shown when a page fails to render or load: a Korean message and a way home. 홈으로 is a full
 * page load (`data-document`: the router is left alone), so a tab whose files went away with
 * a deploy starts again on the new build instead of failing the same way (issue 38). While the
 * tab reloads itself for such files (client/api/build.ts), nothing is shown: the new page comes next.
 * Nor while the page is being left: a navigation cancels the old page's file loads (Firefox
 * rejects its lazy imports about 100 ms after the next page was asked for), and the member
 * saw "오류가 발생했습니다" until the next page came — seconds on a slow network. If the page
 * is still here after a few seconds the navigation did not happen, and the error is said.
 */
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { isReloadingForFiles, LEAVING_GRACE_MS, leavingPage } from '../api/build.ts';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [leaving, setLeaving] = useState(leavingPage);
  useEffect(() => {
    if (!leaving) return;
    const t = setTimeout(() => setLeaving(false), LEAVING_GRACE_MS);
    return () => clearTimeout(t);
  }, [leaving]);
  if (isReloadingForFiles() || leaving) return null;
  return (
    <main id="main" tabIndex={-1} className="main error-page">
      <div className="container error-page__box">
        <h1 className="error-page__title">{notFound ? messages.error.notFound : messages.error.pageTitle}</h1>
        {!notFound && <p>{messages.error.temporary}</p>}
        <a className="btn btn--primary" href={HOME_PATH} data-document="">
          {messages.shell.home}
        </a>
      </div>
    </main>
  );
}
