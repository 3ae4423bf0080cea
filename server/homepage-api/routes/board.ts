import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoticeListAnswer, NoticeListQuery, type Notice } from '../../../shared/contract/index.ts';

export const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listNotices = app.db.prepare(
    `SELECT notice_info_key, notice_subject, notice_type, display_yn, reg_date
       FROM notices
      WHERE (:type IS NULL OR notice_type = :type)
        AND (:display IS NULL OR display_yn = :display)
      ORDER BY reg_date DESC, notice_info_key DESC`,
  );

  app.get(
    '/notice',
    { schema: { querystring: NoticeListQuery, response: { 200: NoticeListAnswer } } },
    (req) => {
      const rows = listNotices.all({
        type: req.query.notice_type ?? null,
        display: req.query.display_yn ?? null,
      }) as unknown as Notice[];
      return { result: 'success' as const, notice_list: rows };
    },
  );
};
