/**
 * GET /mypage/card.svg: the signed-in member's card barcode (Code 128 of the card's
 * `barcode`, from GET /user/api/card) as an SVG image for my page. Member data, so never
 * cached; 401 without a session. Calls the homepage API on the member's behalf like the
 * page loaders (MemberAuth: refresh on 403, a 401 ends the session).
 */
import { Compile } from 'typebox/compile';
import type { FastifyPluginAsync } from 'fastify';
import { UserCardAnswer } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { code128Svg } from '../card/barcode.ts';
import { operationPath } from '#shared/contract/operations.ts';

const cardAnswer = Compile(UserCardAnswer);

const CARD_SVG_PATH = '/mypage/card.svg';

export const cardRoutes: FastifyPluginAsync<{ auth: MemberAuth }> = async (app, { auth }) => {
  app.get(CARD_SVG_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const text = (status: number, msg: string) => reply.code(status).type('text/plain; charset=utf-8').send(msg);
    if (!(await auth.session(req, reply))) return text(401, messages.session.ended);
    const result = await auth.call(req, reply, operationPath('GET /user/api/card'));
    if (!result.ok) return text(503, messages.error.temporary);
    if (result.status === 401) return text(401, messages.session.ended);
    if (result.status !== 200 || !cardAnswer.Check(result.body)) {
      req.log.warn({ status: result.status }, 'member card not answered');
      return text(result.status >= 400 && result.status < 500 ? result.status : 502, messages.error.temporary);
    }
    return reply.type('image/svg+xml; charset=utf-8').send(code128Svg(result.body.user_card.barcode));
  });
};
