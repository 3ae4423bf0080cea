/**
 * Seeds the reference API with realistic data. Idempotent: rows carry fixed keys and
 * are inserted with INSERT OR IGNORE, so running it again changes nothing. Fast (well
 * under a second): no scrypt, prepared statements, one transaction.
 */
import { transaction, type Database } from '../store/db.ts';
import { tokenHash } from '../auth/tokens.ts';
import { SEED_NOTICES } from './notices.ts';
import { SEED_REGIONS } from './regions.ts';
import { NAMED_MEMBERS, SSO_TEST, generatedMembers, type SeedMember } from './members.ts';
import { SEED_CODES, SEED_CONTENTS } from './system-contents.ts';

function seedMembers(db: Database, members: readonly SeedMember[]): void {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO members
       (member_id, user_id, user_no, user_key, user_name, password_hash, user_auth, phone, email,
        province_code, city_code, town_code, birth_year, status, valid_until, agree_yn, agree_date,
        notice_yn, notice_date, kakao_linked_yn, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '43', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of members) {
    insert.run(
      m.key, m.userId, m.userNo, m.userKey, m.name, m.hash, m.auth, m.phone, m.email, m.city, m.town,
      m.birthYear, m.status, m.validUntil, m.agree, m.agree === 'Y' ? m.created : null, m.notice,
      m.notice === 'Y' ? m.created : null, m.kakao, m.created, m.created,
    );
  }
}

export function seed(db: Database): void {
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
  });
}
