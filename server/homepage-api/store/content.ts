/** Content (domain.md "Content"): notices, FAQ, newsletters, system texts and partner bookstores. */
import type { Faq, Notice, NoticeDetail } from '#shared/contract/board.ts';
import type { SystemContent } from '#shared/contract/content.ts';
import { faqCategoryNames } from '#shared/messages-api.ts';
import { SQL_FNS, type Database } from './db.ts';
import { count, int, oneOf, str, strOrNull, yn, limits, type Limit, type Listed, type Row } from './rows.ts';

const NOTICE_TYPES = ['1', '2', '3'] as const;
export const FAQ_CATEGORIES = ['member', 'point', 'activity', 'challenge', 'bookstore'] as const;
const CONTENT_TYPES = ['terms', 'privacy', 'service', 'bookstore'] as const;

export interface NoticeFilter {
  type: string | null;
  display: 'Y' | 'N' | null;
}

export interface NewsletterSummary {
  newsletter_key: number;
  issue_no: number;
  title: string;
  summary: string;
  published_on: string;
}

export interface BookstoreFilter {
  city: string | null;
  town: string | null;
  query: string | null;
}

export interface BookstoreRow {
  bookstoreId: number;
  name: string;
  cityCode: string;
  townCode: string | null;
  address: string;
  phone: string;
  openingHours: string;
  closedDays: string;
}

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
    category_name: faqCategoryNames[category],
    question: str(r, 'question'),
    answer: str(r, 'answer'),
  };
}

function toNewsletter(r: Row): NewsletterSummary {
  return {
    newsletter_key: int(r, 'newsletter_key'),
    issue_no: int(r, 'issue_no'),
    title: str(r, 'title'),
    summary: str(r, 'summary'),
    published_on: str(r, 'published_on'),
  };
}

function toSystemContent(r: Row): SystemContent {
  const sections = JSON.parse(str(r, 'content')) as { heading: string; body: string }[];
  return {
    content_type: oneOf(r, 'content_type', CONTENT_TYPES),
    title: str(r, 'title'),
    version: str(r, 'version'),
    effective_on: str(r, 'effective_on'),
    sections,
    content: sections.map((s) => `${s.heading}\n${s.body}`).join('\n\n'),
  };
}

function toBookstore(r: Row): BookstoreRow {
  return {
    bookstoreId: int(r, 'bookstore_id'),
    name: str(r, 'name'),
    cityCode: str(r, 'city_code'),
    townCode: strOrNull(r, 'town_code'),
    address: str(r, 'address'),
    phone: str(r, 'phone'),
    openingHours: str(r, 'opening_hours'),
    closedDays: str(r, 'closed_days'),
  };
}

export function contentStore(db: Database) {
  const noticeWhere = `WHERE (CAST(:type AS TEXT) IS NULL OR notice_type = :type) AND (CAST(:display AS TEXT) IS NULL OR display_yn = :display)`;
  const listNotices = db.prepare(
    `SELECT notice_info_key, notice_subject, notice_type, display_yn, reg_date FROM notices ${noticeWhere}
      ORDER BY reg_date DESC, notice_info_key DESC LIMIT :limit OFFSET :offset`,
  );
  const countNotices = db.prepare(`SELECT count(*) AS n FROM notices ${noticeWhere}`);
  const getNotice = db.prepare(`SELECT * FROM notices WHERE notice_info_key = ? AND display_yn = 'Y'`);
  const bumpNotice = db.prepare('UPDATE notices SET view_count = view_count + 1 WHERE notice_info_key = ?');
  const faqs = db.prepare('SELECT * FROM faqs WHERE (CAST(:c AS TEXT) IS NULL OR category = :c) ORDER BY category, sort_order');
  const faqCounts = db.prepare('SELECT category, count(*) AS n FROM faqs GROUP BY category');
  const newsletters = db.prepare('SELECT * FROM newsletters ORDER BY issue_no DESC LIMIT ? OFFSET ?');
  const newsletterCount = db.prepare('SELECT count(*) AS n FROM newsletters');
  const newsletter = db.prepare('SELECT * FROM newsletters WHERE newsletter_key = ?');
  const systemContent = db.prepare('SELECT * FROM system_contents WHERE content_type = ?');
  const storeWhere = `WHERE (CAST(:city AS TEXT) IS NULL OR city_code = :city OR city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
    AND (CAST(:town AS TEXT) IS NULL OR town_code = :town) AND (CAST(:q AS TEXT) IS NULL OR ${SQL_FNS[db.dialect].has('name', ':q')} OR ${SQL_FNS[db.dialect].has('address', ':q')})`;
  const listStores = db.prepare(`SELECT * FROM bookstores ${storeWhere} ORDER BY city_code, name LIMIT :limit OFFSET :offset`);
  const countStores = db.prepare(`SELECT count(*) AS n FROM bookstores ${storeWhere}`);
  const storeCities = db.prepare('SELECT city_code, count(*) AS n FROM bookstores GROUP BY city_code ORDER BY city_code');
  const storeExists = db.prepare('SELECT 1 FROM bookstores WHERE bookstore_id = ?');

  return {
    /** Notices newest first; a `limit` of -1 lists all of them. */
    async notices(f: NoticeFilter, page: Limit): Promise<Listed<Notice>> {
      const filter = { type: f.type, display: f.display };
      return { rows: (await listNotices.all({ ...filter, ...limits(page) })).map(toNotice), total: count(await countNotices.get(filter)) };
    },

    /** A displayed notice, counting this reading. Call inside a transaction. */
    async readNotice(key: number): Promise<NoticeDetail | undefined> {
      await bumpNotice.run(key);
      const r = await getNotice.get(key);
      return r ? { ...toNotice(r), notice_content: str(r, 'notice_content'), view_count: int(r, 'view_count') } : undefined;
    },

    async faqs(category: string | null): Promise<Faq[]> {
      return (await faqs.all({ c: category })).map(toFaq);
    },

    /** Each category with its name and number of questions. */
    async faqCategories() {
      const counts = new Map((await faqCounts.all()).map((r) => [str(r, 'category'), int(r, 'n')]));
      return FAQ_CATEGORIES.map((c) => ({ category: c, category_name: faqCategoryNames[c], count: counts.get(c) ?? 0 }));
    },

    async newsletters(page: Limit): Promise<Listed<NewsletterSummary>> {
      return { rows: (await newsletters.all(page.limit, page.offset)).map(toNewsletter), total: count(await newsletterCount.get()) };
    },

    async newsletter(key: number): Promise<(NewsletterSummary & { content: string }) | undefined> {
      const r = await newsletter.get(key);
      return r ? { ...toNewsletter(r), content: str(r, 'content') } : undefined;
    },

    async systemContent(type: string): Promise<SystemContent | undefined> {
      const r = await systemContent.get(type);
      return r ? toSystemContent(r) : undefined;
    },

    async bookstores(f: BookstoreFilter, page: Limit): Promise<Listed<BookstoreRow>> {
      const params = { city: f.city, town: f.town, q: f.query };
      return { rows: (await listStores.all({ ...params, ...limits(page) })).map(toBookstore), total: count(await countStores.get(params)) };
    },

    /** Partner bookstores per city (gu in Cheongju). */
    async bookstoreCities(): Promise<{ cityCode: string; count: number }[]> {
      return (await storeCities.all()).map((r) => ({ cityCode: str(r, 'city_code'), count: int(r, 'n') }));
    },

    async bookstoreExists(bookstoreId: number): Promise<boolean> {
      return await storeExists.get(bookstoreId) !== undefined;
    },
  };
}

