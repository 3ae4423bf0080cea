/**
 * POST /settings/display: 화면 설정 without JavaScript (decision 0060). The form on the
 * 화면 설정 page posts the contrast and text size; the portal remembers them in a readable
 * cookie (a year, SameSite=Lax) and sends the member back where they were (303). Refused
 * when cross-site; only the allowed values are accepted, and the way back must be a page
 * of this portal. With JavaScript the browser writes the same cookie itself.
 */
import type { FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import { CONTRASTS, DISPLAY_COOKIE, DISPLAY_MAX_AGE_S, DISPLAY_ROUTE, formatDisplay, TEXT_SIZES, type Contrast, type TextSize } from '#shared/display.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { displayBackPath } from '#shared/display-return.ts';
import { sameOrigin } from '../auth/same-origin.ts';
import { isHttps, type SchemePolicy } from '../scheme.ts';

export interface DisplayRoutesOptions {
  scheme: SchemePolicy;
}

const DisplayBody = {
  type: 'object',
  required: ['contrast', 'size'],
  additionalProperties: false,
  properties: {
    contrast: { type: 'string', enum: [...CONTRASTS] },
    size: { type: 'string', enum: [...TEXT_SIZES] },
    returnTo: { type: 'string', maxLength: 2048 },
  },
} as const;

/** Where to go after saving: a page of this portal (never another site, an API or a file), else home. */
export function displayReturnPath(value: unknown): string {
  // Never the 화면 설정 page or route itself, never longer than DISPLAY_RETURN_MAX (decision 0131).
  return displayBackPath(value) ?? HOME_PATH;
}

export const displayRoutes: FastifyPluginAsync<DisplayRoutesOptions> = async (app, opts) => {
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  app.post<{ Body: { contrast: Contrast; size: TextSize; returnTo?: string } }>(
    DISPLAY_ROUTE,
    { schema: { body: DisplayBody }, preHandler: sameOrigin(false) },
    async (req, reply) => {
      reply.setCookie(DISPLAY_COOKIE, formatDisplay({ contrast: req.body.contrast, size: req.body.size }), {
        path: '/',
        maxAge: DISPLAY_MAX_AGE_S,
        sameSite: 'lax',
        secure: isHttps(req, opts.scheme),
        httpOnly: false,
      });
      return reply.header('cache-control', 'no-store').redirect(displayReturnPath(req.body.returnTo), 303);
    },
  );
};
