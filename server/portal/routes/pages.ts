/**
 * The page routes, straight from the one page table (shared/routes.ts): GET of every page,
 * the forms posted without JavaScript (the page's action runs on the server, decision 0031),
 * and what an unknown path gets (the login screen for any path containing /login, home for
 * other page paths, docs/decisions/D4-behaviour-details.md; 404 otherwise). Every page goes
 * through `app.renderPage` (../ssr/plugin.ts).
 */
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { isPageRequestPath } from '#shared/paths.ts';
import { HOME_PATH, isLoginPath, pages, type PageDef } from '#shared/routes.ts';
import { safeReturnPath } from '#shared/safe-redirect.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { sameOrigin } from '../auth/same-origin.ts';
import { serveArchived } from '../ssr/asset-archive.ts';
import { pathOfUrl, splitUrl } from '#shared/http.ts';

const ASSETS_PREFIX = '/assets/';

export interface PageRoutesOptions {
  auth: MemberAuth;
  /** Signing in through the login form counts against the JSON route's per-IP limit. */
  loginPerMinute: number;
  /** Where the previous builds' files are kept (decision 0145); a file the build lacks is looked for there. */
  assetArchive?: string;
}

export const pageRoutes = fp<PageRoutesOptions>(
  async (app, opts) => {
    const notFound = (reply: FastifyReply) =>
      reply.code(404).type('text/plain; charset=utf-8').send(messages.error.notFound);

    /**
     * Decisions before the first byte: signed-in members do not see the login screen; they
     * go where `returnTo` says, if it is a safe page other than a login screen (decision 0010).
     */
    async function servePage(req: FastifyRequest, reply: FastifyReply) {
      const { path, query } = splitUrl(req.url);
      if (isLoginPath(path) && (await opts.auth.session(req, reply))) {
        const returnTo = new URLSearchParams(query).get('returnTo');
        return reply.redirect(safeReturnPath(returnTo) ?? HOME_PATH, 302);
      }
      return app.renderPage(req, reply);
    }

    // Page routes, straight from the one page table (/sso/sso is the sign-in routes').
    for (const page of pages as readonly PageDef[]) {
      if (page.id === 'sso') continue;
      const params = page.params
        ? {
            type: 'object',
            properties: Object.fromEntries(Object.entries(page.params).map(([k, pattern]) => [k, { type: 'string', pattern }])),
          }
        : undefined;
      app.get(page.path, { schema: params ? { params } : {}, attachValidation: true }, async (req, reply) => {
        // A page that cannot exist (a malformed id) is treated as not found: home (docs/product.md §4).
        if (req.validationError) return reply.redirect(HOME_PATH, 302);
        return servePage(req, reply);
      });
    }

    // Forms posted without JavaScript: the page's action runs on the server (decision 0031).
    await app.register(async (forms) => {
      await forms.register(formbody, { bodyLimit: 16 * 1024 });
      const postPage = async (req: FastifyRequest, reply: FastifyReply) => {
        const body = req.body;
        if (typeof body !== 'object' || body === null) return reply.code(415).type('text/plain; charset=utf-8').send(serverMessages.error.badRequest);
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
          for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'string') form.append(k, item);
        }
        return app.renderPage(req, reply, { form });
      };
      const formRoute = (path: string) => ({
        preHandler: sameOrigin(false),
        // Signing in through the form counts against the same per-IP limit as the JSON route.
        config: isLoginPath(path) ? { rateLimit: { max: opts.loginPerMinute, timeWindow: '1 minute' } } : {},
      });
      for (const page of pages as readonly PageDef[]) {
        if (page.id === 'sso' || page.params) continue;
        forms.post(page.path, formRoute(page.path), postPage);
      }
      // Any path containing /login is the login screen (docs/product.md §2), its form included.
      forms.post('/*', formRoute('/login'), async (req, reply) => {
        const path = pathOfUrl(req.url);
        if (!isLoginPath(path) || !isPageRequestPath(path)) return reply.callNotFound();
        return postPage(req, reply);
      });
    });

    app.setNotFoundHandler(async (req, reply) => {
      const path = pathOfUrl(req.url);
      if ((req.method === 'GET' || req.method === 'HEAD') && isPageRequestPath(path)) {
        // docs/product.md §2: any path containing /login is the login screen; docs/decisions/D4-behaviour-details.md: others go home.
        if (isLoginPath(path)) return servePage(req, reply);
        return reply.redirect(HOME_PATH, 302);
      }
      if (path.startsWith('/api/')) return reply.code(404).send({ result: 'error', msg: messages.error.notFound });
      // A file of a previous build, asked for by a tab opened before the deploy.
      if (opts.assetArchive && (req.method === 'GET' || req.method === 'HEAD') && path.startsWith(ASSETS_PREFIX)) {
        if (await serveArchived(opts.assetArchive, req, reply, path.slice(ASSETS_PREFIX.length))) return reply;
      }
      return notFound(reply);
    });
  },
  { name: 'portal-pages', dependencies: ['portal-ssr'] },
);
