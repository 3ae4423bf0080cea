/**
 * Streaming server rendering through @fastify/vite with our own small renderer:
 * the SSR entry (client/entry-server.tsx) runs the loaders and decides redirects
 * before the first byte; the page then streams with React 19's
 * renderToPipeableStream — on shell ready for browsers, when all is ready for
 * crawlers — inside the index.html template, with the CSP nonce on every script.
 * The folder: this plugin (render a page for a request), render-request.ts (what the render
 * reads from the request), page-stream.ts (the body), template.ts, manifest.ts (preload
 * links), page-cache.ts (visitors' pages) and static-files.ts (built files). Loaders reach
 * the homepage API through ../homepage/for-request.ts, the gateway's path.
 */
import fp from 'fastify-plugin';
import fastifyVite from '@fastify/vite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_COOKIE, displayAttributes, parseDisplay } from '#shared/display.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { PortalTransport, RenderOutcome, SsrEntry } from '#shared/ssr.ts';
import { HOME_PATH, INAPP_PATH } from '#shared/routes.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { refreshSession, type PasswordSignIn } from '../auth/sign-in.ts';
import { homepageTransport } from '../homepage/for-request.ts';
import { loadBuiltAssets, type BuiltAssets } from './manifest.ts';
import { VisitorPageCache, withNonce, type PageCacheOutcome } from './page-cache.ts';
import { PageStream, batchWrites } from './page-stream.ts';
import { fetchRequestOf, hasOnlyVisitorCookies, originOf, wantsWholePage } from './render-request.ts';
import { staticFileOptions } from './static-files.ts';
import { compileTemplate, plainPage, type PageTemplate } from './template.ts';
import { pathOfUrl } from '#shared/http.ts';

export interface SsrOptions {
  /** The folder holding vite.config.ts (the project root). */
  root: string;
  dev: boolean;
  renderTimeoutMs: number;
  /** How long the shell waits for deferred data (decision 0126). */
  shellDataWaitMs: number;
  publicConfig: PublicConfig;
  /** The member's session and member-aware homepage calls (cookies set before the first byte). */
  auth: MemberAuth;
  signIn: PasswordSignIn;
  /** Told, in seconds from the start of a page render, when its shell is ready and when it is complete (metrics). */
  onTiming?: (phase: 'shell' | 'complete', seconds: number) => void;
  /** Visitors' pages kept for a few seconds (decision 0037); absent or 0 s: off. */
  pageCacheTtlS?: number;
  /** Told of every visitor page cache look-up (metrics). */
  onPageCache?: (outcome: PageCacheOutcome) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the page for this request (or answers its redirect). */
    renderPage(req: FastifyRequest, reply: FastifyReply, opts?: { status?: number; form?: URLSearchParams }): Promise<FastifyReply>;
  }
}

function isSsrEntry(v: unknown): v is SsrEntry {
  return typeof v === 'object' && v !== null && typeof (v as SsrEntry).render === 'function';
}

function errorPage(siteName: string): string {
  return plainPage({ siteName, title: messages.error.pageTitle, text: messages.error.temporary, link: { href: HOME_PATH, label: messages.shell.home } });
}

/** The portal's sign-in routes for page actions run on the server (forms posted without JavaScript). */
function ssrPortal(opts: SsrOptions, req: FastifyRequest, reply: FastifyReply): PortalTransport {
  return {
    login: async (body) => (await opts.signIn.signIn(req, reply, body)).answer,
    refreshSession: async () => (await refreshSession(opts.auth, req, reply)).answer,
  };
}

export const ssrPlugin = fp<SsrOptions>(
  async (app, opts) => {
    let entry: SsrEntry | null = null;
    /** The footer's HTML (static per configuration; rendered again in development, where the entry changes). */
    let footer: { of: SsrEntry; html: string } | null = null;
    const footerOf = (): string => {
      if (!entry) return '';
      if (footer?.of !== entry) footer = { of: entry, html: entry.footer(opts.publicConfig) };
      return footer.html;
    };
    let template: PageTemplate | null = null;
    const pageCache = new VisitorPageCache(opts.dev ? 0 : (opts.pageCacheTtlS ?? 0));

    /** The cache key of a visitor's GET of a page, or undefined when it must be rendered for this request. */
    function visitorPageKey(req: FastifyRequest, form: boolean): string | undefined {
      // The in-app page reads the browser's user agent: rendered for each request.
      if (!pageCache.enabled || form || req.method !== 'GET' || req.url.startsWith(INAPP_PATH)) return undefined;
      if (!hasOnlyVisitorCookies(req)) return undefined;
      return `${wantsWholePage(req) ? 'whole' : 'stream'} ${req.cookies[DISPLAY_COOKIE] ?? ''} ${originOf(req)}${req.url}`;
    }
    const built: BuiltAssets = opts.dev
      ? { preloadsFor: () => [], fontsCss: '/styles/fonts.css' }
      : await loadBuiltAssets(opts.root);

    await app.register(fastifyVite, {
      root: opts.root,
      dev: opts.dev,
      // Built assets: brotli/gzip written at build time; hashed files cached for a year (decision 0034).
      fastifyStaticOptions: staticFileOptions,
      // Called once in production, on every request in development (fresh modules).
      prepareClient: async (entries) => {
        const mod = entries['ssr'];
        if (!isSsrEntry(mod)) throw new Error('The SSR entry does not export render()');
        entry = mod;
        return mod;
      },
      createHtmlFunction: (source) => {
        template = compileTemplate(source);
        return function html(this: FastifyReply) {
          return this;
        };
      },
      // Page routes are registered from shared/routes.ts by the app, not from the bundle.
      createRoute: () => undefined,
    });

    function streamPage(
      req: FastifyRequest,
      reply: FastifyReply,
      tpl: PageTemplate,
      page: Extract<RenderOutcome, { kind: 'page' }>,
      status: number,
      started: number,
      cacheKey: string | undefined,
    ): Promise<FastifyReply> {
      const nonce = app.pageCsp(reply);
      // Streaming needs JavaScript to put late content in place: crawlers, and browsers that
      // have not shown they run our script (no JS cookie yet), get the whole page at once (decision 0030).
      const whole = wantsWholePage(req);
      // Kept only if the page answered 200 and set no cookie (a visitor's page, decision 0037).
      const keep =
        cacheKey === undefined
          ? undefined
          : (html: string) => {
              if (reply.statusCode === 200 && !reply.hasHeader('set-cookie')) pageCache.set(cacheKey, { html, nonce });
            };
      return new Promise((resolve) => {
        const timers: { render?: NodeJS.Timeout } = {};
        const { abort } = page.start({
          nonce,
          waitForAll: whole,
          onReady(pipe) {
            const body = new PageStream(
              tpl.head({
                meta: {
                  title: page.title,
                  pageTitle: page.pageTitle,
                  description: page.description ?? serverMessages.site.description,
                  ogType: page.ogType,
                  url: `${originOf(req)}${pathOfUrl(req.url)}`,
                  siteName: opts.publicConfig.siteName,
                },
                nonce,
                preload: page.pageModule ? built.preloadsFor(page.pageModule) : [],
                // 화면 설정 on the first paint (no flash); an invalid cookie is ignored.
                htmlAttributes: displayAttributes(parseDisplay(req.cookies[DISPLAY_COOKIE])),
              }),
              async () => tpl.tail({ dataJson: await page.data(), nonce, fontsCss: built.fontsCss, footer: footerOf() }),
              keep,
              batchWrites(reply.raw),
            );
            body.once('close', () => clearTimeout(timers.render));
            opts.onTiming?.('shell', (performance.now() - started) / 1000);
            body.once('finish', () => opts.onTiming?.('complete', (performance.now() - started) / 1000));
            reply
              .code(status)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store');
            pipe(body);
            resolve(reply.send(body));
          },
          onShellError(error) {
            clearTimeout(timers.render);
            req.log.error({ err: error }, 'page shell failed to render');
            resolve(reply.code(500).type('text/html; charset=utf-8').send(errorPage(opts.publicConfig.siteName)));
          },
          onError(error) {
            req.log.error({ err: error }, 'page render error');
          },
        });
        timers.render = setTimeout(() => {
          req.log.warn({ timeoutMs: opts.renderTimeoutMs }, 'page render took too long; aborted');
          abort(new Error('render timeout'));
        }, opts.renderTimeoutMs);
      });
    }

    app.decorate('renderPage', async function renderPage(
      req: FastifyRequest,
      reply: FastifyReply,
      options?: { status?: number; form?: URLSearchParams },
    ) {
      if (!entry || !template) throw new Error('SSR is not ready');
      const tpl = template;
      const started = performance.now();
      const cacheKey = visitorPageKey(req, options?.form !== undefined);
      if (cacheKey !== undefined) {
        const hit = pageCache.get(cacheKey);
        opts.onPageCache?.(hit ? 'hit' : 'miss');
        if (hit) {
          const html = withNonce(hit, app.pageCsp(reply));
          return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
        }
      } else if (pageCache.enabled) {
        opts.onPageCache?.('bypass');
      }
      let outcome: RenderOutcome;
      const display = parseDisplay(req.cookies[DISPLAY_COOKIE]);
      try {
        const user = await opts.auth.session(req, reply);
        outcome = await entry.render({
          request: fetchRequestOf(req, display, options?.form),
          loadContext: {
            homepage: homepageTransport(opts.auth, req, reply),
            portal: ssrPortal(opts, req, reply),
            config: opts.publicConfig,
            session: { user },
          },
          sessionEnded: () => opts.auth.ended(req),
          dataWaitMs: opts.shellDataWaitMs,
        });
      } catch (err) {
        req.log.error({ err }, 'page loaders failed');
        return reply.code(500).type('text/html; charset=utf-8').send(errorPage(opts.publicConfig.siteName));
      }
      // After a form post the browser must GET the next page (303), whatever the action said.
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, options?.form ? 303 : outcome.status);
      return streamPage(req, reply, tpl, outcome, options?.status ?? outcome.status, started, options?.status === undefined ? cacheKey : undefined);
    });
  },
  { name: 'portal-ssr' },
);
