/** Book clubs (domain.md "Book clubs"): clubs, members, meetings and attendance. */
import type { Database } from './db.ts';
import { count, int, str, strOrNull, limits, type Limit, type Listed, type Row } from './rows.ts';
import { isoSeoul } from '../time.ts';

export interface ClubRow {
  clubId: number;
  name: string;
  leaderId: number;
  leaderName: string;
  capacity: number;
  memberCount: number;
  cityCode: string;
  schedule: string;
  /** The next meeting the leader announced (may be past). */
  nextMeetingOn: string | null;
  description: string;
  /** The asking member belongs to it. */
  joined: boolean;
}

export interface ClubMemberRow {
  memberId: number;
  userNo: string;
  userName: string;
  leader: boolean;
}

export interface MeetingRow {
  meetingId: number;
  heldOn: string;
  topic: string;
  isbn: string | null;
  bookTitle: string | null;
  attendeeCount: number;
}

function toClub(r: Row): ClubRow {
  return {
    clubId: int(r, 'club_id'),
    name: str(r, 'name'),
    leaderId: int(r, 'leader_id'),
    leaderName: str(r, 'leader_name'),
    capacity: int(r, 'capacity'),
    memberCount: int(r, 'member_count'),
    cityCode: str(r, 'city_code'),
    schedule: str(r, 'schedule'),
    nextMeetingOn: strOrNull(r, 'next_meeting_on'),
    description: str(r, 'description'),
    joined: int(r, 'joined') === 1,
  };
}

export function clubStore(db: Database) {
  const select = `
    SELECT c.*, l.user_name AS leader_name,
           (SELECT count(*) FROM club_members cm WHERE cm.club_id = c.club_id) AS member_count,
           CASE WHEN EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.club_id AND cm.member_id = :me) THEN 1 ELSE 0 END AS joined
      FROM book_clubs c JOIN members l ON l.member_id = c.leader_id`;
  const one = db.prepare(`${select} WHERE c.club_id = :id`);
  const lock = db.prepare({
    sqlite: 'SELECT club_id FROM book_clubs WHERE club_id = ?',
    postgres: 'SELECT club_id FROM book_clubs WHERE club_id = ? FOR UPDATE',
  });
  const filter = `WHERE (CAST(:city AS TEXT) IS NULL OR c.city_code = :city OR c.city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
    AND (:mine = 0 OR EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.club_id AND cm.member_id = :me))`;
  const list = db.prepare(`${select} ${filter} ORDER BY c.club_id LIMIT :limit OFFSET :offset`);
  const listCount = db.prepare(`SELECT count(*) AS n FROM book_clubs c ${filter}`);
  const members = db.prepare(
    `SELECT m.member_id, m.user_no, m.user_name, c.leader_id FROM club_members cm JOIN members m ON m.member_id = cm.member_id
       JOIN book_clubs c ON c.club_id = cm.club_id WHERE cm.club_id = ? ORDER BY cm.joined_at, m.member_id`,
  );
  const meetings = db.prepare(
    `SELECT mt.*, b.title, (SELECT count(*) FROM club_attendance a WHERE a.meeting_id = mt.meeting_id) AS n
       FROM club_meetings mt LEFT JOIN books b ON b.isbn = mt.isbn WHERE mt.club_id = ? ORDER BY mt.held_on DESC, mt.meeting_id DESC LIMIT 50`,
  );
  const join = db.prepare('INSERT INTO club_members (club_id, member_id, joined_at) VALUES (?, ?, ?)');
  const leave = db.prepare('DELETE FROM club_members WHERE club_id = ? AND member_id = ?');
  const byUserNo = db.prepare(
    `SELECT m.member_id, m.user_name, cm.club_id FROM members m
       LEFT JOIN club_members cm ON cm.member_id = m.member_id AND cm.club_id = ? WHERE m.user_no = ?`,
  );
  const meetingOn = db.prepare('SELECT 1 FROM club_meetings WHERE club_id = ? AND held_on = ?');
  const addMeeting = db.prepare(
    'INSERT INTO club_meetings (club_id, held_on, topic, isbn, recorded_at) VALUES (?, ?, ?, ?, ?) RETURNING meeting_id',
  );
  const setNextMeeting = db.prepare('UPDATE book_clubs SET next_meeting_on = ? WHERE club_id = ?');
  const addAttendance = db.prepare('INSERT INTO club_attendance (activity_id, meeting_id, member_id) VALUES (?, ?, ?)');

  return {
    /** A club as `me` (a member id, or null for a visitor) sees it. */
    /** Holds the club's row until the transaction ends (PostgreSQL; SQLite serialises writes anyway). */
    async lock(clubId: number): Promise<void> {
      await lock.get(clubId);
    },

    async club(clubId: number, me: number | null): Promise<ClubRow | undefined> {
      const r = await one.get({ id: clubId, me });
      return r ? toClub(r) : undefined;
    },

    async list(f: { city: string | null; mineOnly: boolean; me: number | null }, page: Limit): Promise<Listed<ClubRow>> {
      const params = { city: f.city, mine: f.mineOnly && f.me !== null ? 1 : 0, me: f.me };
      return { rows: (await list.all({ ...params, ...limits(page) })).map(toClub), total: count(await listCount.get(params)) };
    },

    async members(clubId: number): Promise<ClubMemberRow[]> {
      return (await members.all(clubId)).map((r) => ({
        memberId: int(r, 'member_id'),
        userNo: str(r, 'user_no'),
        userName: str(r, 'user_name'),
        leader: int(r, 'member_id') === int(r, 'leader_id'),
      }));
    },

    async meetings(clubId: number): Promise<MeetingRow[]> {
      return (await meetings.all(clubId)).map((r) => ({
        meetingId: int(r, 'meeting_id'),
        heldOn: str(r, 'held_on'),
        topic: str(r, 'topic'),
        isbn: strOrNull(r, 'isbn'),
        bookTitle: strOrNull(r, 'title'),
        attendeeCount: int(r, 'n'),
      }));
    },

    async join(clubId: number, memberId: number, at: number): Promise<void> {
      await join.run(clubId, memberId, isoSeoul(at));
    },

    async leave(clubId: number, memberId: number): Promise<void> {
      await leave.run(clubId, memberId);
    },

    /** The member with this member number, and whether they belong to the club. */
    async byUserNo(clubId: number, userNo: string): Promise<{ memberId: number; userName: string; inClub: boolean } | undefined> {
      const r = await byUserNo.get(clubId, userNo);
      return r ? { memberId: int(r, 'member_id'), userName: str(r, 'user_name'), inClub: r['club_id'] !== null } : undefined;
    },

    async hasMeetingOn(clubId: number, day: string): Promise<boolean> {
      return await meetingOn.get(clubId, day) !== undefined;
    },

    async addMeeting(m: { clubId: number; heldOn: string; topic: string; isbn: string | null; at: number }): Promise<number> {
      return int(await addMeeting.get(m.clubId, m.heldOn, m.topic, m.isbn, isoSeoul(m.at)) ?? {}, 'meeting_id');
    },

    /** The next meeting's day, or null to clear it. */
    async setNextMeeting(clubId: number, day: string | null): Promise<void> {
      await setNextMeeting.run(day, clubId);
    },

    async addAttendance(activityId: number, meetingId: number, memberId: number): Promise<void> {
      await addAttendance.run(activityId, meetingId, memberId);
    },
  };
}

