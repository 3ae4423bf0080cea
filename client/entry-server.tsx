/**
 * SSR entry, built by Vite (so react-dom/server and the app share one React copy).
 * Runs the route's action (a form posted without JavaScript) and loaders, settles
 * redirects before the first byte, and hands the plugin a render it can stream.
 * Deferred loader data streams in behind Suspense; the hydration data is written at the
 * end of the page with every deferred value settled (decision 0030).
 */
import { renderToPipeableStream, renderToStaticMarkup, type PipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';
import type { PageMeta, PortalData, RenderArgs, RenderOutcome, SsrEntry, StartOptions } from '#shared/ssr.ts';
import { pageOfMatches, type PageId } from '#shared/routes.ts';
import { App } from './app.tsx';
import { createServerSessionStore } from './session/store.ts';
import { jsonForHtml, serializeHydration, trackDeferred } from './hydration.ts';
import { pageModulePath, routes } from './routes.tsx';
import { documentTitle } from './shell/title.ts';
import { ConfigProvider } from './shell/config-context.tsx';
import { Footer } from './shell/footer.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

const handler = createStaticHandler(routes);

type FizzCallbacks = Required<Pick<RenderToPipeableStreamOptions, 'onShellReady' | 'onAllReady' | 'onShellError' | 'onError'>>;

/**
 * The callbacks React is given for a page. React's request keeps them as long as it lives, and
 * it lives until the loop's turn ends (its own immediate, scheduled when the render starts,
 * holds it): under load every page finished in a turn stayed reachable that long through them —
 * its router and loaders' answers, the reply, the stream — and any young-generation collection
 * in between promoted it all (decision 0169). So they hold the plugin's options only until React
 * has said its last word (all ready, or the shell failed), and are made here, apart from
 * `start()`, whose scope the render's `abort` keeps.
 */
function callbacksFor(options: StartOptions, pipe: () => PipeableStream['pipe']): FizzCallbacks {
  let to: StartOptions | null = options;
  const last = (): StartOptions | null => {
    const was = to;
    to = null;
    return was;
  };
  return {
    onShellReady: () => {
      if (to && !to.waitForAll) to.onReady(pipe());
    },
    onAllReady: () => {
      const was = last();
      if (was?.waitForAll) was.onReady(pipe());
    },
    onShellError: (error) => last()?.onShellError(error),
    onError: (error) => to?.onError(error),
  };
}

function settledWithin(settled: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/**
 * The route table cut down to the branch this request matched (root, then the page).
 * createStaticRouter converts every route it is given into a data route on each call; the
 * render only matches the location against them again, which the branch alone answers the
 * same way. ~40 routes converted per request became 2 or 3 (decision 0127).
 */
function matchedBranch(matches: StaticHandlerContext['matches']): RouteObject[] {
  let branch: RouteObject[] = [];
  for (const { route } of [...matches].reverse()) {
    branch = [{ ...route, children: branch.length > 0 ? branch : undefined } as RouteObject];
  }
  return branch;
}

/** A page module's head metadata from its loader data (`export function meta(data)`), if it has one. */
interface MetaModule {
  meta?: (data: never) => PageMeta;
}
const metaModules = import.meta.glob<MetaModule>('./pages/*/*-page.tsx');

/** Each page module asked for once: a dynamic import() on every request goes through the module loader again. */
const loadedMeta = new Map<PageId, MetaModule | undefined>();

async function pageMeta(id: PageId, data: unknown): Promise<PageMeta> {
  // Null for a visitor on a member page (its loader did not run) or a page without a loader.
  if (typeof data !== 'object' || data === null) return {};
  let mod = loadedMeta.get(id);
  if (!loadedMeta.has(id)) {
    const load = metaModules[`./${pageModulePath(id)}`];
    mod = load ? await load() : undefined;
    loadedMeta.set(id, mod);
  }
  return mod?.meta ? mod.meta(data as never) : {};
}

/** The configuration as hydration JSON: the same object on every page of a process, written once. */
const configJson = new WeakMap<PublicConfig, string>();

/**
 * `jsonForHtml(data)`, its fields written one by one: JSON.stringify writes a nested value as it
 * writes it alone, and the escaping goes character by character, so the bytes are the same.
 */
function portalDataJson(data: PortalData): string {
  let config = configJson.get(data.config);
  if (config === undefined) {
    config = jsonForHtml(data.config);
    configJson.set(data.config, config);
  }
  return `{"config":${config},"session":${jsonForHtml(data.session)},"router":${jsonForHtml(data.router)}}`;
}

/**
 * Static handlers over one matched branch, by the path they matched. The whole table's handler
 * matches a path against every route on each query — React Router ranks all ~35 branches and
 * decodes the path again for each one it tries — while a path matches the same routes every
 * time (matching reads nothing else). Once a path has rendered a page through the whole table,
 * its branch's own handler answers it: the same matches, found among one branch's routes
 * (decision 0157). Paths with ids in them make the table grow; a full table is just dropped.
 */
const branchHandlers = new Map<string, StaticHandler>();
/** The branch handler of each matched branch (by its routes' ids), shared by every path that matches it. */
const handlersByBranch = new Map<string, StaticHandler>();

function handlerFor(pathname: string): StaticHandler {
  return branchHandlers.get(pathname) ?? handler;
}

/** After a page rendered through the whole table: its path's branch handler, for the next time. */
function rememberBranch(pathname: string, context: StaticHandlerContext): void {
  if (branchHandlers.has(pathname) || context.errors || context.matches.length === 0) return;
  const key = context.matches.map((m) => m.route.id).join(' ');
  let branch = handlersByBranch.get(key);
  if (!branch) {
    branch = createStaticHandler(matchedBranch(context.matches));
    handlersByBranch.set(key, branch);
  }
  if (branchHandlers.size >= 1000) branchHandlers.clear();
  branchHandlers.set(pathname, branch);
}

export async function render({ request, loadContext, sessionEnded, dataWaitMs }: RenderArgs): Promise<RenderOutcome> {
  const { pathname } = new URL(request.url);
  const context = await handlerFor(pathname).query(request, { requestContext: loadContext });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { kind: 'redirect', status: context.status, location };
    }
    throw new Error(`Unexpected loader response ${context.status}`);
  }
  rememberBranch(pathname, context);

  const router = createStaticRouter(matchedBranch(context.matches), context);
  const page = pageOfMatches(context.matches);
  const meta = await pageMeta(page.id as PageId, context.loaderData[page.id]);
  const deferred = trackDeferred(context.loaderData);
  // The shell waits a moment for the page's data (16 ms by default, decision 0126): what
  // arrives by then is written in place, in one pass; the rest streams in behind the shell.
  if (dataWaitMs > 0 && !deferred.done()) await settledWithin(deferred.settled, dataWaitMs);
  // The shell shows the session as the loaders left it.
  const session = sessionEnded() ? { user: null, ended: true } : loadContext.session;
  return {
    kind: 'page',
    status: context.statusCode,
    title: documentTitle(meta.title ?? page.title, loadContext.config.siteName),
    pageTitle: meta.title ?? page.title,
    description: meta.description,
    ogType: meta.type ?? 'website',
    pageModule: pageModulePath(page.id as PageId),
    async data() {
      await deferred.settled;
      // Asked again at the end: a deferred call may have ended the member's session
      // (the browser then tells the member and signs out; the markup keeps the rendered user).
      const ended = session.ended === true || sessionEnded();
      const data: PortalData = {
        config: loadContext.config,
        session: { user: session.user, ...(ended ? { ended } : {}) },
        router: serializeHydration(context, deferred.marker),
      };
      return portalDataJson(data);
    },
    start(options) {
      const stream: PipeableStream = renderToPipeableStream(
        <App config={loadContext.config} store={createServerSessionStore(session.user)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
        </App>,
        {
          nonce: options.nonce,
          // Every boundary that is finished when its part of the page is written stays in place.
          // React otherwise moves large finished boundaries (over 12.8 KB) to the end with their
          // fallback left in the shell, and only a script, whose reveals React 19.2 batches, puts
          // them back: a crawler or a page without JavaScript keeps the fallback, and a member's
          // home showed a skeleton that the whole member part then pushed down (CLS 0.58).
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          ...callbacksFor(options, () => stream.pipe),
        },
      );
      return {
        abort: (reason?: unknown) => {
          deferred.stop();
          stream.abort(reason);
        },
      };
    },
  };
}

/**
 * The footer's HTML, the same on every page of a configuration: written by the server after the
 * hydrated root, so the browser's first visit carries none of its code (its links need no
 * script; decision 0145, the first visit's budget).
 */
function footer(config: PublicConfig): string {
  return renderToStaticMarkup(
    <ConfigProvider config={config}>
      <Footer />
    </ConfigProvider>,
  );
}

const entry: SsrEntry = { render, footer };
export default entry;
