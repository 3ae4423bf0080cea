/**
 * The proofs of the earning writes other than diaries and reviews (docs/product.md §7): loans,
 * bookstore purchases, author-talk check-ins and education certificates — whether one was
 * already used, and their detail rows. Part of the activity store (activities.ts).
 */
import type { Database } from './dialect.ts';
import { int, str } from './rows.ts';

export function activityProofStore(db: Database) {
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

  return {
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
  };
}
