/**
 * Streaming server rendering through @fastify/vite with our own small renderer:
 * the SSR entry (client/entry-server.tsx) runs the loaders and decides redirects
 * before the first byte; the page then streams with React 19's
 * renderToPipeableStream — on shell ready for browsers, when all is ready for
 * crawlers — inside the index.html template, with the CSP nonce on every script.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import fp from 'fastify-plugin';
import fastifyVite from '@fastify/vite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { queryString } from '#shared/http.ts';
import { messages } from '#shared/messages.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { HomepageSource, Query, RenderOutcome, SsrEntry } from '#shared/ssr.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { HOMEPAGE_PREFIX, safeHomepageUrl } from '../homepage/paths.ts';
import { compileTemplate, escapeHtml, type PageTemplate } from './template.ts';

export interface SsrOptions {
  /** The folder holding vite.config.ts (the project root). */
  root: string;
  dev: boolean;
  renderTimeoutMs: number;
  publicConfig: PublicConfig;
  /** The member's session and member-aware homepage calls (cookies set before the first byte). */
  auth: MemberAuth;
  /** Told, in seconds from the start of a page render, when its shell is ready and when it is complete (metrics). */
  onTiming?: (phase: 'shell' | 'complete', seconds: number) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the page for this request (or answers its redirect). */
    renderPage(req: FastifyRequest, reply: FastifyReply, opts?: { status?: number }): Promise<FastifyReply>;
  }
}

const BOT_UA = /bot|crawl|spider|slurp|yeti|daum(?:oa)?|bingpreview|facebookexternalhit|kakaotalk-scrap|lighthouse/i;

function isSsrEntry(v: unknown): v is SsrEntry {
  return typeof v === 'object' && v !== null && typeof (v as SsrEntry).render === 'function';
}

/** A stream that starts with the template head and ends with its tail. */
class PageStream extends Transform {
  readonly #tail: string;
  constructor(head: string, tail: string) {
    super();
    this.#tail = tail;
    this.push(head);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    cb(null, this.#tail);
  }
}

function errorPage(siteName: string): string {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(messages.error.pageTitle)} | ${escapeHtml(siteName)}</title></head><body><main><h1>${escapeHtml(messages.error.pageTitle)}</h1><p>${escapeHtml(messages.error.temporary)}</p><p><a href="/main/homemain">${escapeHtml(messages.shell.home)}</a></p></main></body></html>`;
}

/**
 * The homepage API for loaders on the server: the same client, in-process, on behalf of
 * the member (token attached, refresh-and-retry, cookies set on this reply).
 */
function ssrHomepage(auth: MemberAuth, req: FastifyRequest, reply: FastifyReply): HomepageSource {
  return {
    async get<T extends { result: 'success' }>(path: `/${string}`, query?: Query): Promise<T | ErrorAnswer> {
      const target = safeHomepageUrl(`${HOMEPAGE_PREFIX}${path}`);
      if (!target) throw new Error(`Loader asked for an invalid homepage path: ${path}`);
      const result = await auth.call(req, reply, {
        method: 'GET',
        path: target.path,
        query: queryString(query),
      });
      if (!result.ok) return { result: 'error', msg: messages.error.temporary };
      return result.body as T | ErrorAnswer;
    },
  };
}

/** The origin the member's browser used (for absolute links such as the in-app guide's). */
function originOf(req: FastifyRequest): string {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return 'http://localhost';
  }
}

/** modulepreload links for a page's chunk and its imports, from Vite's client manifest. */
async function loadPreloads(root: string): Promise<(pageModule: string) => string[]> {
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
  let manifest: Record<string, Chunk>;
  try {
    manifest = JSON.parse(await readFile(join(root, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  } catch {
    return () => [];
  }
  const entryFiles = new Set(Object.values(manifest).filter((c) => c.isEntry).map((c) => c.file));
  const cache = new Map<string, string[]>();
  return (pageModule) => {
    const cached = cache.get(pageModule);
    if (cached) return cached;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      if (!entryFiles.has(chunk.file)) files.add(chunk.file);
      for (const imp of chunk.imports ?? []) visit(imp);
    };
    visit(pageModule);
    const out = [...files].map((f) => `/${f}`);
    cache.set(pageModule, out);
    return out;
  };
}

export const ssrPlugin = fp<SsrOptions>(
  async (app, opts) => {
    let entry: SsrEntry | null = null;
    let template: PageTemplate | null = null;
    const preloadsFor = opts.dev ? () => [] : await loadPreloads(opts.root);

    await app.register(fastifyVite, {
      root: opts.root,
      dev: opts.dev,
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
    ): Promise<FastifyReply> {
      const nonce = reply.cspNonce?.script;
      const bot = BOT_UA.test(req.headers['user-agent'] ?? '');
      return new Promise((resolve) => {
        const timers: { render?: NodeJS.Timeout } = {};
        const { abort } = page.start({
          nonce,
          waitForAll: bot,
          onReady(pipe) {
            const body = new PageStream(
              tpl.head({ title: page.title, nonce, preload: page.pageModule ? preloadsFor(page.pageModule) : [] }),
              tpl.tail({ dataJson: page.dataJson, nonce }),
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

    app.decorate('renderPage', async function renderPage(req: FastifyRequest, reply: FastifyReply, options?: { status?: number }) {
      if (!entry || !template) throw new Error('SSR is not ready');
      const tpl = template;
      const started = performance.now();
      let outcome: RenderOutcome;
      try {
        const user = await opts.auth.session(req, reply);
        outcome = await entry.render({
          request: new Request(new URL(req.url, originOf(req)), {
            method: 'GET',
            headers: { accept: req.headers.accept ?? 'text/html', 'user-agent': req.headers['user-agent'] ?? '' },
          }),
          loadContext: {
            homepage: ssrHomepage(opts.auth, req, reply),
            config: opts.publicConfig,
            session: { user },
          },
          sessionEnded: () => opts.auth.ended(req),
        });
      } catch (err) {
        req.log.error({ err }, 'page loaders failed');
        return reply.code(500).type('text/html; charset=utf-8').send(errorPage(opts.publicConfig.siteName));
      }
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
      return streamPage(req, reply, tpl, outcome, options?.status ?? outcome.status, started);
    });
  },
  { name: 'portal-ssr' },
);
