/**
 * Seeds the reference API with realistic data. Idempotent: rows carry fixed keys and
 * are inserted with INSERT OR IGNORE, so running it again changes nothing.
 */
import { transaction, type Database } from '../store/db.ts';
import { SEED_NOTICES } from './notices.ts';

export function seed(db: Database): void {
  transaction(db, () => {
    const insert = db.prepare(
      `INSERT OR IGNORE INTO notices
         (notice_info_key, notice_subject, notice_content, notice_type, display_yn, reg_date)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const n of SEED_NOTICES) insert.run(n.key, n.subject, n.content, n.type, n.display, n.date);
  });
}
