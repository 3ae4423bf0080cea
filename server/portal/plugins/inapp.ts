/**
 * In-app browsers are sent to /inapp/inapp before anything renders (docs/decisions/D4-behaviour-details.md).
 * `/inapp/inapp?continue=1&url=/x` remembers the choice to stay (a cookie) and goes on
 * to /x, so there is no loop; the target is checked to be a same-origin path.
 */
import fp from 'fastify-plugin';
import { detectInApp, INAPP_CONTINUE_COOKIE } from '#shared/inapp.ts';
import { isPageRequestPath } from '#shared/paths.ts';
import { HOME_PATH, INAPP_PATH } from '#shared/routes.ts';
import { safeLocalPath } from '#shared/safe-redirect.ts';
import { isHttps, type SchemePolicy } from '../scheme.ts';
import { splitUrl } from '#shared/http.ts';

export const inappPlugin = fp<{ scheme: SchemePolicy }>(
  async (app, opts) => {
    // A callback hook: every request passes here, and most go on untouched (no promise each; decision 0123).
    // A redirect answers from the hook, and then `done` is not called.
    app.addHook('onRequest', (req, reply, done) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return done();
      const { path, query } = splitUrl(req.url);
      if (!isPageRequestPath(path)) return done();

      if (path === INAPP_PATH) {
        const params = new URLSearchParams(query);
        if (params.get('continue') !== '1') return done();
        reply.setCookie(INAPP_CONTINUE_COOKIE, '1', {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps(req, opts.scheme),
          maxAge: 60 * 60 * 24,
        });
        reply.redirect(safeLocalPath(params.get('url')) ?? HOME_PATH, 302);
        return;
      }

      if (req.cookies[INAPP_CONTINUE_COOKIE] === '1') return done();
      const inApp = detectInApp(req.headers['user-agent']);
      if (!inApp) return done();
      req.log.info({ inApp }, 'in-app browser sent to the guide page');
      reply.redirect(`${INAPP_PATH}?url=${encodeURIComponent(req.url)}`, 302);
    });
  },
  { name: 'portal-inapp', dependencies: ['@fastify/cookie'] },
);
