/** /board: notices (list, detail with view count), FAQ by category, newsletters. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { notFound } from '../errors.ts';
import { isAdminCaller } from '../auth/guard.ts';
import { ALL_ROWS, pageInfo, pageOf } from './kit.ts';

export function boardHandlers(app: FastifyInstance) {
  const { stores } = app;

  return {
    getBoardNotice: {
      summary: '공지사항 목록 (page·size가 없으면 전체; 관리자가 아니면 게시된 공지만)',
      readsTokenItself: true,
      handle: async (req) => {
        // Drafts (display_yn N) are an administrator's: anyone else sees displayed notices only,
        // whatever display_yn says or leaves out.
        const admin = await isAdminCaller(req);
        const asked = req.query.display_yn ?? null;
        const paged = req.query.page !== undefined || req.query.size !== undefined;
        const pg = pageOf(req.query);
        const r =
          admin || asked !== 'N'
            ? await stores.content.notices({ type: req.query.notice_type ?? null, display: admin ? asked : 'Y' }, paged ? pg : ALL_ROWS)
            : { rows: [], total: 0 };
        return { result: 'success' as const, notice_list: r.rows, page: pg.page, size: paged ? pg.size : r.total, total: r.total };
      },
    },
    getBoardNoticeByNoticeInfoKey: {
      summary: '공지사항 상세 (읽을 때마다 조회수 1 증가)',
      handle: async (req) => {
        const notice = await stores.transaction(async () => await stores.content.readNotice(req.params.notice_info_key));
        if (!notice) throw notFound(apiMessages.content.noticeNotFound);
        return { result: 'success' as const, notice };
      },
    },
    getBoardFaq: {
      summary: '자주 묻는 질문 (분류별)',
      handle: async (req) => ({
        result: 'success' as const,
        categories: await stores.content.faqCategories(),
        faq_list: await stores.content.faqs(req.query.category ?? null),
      }),
    },
    getBoardNewsletter: {
      summary: '뉴스레터 목록 (최신 호부터)',
      handle: async (req) => {
        const pg = pageOf(req.query, 12);
        const r = await stores.content.newsletters(pg);
        return { result: 'success' as const, newsletter_list: r.rows, ...pageInfo(pg, r.total) };
      },
    },
    getBoardNewsletterByNewsletterKey: {
      summary: '뉴스레터 한 호',
      handle: async (req) => {
        const newsletter = await stores.content.newsletter(req.params.newsletter_key);
        if (!newsletter) throw notFound(apiMessages.content.notFound);
        return { result: 'success' as const, newsletter };
      },
    },
  } satisfies Partial<Handlers>;
}
