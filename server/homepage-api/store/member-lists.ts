/**
 * The member's activity lists (docs/product.md §7 /activity/list, /user/activity): every
 * activity with a one-line detail, the month's counts per type, and the author talks with
 * whether the member checked in. Also what every member list shares (the filter, its period
 * and order, the earned columns), which the diary and review lists (diaries-reviews.ts) use.
 * Part of the activity store (activities.ts).
 */
import type { ActivityItem, ActivityType } from '#shared/contract/index.ts';
import { ACTIVITY_TYPES, POINT_REASONS } from '#shared/contract/points.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import type { Database } from './dialect.ts';
import { int, intOrNull, listedPage, listedTotal, oneOf, str, strOrNull, limits, type Limit, type Listed, type Row } from './rows.ts';

export const STATUSES = ['recorded', 'revoked'] as const;

/** The member's lists: a period of days (inclusive) and a book. */
export interface ActivityFilter {
  memberId: number;
  from: string | null;
  to: string | null;
  isbn?: string | null;
  type?: ActivityType | null;
}

export interface AuthorTalkRow {
  eventId: number;
  title: string;
  author: string;
  venue: string;
  heldOn: string;
  checkedIn: boolean;
}

export const PERIOD = `AND (CAST(:from AS TEXT) IS NULL OR a.activity_date >= :from) AND (CAST(:to AS TEXT) IS NULL OR a.activity_date <= :to)`;
/** Member lists: the date the member did it, newest first; the same day, the later record first. */
export const NEWEST = 'ORDER BY a.activity_date DESC, a.activity_id DESC';

export const filterParams = (f: ActivityFilter) => ({ m: f.memberId, from: f.from, to: f.to, isbn: f.isbn ?? null });

/** The columns every listed activity answers with. */
export function earned(r: Row) {
  return {
    points: int(r, 'points'),
    point_reason: oneOf(r, 'point_reason', POINT_REASONS),
    status: oneOf(r, 'status', STATUSES),
    activity_date: str(r, 'activity_date'),
    reg_date: str(r, 'created_at'),
  };
}

/** Selects ActivityItem rows with their detail; WHERE/ORDER/LIMIT appended. */
/** The listed activities' columns and joins; `extra` is one more selected column (or none). */
const activitySelect = (extra: string) => `
  SELECT ${extra ? `${extra}, ` : ''}a.activity_id, a.activity_type, a.isbn, b.title AS book_title, a.points, a.point_reason, a.status, a.created_at, a.activity_date,
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

export function memberListStore(db: Database) {
  const listWhere = `WHERE a.member_id = :m AND (CAST(:type AS TEXT) IS NULL OR a.activity_type = :type) ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR a.isbn = :isbn)`;
  const list = db.prepare(`${activitySelect(listedTotal(`FROM activities a ${listWhere}`))} ${listWhere} ${NEWEST} LIMIT :limit OFFSET :offset`);
  const listCount = db.prepare(`SELECT count(*) AS n FROM activities a ${listWhere}`);
  const monthCounts = db.prepare(
    `SELECT activity_type, count(*) AS n, count(*) FILTER (WHERE points > 0) AS earned, sum(points) AS pts
       FROM activities WHERE member_id = ? AND month = ? GROUP BY activity_type`,
  );
  const talks = db.prepare(
    `SELECT t.*, CASE WHEN EXISTS (SELECT 1 FROM author_talk_checkins c WHERE c.event_id = t.event_id AND c.member_id = :me) THEN 1 ELSE 0 END AS checked
       FROM author_talks t WHERE t.held_on BETWEEN :from AND :to ORDER BY t.held_on, t.event_id`,
  );

  return {
    /** All the member's activities (of one type when given), with a one-line detail each. */
    async list(f: ActivityFilter, page: Limit, challengeDays: number): Promise<Listed<ActivityItem>> {
      const params = { m: f.memberId, type: f.type ?? null, from: f.from, to: f.to, isbn: f.isbn ?? null };
      return listedPage(await list.all({ ...params, ...limits(page) }), page, () => listCount.get(params), (r) => toActivityItem(r, challengeDays));
    },

    /** Per activity type in a month: recorded, earning, points. */
    async monthCounts(memberId: number, month: string): Promise<Map<string, { count: number; earned: number; points: number }>> {
      return new Map(
        (await monthCounts.all(memberId, month)).map((r) => [str(r, 'activity_type'), { count: int(r, 'n'), earned: int(r, 'earned'), points: int(r, 'pts') }]),
      );
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
  };
}
