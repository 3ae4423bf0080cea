/** /board: notices (list, detail with view count), FAQ by category, newsletters. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FaqListAnswer, FaqQuery, NewsletterAnswer, NewsletterKeyParams, NewsletterListAnswer, NewsletterListQuery,
  NoticeDetailAnswer, NoticeKeyParams, NoticeListAnswer, NoticeListQuery, type Faq, type Notice,
} from '#shared/contract/index.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { errorAnswers, notFound } from '../errors.ts';
import { transaction } from '../store/db.ts';
import { int, oneOf, str, yn, type Row } from '../store/rows.ts';

const NOTICE_TYPES = ['1', '2', '3'] as const;
const FAQ_CATEGORIES = ['member', 'point', 'activity', 'challenge', 'bookstore'] as const;
export const FAQ_CATEGORY_NAMES: Record<(typeof FAQ_CATEGORIES)[number], string> = {
  member: '회원',
  point: '포인트',
  activity: '독서활동',
  challenge: '21일 챌린지',
  bookstore: '서점·사용',
};

function toNotice(r: Row): Notice {
  return {
    notice_info_key: int(r, 'notice_info_key'),
    notice_subject: str(r, 'notice_subject'),
    notice_type: oneOf(r, 'notice_type', NOTICE_TYPES),
    display_yn: yn(r, 'display_yn'),
    reg_date: str(r, 'reg_date'),
  };
}

function toFaq(r: Row): Faq {
  const category = oneOf(r, 'category', FAQ_CATEGORIES);
  return {
    faq_key: int(r, 'faq_key'),
    category,
    category_name: FAQ_CATEGORY_NAMES[category],
    question: str(r, 'question'),
    answer: str(r, 'answer'),
  };
}

function toNewsletter(r: Row) {
  return {
    newsletter_key: int(r, 'newsletter_key'),
    issue_no: int(r, 'issue_no'),
    title: str(r, 'title'),
    summary: str(r, 'summary'),
    published_on: str(r, 'published_on'),
  };
}

export const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const where = `WHERE (:type IS NULL OR notice_type = :type) AND (:display IS NULL OR display_yn = :display)`;
  const listNotices = db.prepare(
    `SELECT notice_info_key, notice_subject, notice_type, display_yn, reg_date FROM notices ${where}
      ORDER BY reg_date DESC, notice_info_key DESC LIMIT :limit OFFSET :offset`,
  );
  const countNotices = db.prepare(`SELECT count(*) AS n FROM notices ${where}`);

  app.get(
    '/notice',
    {
      schema: {
        tags: ['board'],
        summary: '공지사항 목록 (page·size가 없으면 전체)',
        querystring: NoticeListQuery,
        response: { 200: NoticeListAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const filter = { type: req.query.notice_type ?? null, display: req.query.display_yn ?? null };
      const total = int(countNotices.get(filter) ?? { n: 0 }, 'n');
      const paged = req.query.page !== undefined || req.query.size !== undefined;
      const page = req.query.page ?? 1;
      const size = paged ? (req.query.size ?? 20) : total;
      const rows = listNotices.all({ ...filter, limit: paged ? size : -1, offset: paged ? (page - 1) * size : 0 });
      return { result: 'success' as const, notice_list: rows.map(toNotice), page, size, total };
    },
  );

  const getNotice = db.prepare(`SELECT * FROM notices WHERE notice_info_key = ? AND display_yn = 'Y'`);
  const bumpNotice = db.prepare('UPDATE notices SET view_count = view_count + 1 WHERE notice_info_key = ?');
  app.get(
    '/notice/:notice_info_key',
    {
      schema: {
        tags: ['board'],
        summary: '공지사항 상세 (읽을 때마다 조회수 1 증가)',
        params: NoticeKeyParams,
        response: { 200: NoticeDetailAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => {
      const key = req.params.notice_info_key;
      const r = transaction(db, () => {
        bumpNotice.run(key);
        return getNotice.get(key);
      });
      if (!r) throw notFound(serverMessages.notice.notFound);
      return {
        result: 'success' as const,
        notice: { ...toNotice(r), notice_content: str(r, 'notice_content'), view_count: int(r, 'view_count') },
      };
    },
  );

  const faqs = db.prepare('SELECT * FROM faqs WHERE (:c IS NULL OR category = :c) ORDER BY category, sort_order');
  const faqCounts = db.prepare('SELECT category, count(*) AS n FROM faqs GROUP BY category');
  app.get(
    '/faq',
    {
      schema: {
        tags: ['board'],
        summary: '자주 묻는 질문 (분류별)',
        querystring: FaqQuery,
        response: { 200: FaqListAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const counts = new Map(faqCounts.all().map((r) => [str(r, 'category'), int(r, 'n')]));
      return {
        result: 'success' as const,
        categories: FAQ_CATEGORIES.map((c) => ({ category: c, category_name: FAQ_CATEGORY_NAMES[c], count: counts.get(c) ?? 0 })),
        faq_list: faqs.all({ c: req.query.category ?? null }).map(toFaq),
      };
    },
  );

  const newsletters = db.prepare('SELECT * FROM newsletters ORDER BY issue_no DESC LIMIT ? OFFSET ?');
  const newsletterCount = db.prepare('SELECT count(*) AS n FROM newsletters');
  app.get(
    '/newsletter',
    {
      schema: {
        tags: ['board'],
        summary: '뉴스레터 목록 (최신 호부터)',
        querystring: NewsletterListQuery,
        response: { 200: NewsletterListAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const page = req.query.page ?? 1;
      const size = req.query.size ?? 12;
      return {
        result: 'success' as const,
        newsletter_list: newsletters.all(size, (page - 1) * size).map(toNewsletter),
        page,
        size,
        total: int(newsletterCount.get() ?? { n: 0 }, 'n'),
      };
    },
  );

  const newsletter = db.prepare('SELECT * FROM newsletters WHERE newsletter_key = ?');
  app.get(
    '/newsletter/:newsletter_key',
    {
      schema: {
        tags: ['board'],
        summary: '뉴스레터 한 호',
        params: NewsletterKeyParams,
        response: { 200: NewsletterAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => {
      const r = newsletter.get(req.params.newsletter_key);
      if (!r) throw notFound(messages.error.notFound);
      return { result: 'success' as const, newsletter: { ...toNewsletter(r), content: str(r, 'content') } };
    },
  );
};
