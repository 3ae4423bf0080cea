/**
 * SSR entry, built by Vite (so react-dom/server and the app share one React copy).
 * Runs the route loaders, settles redirects before the first byte, and hands the
 * plugin a render it can stream.
 */
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { PortalData, RenderArgs, RenderOutcome, SsrEntry } from '#shared/ssr.ts';
import { pageById, type PageDef } from '#shared/routes.ts';
import { App } from './app.tsx';
import { createServerSessionStore } from './session/store.ts';
import { jsonForHtml, serializeHydration } from './hydration.ts';
import { pageModulePath, routes } from './routes.tsx';
import { documentTitle } from './shell/title.ts';

const handler = createStaticHandler(routes);

function matchedPage(matches: { route: { handle?: unknown } }[]): PageDef {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.route.handle;
    if (typeof h === 'object' && h !== null && 'pageId' in h && typeof h.pageId === 'string' && h.pageId in pageById) {
      return pageById[h.pageId as keyof typeof pageById];
    }
  }
  return pageById.home;
}

export async function render({ request, loadContext, sessionEnded }: RenderArgs): Promise<RenderOutcome> {
  const context = await handler.query(request, { requestContext: loadContext });
  const session = sessionEnded() ? { user: null, ended: true } : loadContext.session;
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { kind: 'redirect', status: context.status, location };
    }
    throw new Error(`Unexpected loader response ${context.status}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = matchedPage(context.matches);
  const data: PortalData = { config: loadContext.config, session, router: serializeHydration(context) };
  return {
    kind: 'page',
    status: context.statusCode,
    title: documentTitle(page.title, loadContext.config.siteName),
    pageModule: pageModulePath(page.id as Parameters<typeof pageModulePath>[0]),
    dataJson: jsonForHtml(data),
    start({ nonce, waitForAll, onReady, onShellError, onError }) {
      const stream = renderToPipeableStream(
        <App config={loadContext.config} store={createServerSessionStore(session.user)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </App>,
        {
          nonce,
          onShellReady() {
            if (!waitForAll) onReady(stream.pipe);
          },
          onAllReady() {
            if (waitForAll) onReady(stream.pipe);
          },
          onShellError,
          onError,
        },
      );
      return { abort: (reason?: unknown) => stream.abort(reason) };
    },
  };
}

const entry: SsrEntry = { render };
export default entry;
