/**
 * Seeds the reference API with realistic data. Idempotent: rows carry fixed keys and
 * are inserted with ON CONFLICT DO NOTHING, so running it again changes nothing. Fast (well
 * under a second): no scrypt, prepared statements, one transaction.
 */
import { SEED_LOCK, SYNC_IDENTITIES, type Database } from '../store/db.ts';
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

async function seedMembers(db: Database, members: readonly SeedMember[]): Promise<void> {
  const insert = db.prepare(
    `INSERT INTO members
       (member_id, user_id, user_no, user_key, user_name, password_hash, user_auth, phone, email,
        province_code, city_code, town_code, birth_year, status, valid_until, agree_yn, agree_date,
        notice_yn, notice_date, kakao_linked_yn, created_at, updated_at, home_library)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '43', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  for (const m of members) {
    await insert.run(
      m.key, m.userId, m.userNo, m.userKey, m.name, m.hash, m.auth, m.phone, m.email, m.city, m.town,
      m.birthYear, m.status, m.validUntil, m.agree, m.agree === 'Y' ? m.created : null, m.notice,
      m.notice === 'Y' ? m.created : null, m.kakao, m.created, m.created, homeLibraryOf(m.city).name,
    );
  }
}

export async function seed(db: Database, settings: ApiSettings = resolveSettings(), stores: Stores = createStores(db)): Promise<void> {
  await db.transaction(async () => {
    await db.exec(SEED_LOCK);
    const notice = db.prepare(
      `INSERT INTO notices
         (notice_info_key, notice_subject, notice_content, notice_type, display_yn, reg_date)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    for (const n of SEED_NOTICES) await notice.run(n.key, n.subject, n.content, n.type, n.display, n.date);

    const region = db.prepare(
      'INSERT INTO regions (region_code, region_name, parent_code, level, sort_order) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    for (const r of SEED_REGIONS) await region.run(r.code, r.name, r.parent, r.level, r.order);
    const library = db.prepare('INSERT INTO libraries (library_code, library_name, city_code, sort_order) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    for (const l of SEED_LIBRARIES) await library.run(l.code, l.name, l.city, l.order);

    const code = db.prepare('INSERT INTO codes (code_group, code, code_name, code_value) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    for (const c of SEED_CODES) await code.run(c.group, c.code, c.name, c.value);

    const content = db.prepare(
      'INSERT INTO system_contents (content_type, title, content, version, effective_on) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    for (const c of SEED_CONTENTS) await content.run(c.type, c.title, JSON.stringify(c.sections), c.version, c.effective);

    await seedMembers(db, NAMED_MEMBERS);
    await seedMembers(db, generatedMembers());
    await db.prepare('INSERT INTO sso_tokens (token_hash, member_id, expires_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING').run(
      tokenHash(SSO_TEST.token),
      Date.parse('2099-12-31T23:59:59+09:00'),
    );

    const faq = db.prepare('INSERT INTO faqs (faq_key, category, question, answer, sort_order) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    for (const f of SEED_FAQS) await faq.run(f.key, f.category, f.q, f.a, f.key);
    const letter = db.prepare(
      'INSERT INTO newsletters (newsletter_key, issue_no, title, summary, content, published_on) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    for (const n of SEED_NEWSLETTERS) await letter.run(n.key, n.issue, n.title, n.summary, n.content, n.date);
    const store = db.prepare(
      `INSERT INTO bookstores (bookstore_id, name, city_code, town_code, address, phone, opening_hours, closed_days)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    for (const b of SEED_BOOKSTORES) await store.run(b.key, b.name, b.city, b.town, b.address, b.phone, b.hours, b.closed);
    const edu = db.prepare('INSERT INTO edu_types (edu_type, name, description, number_pattern, number_example) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    for (const e of SEED_EDU_TYPES) await edu.run(e.type, e.name, e.description, e.pattern, e.example);

    const today = seoulDay(settings.clock());
    const talk = db.prepare('INSERT INTO author_talks (event_id, title, author, venue, held_on, check_in_code) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    for (const t of SEED_AUTHOR_TALKS) await talk.run(t.key, t.title, t.author, t.venue, addDays(today, t.offsetDays), t.code);
    const club = db.prepare(
      `INSERT INTO book_clubs (club_id, name, leader_id, capacity, city_code, schedule, description, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    const clubMember = db.prepare('INSERT INTO club_members (club_id, member_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    for (const c of SEED_CLUBS) {
      await club.run(c.key, c.name, c.leader, c.capacity, c.city, c.schedule, c.description, '2026-02-01T09:00:00+09:00');
      for (const m of c.members) await clubMember.run(c.key, m, isoSeoul(Date.parse('2026-02-01T09:00:00+09:00') + m * 60_000));
    }

    // The next meetings leaders announced: club 1 tomorrow (its reminder goes out today at
    // 18:00), club 2 in nine days. Once per database, dated from the first seeding.
    if ((await db.prepare("INSERT INTO seed_marks (mark, done_at) VALUES ('club-next-meetings-v1', ?) ON CONFLICT DO NOTHING").run(isoSeoul(settings.clock()))).changes === 1) {
      await stores.clubs.setNextMeeting(1, addDays(today, 1));
      await stores.clubs.setNextMeeting(2, addDays(today, 9));
    }

    // Books: the curated list, then generated ones up to SEED_BOOK_COUNT. Only new rows are indexed.
    // Marked once loaded, so a restart does not send 2,000 statements to a database server again
    // (a new book list comes with a new mark).
    const curated = curatedBooks();
    if ((await db.prepare("INSERT INTO seed_marks (mark, done_at) VALUES ('books-v1', ?) ON CONFLICT DO NOTHING").run(isoSeoul(settings.clock()))).changes === 1) {
      const addBook = bookWriter(db);
      for (const b of curated) await addBook(b);
      for (const b of generatedBooks(0, SEED_BOOK_COUNT - curated.length)) await addBook(b);
    }
    await fillBookKeys(db);

    await seedProgramme(db, stores, settings, curated.map((b) => b.isbn));
    await db.exec(SYNC_IDENTITIES);
  });
}
