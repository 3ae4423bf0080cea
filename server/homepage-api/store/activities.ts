/**
 * Reading activities (docs/product.md §7 /activity/*): the activity rows every earning write adds,
 * their detail rows (diary, review, loan, purchase, author-talk check-in, education
 * certificate), the member's lists and the monthly ranking. Statements prepared once.
 */
import type { ActivityItem, ActivityType, Diary, DiaryHistory, PointReason, Review } from '#shared/contract/index.ts';
import { ACTIVITY_TYPES, POINT_REASONS } from '#shared/contract/points.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { isoSeoul } from '../time.ts';
import type { Database } from './db.ts';
import { count, int, intOrNull, oneOf, str, strOrNull, limits, type Limit, type Listed, type Row } from './rows.ts';

const STATUSES = ['recorded', 'revoked'] as const;

export interface NewActivity {
  memberId: number;
  type: ActivityType;
  isbn: string | null;
  points: number;
  reason: PointReason;
  day: string;
  /** The date the member did it (loan date, purchase date, meeting day…); default `day`. */
  activityDate?: string;
  at: number;
}

export interface StoredActivity {
  activityId: number;
  memberId: number;
  type: ActivityType;
  points: number;
  status: (typeof STATUSES)[number];
}

/** The member's lists: a period of days (inclusive) and a book. */
export interface ActivityFilter {
  memberId: number;
  from: string | null;
  to: string | null;
  isbn?: string | null;
  type?: ActivityType | null;
}

export interface PublicReviewRow {
  activityId: number;
  memberId: number;
  userName: string;
  title: string;
  content: string;
  rating: number;
  activityDate: string;
}

export interface AuthorTalkRow {
  eventId: number;
  title: string;
  author: string;
  venue: string;
  heldOn: string;
  checkedIn: boolean;
}

export interface RankingRow {
  rank: number;
  memberId: number;
  userName: string;
  cityCode: string | null;
  points: number;
  activityCount: number;
}

/** Selects ActivityItem rows with their detail; WHERE/ORDER/LIMIT appended. */
const ACTIVITY_SELECT = `
  SELECT a.activity_id, a.activity_type, a.isbn, b.title AS book_title, a.points, a.point_reason, a.status, a.created_at, a.activity_date,
         d.content AS diary_content, rv.title AS review_title, l.library_name, bs.name AS bookstore_name,
         p.book_title AS purchase_title, at.title AS talk_title, ec.course_name, bc.name AS club_name, cm.topic,
         cc.day_no
    FROM activities a
    LEFT JOIN books b ON b.isbn = a.isbn
    LEFT JOIN diaries d ON d.activity_id = a.activity_id
    LEFT JOIN reviews rv ON rv.activity_id = a.activity_id
    LEFT JOIN loans l ON l.activity_id = a.activity_id
    LEFT JOIN purchases p ON p.activity_id = a.activity_id
    LEFT JOIN bookstores bs ON bs.bookstore_id = p.bookstore_id
    LEFT JOIN author_talk_checkins atc ON atc.activity_id = a.activity_id
    LEFT JOIN author_talks at ON at.event_id = atc.event_id
    LEFT JOIN edu_certifications ec ON ec.activity_id = a.activity_id
    LEFT JOIN club_attendance ca ON ca.activity_id = a.activity_id
    LEFT JOIN club_meetings cm ON cm.meeting_id = ca.meeting_id
    LEFT JOIN book_clubs bc ON bc.club_id = cm.club_id
    LEFT JOIN challenge_checkins cc ON cc.activity_id = a.activity_id`;

const PERIOD = `AND (CAST(:from AS TEXT) IS NULL OR a.activity_date >= :from) AND (CAST(:to AS TEXT) IS NULL OR a.activity_date <= :to)`;
/** Member lists: the date the member did it, newest first; the same day, the later record first. */
const NEWEST = 'ORDER BY a.activity_date DESC, a.activity_id DESC';

function earned(r: Row) {
  return {
    points: int(r, 'points'),
    point_reason: oneOf(r, 'point_reason', POINT_REASONS),
    status: oneOf(r, 'status', STATUSES),
    activity_date: str(r, 'activity_date'),
    reg_date: str(r, 'created_at'),
  };
}

function toReview(r: Row): Review {
  return {
    activity_key: int(r, 'activity_id'),
    isbn: str(r, 'r_isbn'),
    book_title: strOrNull(r, 'title'),
    book_author: strOrNull(r, 'author'),
    title: str(r, 'r_title'),
    content: str(r, 'content'),
    rating: int(r, 'rating'),
    ...earned(r),
    mod_date: strOrNull(r, 'edited_at'),
  };
}

function toActivityItem(r: Row, challengeDays: number): ActivityItem {
  const type = oneOf(r, 'activity_type', ACTIVITY_TYPES);
  const pick = (...keys: string[]) => keys.map((k) => strOrNull(r, k)).filter((v): v is string => v !== null).join(' · ');
  const detail: Record<ActivityType, () => string> = {
    diary: () => [...(strOrNull(r, 'diary_content') ?? '')].slice(0, 40).join(''),
    review: () => pick('review_title'),
    loan: () => pick('library_name'),
    purchase: () => pick('bookstore_name', 'purchase_title'),
    bookclub: () => pick('club_name', 'topic'),
    authortalk: () => pick('talk_title'),
    edu: () => pick('course_name'),
    checkin: () => apiMessages.activity.checkinDetail(intOrNull(r, 'day_no') ?? 0),
    challenge: () => apiMessages.activity.challengeDetail(challengeDays),
  };
  return {
    activity_key: int(r, 'activity_id'),
    activity_type: type,
    activity_name: activityNames[type],
    isbn: strOrNull(r, 'isbn'),
    book_title: strOrNull(r, 'book_title'),
    detail: detail[type](),
    ...earned(r),
  };
}

export function activityStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at, activity_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING activity_id`,
  );
  const ofType = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ?');
  const onDay = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND day = ?');
  const inMonth = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ?');
  const earnedInMonth = db.prepare(
    'SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ? AND points > 0',
  );
  const byId = db.prepare('SELECT * FROM activities WHERE activity_id = ?');
  const revoke = db.prepare("UPDATE activities SET status = 'revoked' WHERE activity_id = ?");

  // Repeats and second reviews are refused by the partial unique indexes (migration 0008):
  // nothing is inserted, and the caller rolls its transaction back.
  const insertDiary = db.prepare(
    `INSERT INTO diaries (activity_id, isbn, content, read_pages, member_id, written_on) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (member_id, isbn, written_on, content) WHERE repeat_of IS NULL DO NOTHING`,
  );
  const insertReview = db.prepare(
    `INSERT INTO reviews (activity_id, isbn, title, content, rating, member_id) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (member_id, isbn) WHERE repeat_of IS NULL DO NOTHING`,
  );
  const reviewOfBook = db.prepare('SELECT activity_id FROM reviews WHERE member_id = ? AND isbn = ? AND repeat_of IS NULL');
  const updateReview = db.prepare(
    'UPDATE reviews SET title = :title, content = :content, rating = :rating, edited_at = :at WHERE activity_id = :id AND member_id = :m',
  );
  const pruneWrites = db.prepare('DELETE FROM member_writes WHERE member_id = ? AND (written_at <= ? OR written_at > ?)');
  const recentWrites = db.prepare('SELECT count(*) AS n, min(written_at) AS oldest FROM member_writes WHERE member_id = ?');
  const logWrite = db.prepare('INSERT INTO member_writes (member_id, written_at) VALUES (?, ?)');
  const loanExists = db.prepare('SELECT 1 FROM loans WHERE member_id = ? AND loan_no = ?');
  const insertLoan = db.prepare(
    'INSERT INTO loans (activity_id, member_id, loan_no, isbn, library_code, library_name, loan_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const receiptExists = db.prepare('SELECT 1 FROM purchases WHERE bookstore_id = ? AND receipt_no = ?');
  const insertPurchase = db.prepare(
    'INSERT INTO purchases (activity_id, bookstore_id, receipt_no, purchase_date, amount, book_title) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const talkByCode = db.prepare('SELECT event_id, held_on FROM author_talks WHERE check_in_code = ?');
  const talkCheckedIn = db.prepare('SELECT 1 FROM author_talk_checkins WHERE member_id = ? AND event_id = ?');
  const insertTalkCheckin = db.prepare('INSERT INTO author_talk_checkins (activity_id, member_id, event_id) VALUES (?, ?, ?)');
  const eduTypes = db.prepare('SELECT * FROM edu_types ORDER BY edu_type');
  const eduType = db.prepare('SELECT number_pattern, number_example FROM edu_types WHERE edu_type = ?');
  const certificateExists = db.prepare('SELECT 1 FROM edu_certifications WHERE certificate_no = ?');
  const insertEdu = db.prepare(
    'INSERT INTO edu_certifications (activity_id, edu_type, certificate_no, course_name, completed_on) VALUES (?, ?, ?, ?, ?)',
  );

  const diaryFrom = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = d.isbn
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR d.isbn = :isbn)`;
  const diaries = db.prepare(
    `SELECT a.*, d.isbn AS d_isbn, d.content, d.read_pages, b.title, b.author ${diaryFrom}
      ${NEWEST} LIMIT :limit OFFSET :offset`,
  );
  const diaryCount = db.prepare(`SELECT count(*) AS n ${diaryFrom}`);
  const historyBase = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR d.isbn = :isbn)`;
  const history = db.prepare(
    `SELECT g.*, b.title, b.author FROM (
       SELECT d.isbn, count(*) AS n, coalesce(sum(d.read_pages), 0) AS pages, min(a.activity_date) AS first_day,
              max(a.activity_date) AS last_day, max(a.activity_id) AS last_id ${historyBase} GROUP BY d.isbn) g
     LEFT JOIN books b ON b.isbn = g.isbn ORDER BY g.last_day DESC, g.last_id DESC LIMIT :limit OFFSET :offset`,
  );
  const historyCount = db.prepare(`SELECT count(DISTINCT d.isbn) AS n ${historyBase}`);
  const reviewFrom = `FROM activities a JOIN reviews rv ON rv.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = rv.isbn
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR rv.isbn = :isbn)`;
  const reviewColumns = 'a.*, rv.isbn AS r_isbn, rv.title AS r_title, rv.content, rv.rating, rv.edited_at, b.title, b.author';
  const reviews = db.prepare(`SELECT ${reviewColumns} ${reviewFrom} ${NEWEST} LIMIT :limit OFFSET :offset`);
  const ownReview = db.prepare(
    `SELECT ${reviewColumns} FROM activities a JOIN reviews rv ON rv.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = rv.isbn
      WHERE a.activity_id = :id AND a.member_id = :m`,
  );
  const reviewCount = db.prepare(`SELECT count(*) AS n ${reviewFrom}`);
  const listWhere = `WHERE a.member_id = :m AND (CAST(:type AS TEXT) IS NULL OR a.activity_type = :type) ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR a.isbn = :isbn)`;
  const list = db.prepare(`${ACTIVITY_SELECT} ${listWhere} ${NEWEST} LIMIT :limit OFFSET :offset`);
  const listCount = db.prepare(`SELECT count(*) AS n FROM activities a ${listWhere}`);
  const monthCounts = db.prepare(
    `SELECT activity_type, count(*) AS n, count(*) FILTER (WHERE points > 0) AS earned, sum(points) AS pts
       FROM activities WHERE member_id = ? AND month = ? GROUP BY activity_type`,
  );
  const rankedTotals = `WITH totals AS (
      SELECT l.member_id, sum(l.points) AS pts, count(DISTINCT l.activity_id) FILTER (WHERE l.entry_type = 'earn') AS cnt
        FROM point_ledger l JOIN members m ON m.member_id = l.member_id
       WHERE l.month = :month AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active'
       GROUP BY l.member_id HAVING sum(l.points) > 0),
    ranked AS (SELECT t.*, rank() OVER (ORDER BY pts DESC) AS rnk, row_number() OVER (ORDER BY pts DESC, cnt DESC, member_id) AS pos FROM totals t)
    SELECT r.*, m.user_name, m.city_code FROM ranked r JOIN members m ON m.member_id = r.member_id`;
  const ranking = db.prepare(`${rankedTotals} ORDER BY r.pos LIMIT :limit OFFSET :offset`);
  const rankOf = db.prepare(`${rankedTotals} WHERE r.member_id = :me`);
  const rankingCount = db.prepare(
    `SELECT count(*) AS n FROM (SELECT l.member_id FROM point_ledger l JOIN members m ON m.member_id = l.member_id
      WHERE l.month = ? AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active' GROUP BY l.member_id HAVING sum(l.points) > 0) x`,
  );
  // One review per member on a book's page: copies stored before migration 0008 are left out.
  const publicFrom = `FROM reviews rv JOIN activities a ON a.activity_id = rv.activity_id JOIN members m ON m.member_id = a.member_id
    WHERE rv.isbn = :isbn AND a.status = 'recorded' AND rv.repeat_of IS NULL`;
  const publicReviews = db.prepare(
    `SELECT a.activity_id, a.member_id, a.activity_date, rv.title, rv.content, rv.rating, m.user_name ${publicFrom}
      ${NEWEST} LIMIT :limit OFFSET :offset`,
  );
  const publicReviewCount = db.prepare(`SELECT count(*) AS n ${publicFrom}`);
  const talks = db.prepare(
    `SELECT t.*, CASE WHEN EXISTS (SELECT 1 FROM author_talk_checkins c WHERE c.event_id = t.event_id AND c.member_id = :me) THEN 1 ELSE 0 END AS checked
       FROM author_talks t WHERE t.held_on BETWEEN :from AND :to ORDER BY t.held_on, t.event_id`,
  );
  const toRanking = (r: Row): RankingRow => ({
    rank: int(r, 'rnk'),
    memberId: int(r, 'member_id'),
    userName: str(r, 'user_name'),
    cityCode: strOrNull(r, 'city_code'),
    points: int(r, 'pts'),
    activityCount: int(r, 'cnt'),
  });
  const filterParams = (f: ActivityFilter) => ({ m: f.memberId, from: f.from, to: f.to, isbn: f.isbn ?? null });

  return {
    /** Adds the activity row; its ledger row and detail row are the caller's (same transaction). */
    async add(a: NewActivity): Promise<number> {
      const r = await insert.get(a.memberId, a.type, a.isbn, a.points, a.reason, a.day, a.day.slice(0, 7), isoSeoul(a.at), a.activityDate ?? a.day);
      if (!r) throw new Error('activity insert returned nothing');
      return int(r, 'activity_id');
    },

    /** Activities of a type the member ever recorded. */
    async countOfType(memberId: number, type: ActivityType): Promise<number> {
      return count(await ofType.get(memberId, type));
    },

    async countOnDay(memberId: number, type: ActivityType, day: string): Promise<number> {
      return count(await onDay.get(memberId, type, day));
    },

    /** Activities of a type recorded in a month, whatever they earned. */
    async countInMonth(memberId: number, type: ActivityType, month: string): Promise<number> {
      return count(await inMonth.get(memberId, type, month));
    },

    /** Activities of a type that earned points in a month: what a monthly limit counts. */
    async earnedCountInMonth(memberId: number, type: ActivityType, month: string): Promise<number> {
      return count(await earnedInMonth.get(memberId, type, month));
    },

    async byId(activityId: number): Promise<StoredActivity | undefined> {
      const r = await byId.get(activityId);
      return r
        ? {
            activityId: int(r, 'activity_id'),
            memberId: int(r, 'member_id'),
            type: oneOf(r, 'activity_type', ACTIVITY_TYPES),
            points: int(r, 'points'),
            status: oneOf(r, 'status', STATUSES),
          }
        : undefined;
    },

    async revoke(activityId: number): Promise<void> {
      await revoke.run(activityId);
    },

    /**
     * The diary row of an activity; false (nothing inserted) when the member already has a
     * diary of the same book, day and text. Call in a transaction, and roll it back on false.
     */
    async addDiary(activityId: number, d: { memberId: number; isbn: string; content: string; readPages: number | null; writtenOn: string }): Promise<boolean> {
      return Number((await insertDiary.run(activityId, d.isbn, d.content, d.readPages, d.memberId, d.writtenOn)).changes) === 1;
    },

    /**
     * The review row of an activity; false (nothing inserted) when the member already has a
     * review of the book. Call in a transaction, and roll it back on false.
     */
    async addReview(activityId: number, r: { memberId: number; isbn: string; title: string; content: string; rating: number }): Promise<boolean> {
      return Number((await insertReview.run(activityId, r.isbn, r.title, r.content, r.rating, r.memberId)).changes) === 1;
    },

    /** The member's review of a book (its activity id), if they wrote one. */
    async reviewOfBook(memberId: number, isbn: string): Promise<number | undefined> {
      const r = await reviewOfBook.get(memberId, isbn);
      return r ? int(r, 'activity_id') : undefined;
    },

    /** Replaces the title, text and rating of the member's own review; false when it is not theirs or does not exist. */
    async updateReview(memberId: number, activityId: number, r: { title: string; content: string; rating: number }, at: number): Promise<boolean> {
      return Number((await updateReview.run({ id: activityId, m: memberId, title: r.title, content: r.content, rating: r.rating, at: isoSeoul(at) })).changes) === 1;
    },

    /** The member's own review, as their review list shows it. */
    async ownReview(memberId: number, activityId: number): Promise<Review | undefined> {
      const r = await ownReview.get({ id: activityId, m: memberId });
      return r ? toReview(r) : undefined;
    },

    /**
     * The member's activity writes in (since, until] (ms): how many, and when the oldest was.
     * Others are forgotten first (older ones, and any after `until` that a clock set back
     * left). Call in the write's transaction.
     */
    async writesSince(memberId: number, since: number, until: number): Promise<{ count: number; oldest: number | null }> {
      await pruneWrites.run(memberId, since, until);
      const r = await recentWrites.get(memberId);
      return { count: count(r), oldest: r ? intOrNull(r, 'oldest') : null };
    },

    /** Counts a write towards the member's rate. Call in the write's transaction. */
    async logWrite(memberId: number, at: number): Promise<void> {
      await logWrite.run(memberId, at);
    },

    async loanExists(memberId: number, loanNo: string): Promise<boolean> {
      return await loanExists.get(memberId, loanNo) !== undefined;
    },

    async addLoan(activityId: number, l: { memberId: number; loanNo: string; isbn: string; libraryCode: string; libraryName: string; loanDate: string }): Promise<void> {
      await insertLoan.run(activityId, l.memberId, l.loanNo, l.isbn, l.libraryCode, l.libraryName, l.loanDate);
    },

    async receiptExists(bookstoreId: number, receiptNo: string): Promise<boolean> {
      return await receiptExists.get(bookstoreId, receiptNo) !== undefined;
    },

    async addPurchase(activityId: number, p: { bookstoreId: number; receiptNo: string; purchaseDate: string; amount: number; bookTitle: string }): Promise<void> {
      await insertPurchase.run(activityId, p.bookstoreId, p.receiptNo, p.purchaseDate, p.amount, p.bookTitle);
    },

    /** The author talk with this check-in code (codes are stored upper case). */
    async talkByCode(code: string): Promise<{ eventId: number; heldOn: string } | undefined> {
      const r = await talkByCode.get(code);
      return r ? { eventId: int(r, 'event_id'), heldOn: str(r, 'held_on') } : undefined;
    },

    async talkCheckedIn(memberId: number, eventId: number): Promise<boolean> {
      return await talkCheckedIn.get(memberId, eventId) !== undefined;
    },

    async addTalkCheckin(activityId: number, memberId: number, eventId: number): Promise<void> {
      await insertTalkCheckin.run(activityId, memberId, eventId);
    },

    async eduTypes(): Promise<{ edu_type: string; name: string; description: string; number_example: string }[]> {
      return (await eduTypes.all()).map((r) => ({
        edu_type: str(r, 'edu_type'),
        name: str(r, 'name'),
        description: str(r, 'description'),
        number_example: str(r, 'number_example'),
      }));
    },

    async eduType(type: string): Promise<{ pattern: string; example: string } | undefined> {
      const r = await eduType.get(type);
      return r ? { pattern: str(r, 'number_pattern'), example: str(r, 'number_example') } : undefined;
    },

    async certificateExists(certificateNo: string): Promise<boolean> {
      return await certificateExists.get(certificateNo) !== undefined;
    },

    async addEdu(activityId: number, e: { eduType: string; certificateNo: string; courseName: string; completedOn: string }): Promise<void> {
      await insertEdu.run(activityId, e.eduType, e.certificateNo, e.courseName, e.completedOn);
    },

    async diaries(f: ActivityFilter, page: Limit): Promise<Listed<Diary>> {
      const params = filterParams(f);
      return {
        rows: (await diaries.all({ ...params, ...limits(page) })).map((r) => ({
          activity_key: int(r, 'activity_id'),
          isbn: str(r, 'd_isbn'),
          book_title: strOrNull(r, 'title'),
          book_author: strOrNull(r, 'author'),
          content: str(r, 'content'),
          read_pages: intOrNull(r, 'read_pages'),
          ...earned(r),
        })),
        total: count(await diaryCount.get(params)),
      };
    },

    /** Diaries grouped by book: how many, pages read, first and last day. */
    async diaryHistory(f: ActivityFilter, page: Limit): Promise<Listed<DiaryHistory>> {
      const params = filterParams(f);
      return {
        rows: (await history.all({ ...params, ...limits(page) })).map((r) => ({
          isbn: str(r, 'isbn'),
          book_title: strOrNull(r, 'title'),
          book_author: strOrNull(r, 'author'),
          diary_count: int(r, 'n'),
          total_pages: int(r, 'pages'),
          first_date: str(r, 'first_day'),
          last_date: str(r, 'last_day'),
        })),
        total: count(await historyCount.get(params)),
      };
    },

    async reviews(f: ActivityFilter, page: Limit): Promise<Listed<Review>> {
      const params = filterParams(f);
      return {
        rows: (await reviews.all({ ...params, ...limits(page) })).map(toReview),
        total: count(await reviewCount.get(params)),
      };
    },

    /** All the member's activities (of one type when given), with a one-line detail each. */
    async list(f: ActivityFilter, page: Limit, challengeDays: number): Promise<Listed<ActivityItem>> {
      const params = { m: f.memberId, type: f.type ?? null, from: f.from, to: f.to, isbn: f.isbn ?? null };
      return {
        rows: (await list.all({ ...params, ...limits(page) })).map((r) => toActivityItem(r, challengeDays)),
        total: count(await listCount.get(params)),
      };
    },

    /** Per activity type in a month: recorded, earning, points. */
    async monthCounts(memberId: number, month: string): Promise<Map<string, { count: number; earned: number; points: number }>> {
      return new Map(
        (await monthCounts.all(memberId, month)).map((r) => [str(r, 'activity_type'), { count: int(r, 'n'), earned: int(r, 'earned'), points: int(r, 'pts') }]),
      );
    },

    /** A book's reviews that were not revoked, newest first, with their writers' names. */
    async publicReviews(isbn: string, page: Limit): Promise<Listed<PublicReviewRow>> {
      return {
        rows: (await publicReviews.all({ isbn, ...limits(page) })).map((r) => ({
          activityId: int(r, 'activity_id'),
          memberId: int(r, 'member_id'),
          userName: str(r, 'user_name'),
          title: str(r, 'title'),
          content: str(r, 'content'),
          rating: int(r, 'rating'),
          activityDate: str(r, 'activity_date'),
        })),
        total: count(await publicReviewCount.get({ isbn })),
      };
    },

    /** Author talks held in [from, to], in date order, and whether `me` checked in (never the codes). */
    async authorTalks(from: string, to: string, me: number | null): Promise<AuthorTalkRow[]> {
      return (await talks.all({ from, to, me })).map((r) => ({
        eventId: int(r, 'event_id'),
        title: str(r, 'title'),
        author: str(r, 'author'),
        venue: str(r, 'venue'),
        heldOn: str(r, 'held_on'),
        checkedIn: int(r, 'checked') === 1,
      }));
    },

    /** Active members by points (earned less clawed back) in a month. */
    async ranking(month: string, page: Limit): Promise<Listed<RankingRow>> {
      return { rows: (await ranking.all({ month, ...limits(page) })).map(toRanking), total: count(await rankingCount.get(month)) };
    },

    async rankOf(month: string, memberId: number): Promise<RankingRow | undefined> {
      const r = await rankOf.get({ month, me: memberId });
      return r ? toRanking(r) : undefined;
    },
  };
}

