/** Shown when a page fails to render or load: a Korean message and a way home. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { HOME_PATH } from '#shared/routes.ts';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" tabIndex={-1} className="main error-page">
      <div className="container error-page__box">
        <h1 className="error-page__title">{notFound ? messages.error.notFound : messages.error.pageTitle}</h1>
        {!notFound && <p>{messages.error.temporary}</p>}
        <a className="btn btn--primary" href={HOME_PATH}>
          {messages.shell.home}
        </a>
      </div>
    </main>
  );
}
