/**
 * Seeds the reference API with realistic data. Idempotent: rows carry fixed keys and
 * are inserted with INSERT OR IGNORE, so running it again changes nothing. Fast (well
 * under a second): no scrypt, prepared statements, one transaction.
 */
import { transaction, type Database } from '../store/db.ts';
import { createStores, type Stores } from '../store/index.ts';
import { tokenHash } from '../auth/tokens.ts';
import { SEED_NOTICES } from './notices.ts';
import { SEED_REGIONS } from './regions.ts';
import { NAMED_MEMBERS, SSO_TEST, generatedMembers, type SeedMember } from './members.ts';
import { SEED_CODES, SEED_CONTENTS } from './system-contents.ts';
import { SEED_AUTHOR_TALKS, SEED_BOOKSTORES, SEED_CLUBS, SEED_EDU_TYPES, SEED_FAQS, SEED_NEWSLETTERS } from './content.ts';
import { SEED_BOOK_COUNT, curatedBooks, generatedBooks } from './books.ts';
import { seedProgramme } from './programme.ts';
import { bookWriter, fillBookKeys } from '../search/book-search.ts';
import { SEED_LIBRARIES, homeLibraryOf } from './libraries.ts';
import { resolveSettings, type ApiSettings } from '../settings.ts';
import { addDays, isoSeoul, seoulDay } from '../time.ts';

function seedMembers(db: Database, members: readonly SeedMember[]): void {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO members
       (member_id, user_id, user_no, user_key, user_name, password_hash, user_auth, phone, email,
        province_code, city_code, town_code, birth_year, status, valid_until, agree_yn, agree_date,
        notice_yn, notice_date, kakao_linked_yn, created_at, updated_at, home_library)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '43', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of members) {
    insert.run(
      m.key, m.userId, m.userNo, m.userKey, m.name, m.hash, m.auth, m.phone, m.email, m.city, m.town,
      m.birthYear, m.status, m.validUntil, m.agree, m.agree === 'Y' ? m.created : null, m.notice,
      m.notice === 'Y' ? m.created : null, m.kakao, m.created, m.created, homeLibraryOf(m.city).name,
    );
  }
}

export function seed(db: Database, settings: ApiSettings = resolveSettings(), stores: Stores = createStores(db)): void {
  transaction(db, () => {
    const notice = db.prepare(
      `INSERT OR IGNORE INTO notices
         (notice_info_key, notice_subject, notice_content, notice_type, display_yn, reg_date)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const n of SEED_NOTICES) notice.run(n.key, n.subject, n.content, n.type, n.display, n.date);

    const region = db.prepare(
      'INSERT OR IGNORE INTO regions (region_code, region_name, parent_code, level, sort_order) VALUES (?, ?, ?, ?, ?)',
    );
    for (const r of SEED_REGIONS) region.run(r.code, r.name, r.parent, r.level, r.order);
    const library = db.prepare('INSERT OR IGNORE INTO libraries (library_code, library_name, city_code, sort_order) VALUES (?, ?, ?, ?)');
    for (const l of SEED_LIBRARIES) library.run(l.code, l.name, l.city, l.order);

    const code = db.prepare('INSERT OR IGNORE INTO codes (code_group, code, code_name, code_value) VALUES (?, ?, ?, ?)');
    for (const c of SEED_CODES) code.run(c.group, c.code, c.name, c.value);

    const content = db.prepare(
      'INSERT OR IGNORE INTO system_contents (content_type, title, content, version, effective_on) VALUES (?, ?, ?, ?, ?)',
    );
    for (const c of SEED_CONTENTS) content.run(c.type, c.title, JSON.stringify(c.sections), c.version, c.effective);

    seedMembers(db, NAMED_MEMBERS);
    seedMembers(db, generatedMembers());
    db.prepare('INSERT OR IGNORE INTO sso_tokens (token_hash, member_id, expires_at) VALUES (?, 1, ?)').run(
      tokenHash(SSO_TEST.token),
      Date.parse('2099-12-31T23:59:59+09:00'),
    );

    const faq = db.prepare('INSERT OR IGNORE INTO faqs (faq_key, category, question, answer, sort_order) VALUES (?, ?, ?, ?, ?)');
    for (const f of SEED_FAQS) faq.run(f.key, f.category, f.q, f.a, f.key);
    const letter = db.prepare(
      'INSERT OR IGNORE INTO newsletters (newsletter_key, issue_no, title, summary, content, published_on) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const n of SEED_NEWSLETTERS) letter.run(n.key, n.issue, n.title, n.summary, n.content, n.date);
    const store = db.prepare(
      `INSERT OR IGNORE INTO bookstores (bookstore_id, name, city_code, town_code, address, phone, opening_hours, closed_days)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const b of SEED_BOOKSTORES) store.run(b.key, b.name, b.city, b.town, b.address, b.phone, b.hours, b.closed);
    const edu = db.prepare('INSERT OR IGNORE INTO edu_types (edu_type, name, description, number_pattern, number_example) VALUES (?, ?, ?, ?, ?)');
    for (const e of SEED_EDU_TYPES) edu.run(e.type, e.name, e.description, e.pattern, e.example);

    const today = seoulDay(settings.clock());
    const talk = db.prepare('INSERT OR IGNORE INTO author_talks (event_id, title, author, venue, held_on, check_in_code) VALUES (?, ?, ?, ?, ?, ?)');
    for (const t of SEED_AUTHOR_TALKS) talk.run(t.key, t.title, t.author, t.venue, addDays(today, t.offsetDays), t.code);
    const club = db.prepare(
      `INSERT OR IGNORE INTO book_clubs (club_id, name, leader_id, capacity, city_code, schedule, description, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const clubMember = db.prepare('INSERT OR IGNORE INTO club_members (club_id, member_id, joined_at) VALUES (?, ?, ?)');
    for (const c of SEED_CLUBS) {
      club.run(c.key, c.name, c.leader, c.capacity, c.city, c.schedule, c.description, '2026-02-01T09:00:00+09:00');
      for (const m of c.members) clubMember.run(c.key, m, isoSeoul(Date.parse('2026-02-01T09:00:00+09:00') + m * 60_000));
    }

    // The next meetings leaders announced: club 1 tomorrow (its reminder goes out today at
    // 18:00), club 2 in nine days. Once per database, dated from the first seeding.
    if (Number(db.prepare("INSERT OR IGNORE INTO seed_marks (mark, done_at) VALUES ('club-next-meetings-v1', ?)").run(isoSeoul(settings.clock())).changes) === 1) {
      stores.clubs.setNextMeeting(1, addDays(today, 1));
      stores.clubs.setNextMeeting(2, addDays(today, 9));
    }

    // Books: the curated list, then generated ones up to SEED_BOOK_COUNT. Only new rows are indexed.
    const addBook = bookWriter(db);
    const curated = curatedBooks();
    for (const b of curated) addBook(b);
    for (const b of generatedBooks(0, SEED_BOOK_COUNT - curated.length)) addBook(b);
    fillBookKeys(db);

    seedProgramme(db, stores, settings, curated.map((b) => b.isbn));
  });
}
