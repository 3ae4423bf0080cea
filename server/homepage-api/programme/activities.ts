/**
 * The earning writes of /activity (domain.md "Earning"): each checks its proof, then
 * records the activity, its detail row and its ledger entry in one transaction — in which
 * it also counts towards the member's write rate, and the database refuses a repeated diary
 * or a second review of a book (decision 0113). Editing one's own review earns nothing new.
 */
import type {
  AuthorTalkBody, DiaryBody, EduBody, LoanBody, PurchaseBody, Review, ReviewBody, ReviewUpdateBody,
} from '#shared/contract/activity.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../errors.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import type { Member } from '../store/members.ts';
import { seoulDay } from '../time.ts';
import { recordActivity, type EarnResult } from './earn.ts';
import { charCount, requireParticipant } from './participant.ts';

/** Everything a write needs: the stores, the settings and the signed-in member. */
export interface WriteContext {
  stores: Stores;
  settings: ApiSettings;
  member: Member;
}

function requireBook(stores: Stores, isbn: string): void {
  if (!stores.books.exists(isbn)) throw notFound(apiMessages.activity.bookNotFound);
}

const RATE_WINDOW_MS = 60_000;

/**
 * The member's activity writes in the last minute stay under the rule's number (else 429,
 * with the seconds until the oldest leaves the window); this one is counted. Call inside the
 * write's transaction: a write refused later (a repeat) rolls its count back too.
 */
function countWrite({ stores, settings, member }: WriteContext): void {
  const now = settings.clock();
  const max = settings.rules.writesPerMinute;
  const recent = stores.activities.writesSince(member.memberId, now - RATE_WINDOW_MS, now);
  if (recent.count >= max) {
    const retryAfterS = Math.max(1, Math.ceil(((recent.oldest ?? now) + RATE_WINDOW_MS - now) / 1000));
    throw tooManyRequests(apiMessages.activity.tooManyWrites(max), retryAfterS);
  }
  stores.activities.logWrite(member.memberId, now);
}

function requireReviewLength(settings: ApiSettings, content: string): void {
  const { reviewMinChars: min, reviewMaxChars: max } = settings.rules;
  const len = charCount(content);
  if (len < min || len > max) throw badRequest(apiMessages.activity.reviewLength(min, max));
}

/** A date of this Seoul month, not in the future. */
function requireThisMonth(day: string, today: string, notThisMonth: string): void {
  if (day > today) throw badRequest(apiMessages.activity.futureDate);
  if (day.slice(0, 7) !== today.slice(0, 7)) throw badRequest(notThisMonth);
}

/** A diary; the same book, day and text as one the member already has → 409. */
export function writeDiary(ctx: WriteContext, b: DiaryBody): EarnResult {
  const { stores, settings, member } = ctx;
  requireParticipant(member, settings.clock());
  const max = settings.rules.diaryMaxChars;
  if (charCount(b.content) > max) throw badRequest(apiMessages.activity.diaryTooLong(max));
  requireBook(stores, b.isbn);
  return stores.transaction(() => {
    countWrite(ctx);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'diary', isbn: b.isbn, oncePerDay: true });
    const diary = { memberId: member.memberId, isbn: b.isbn, content: b.content, readPages: b.read_pages ?? null, writtenOn: r.activityDate };
    if (!stores.activities.addDiary(r.activityId, diary)) throw conflict(apiMessages.activity.diaryRepeat);
    return r;
  });
}

/** A review; a second review of the same book → 409 (the member edits theirs: updateReview). */
export function writeReview(ctx: WriteContext, b: ReviewBody): EarnResult {
  const { stores, settings, member } = ctx;
  requireParticipant(member, settings.clock());
  requireReviewLength(settings, b.content);
  requireBook(stores, b.isbn);
  return stores.transaction(() => {
    countWrite(ctx);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'review', isbn: b.isbn });
    const review = { memberId: member.memberId, isbn: b.isbn, title: b.title, content: b.content, rating: b.rating };
    if (!stores.activities.addReview(r.activityId, review)) throw conflict(apiMessages.activity.reviewExists);
    return r;
  });
}

/** The member edits their own review (another member's, or none: 404); its points stay as they were. */
export function updateReview(ctx: WriteContext, reviewKey: number, b: ReviewUpdateBody): Review {
  const { stores, settings, member } = ctx;
  const now = settings.clock();
  requireParticipant(member, now);
  requireReviewLength(settings, b.content);
  return stores.transaction(() => {
    countWrite(ctx);
    const edited = { title: b.title, content: b.content, rating: b.rating };
    if (!stores.activities.updateReview(member.memberId, reviewKey, edited, now)) throw notFound(apiMessages.activity.reviewNotFound);
    const review = stores.activities.ownReview(member.memberId, reviewKey);
    if (!review) throw notFound(apiMessages.activity.reviewNotFound);
    return review;
  });
}

export function writeLoan({ stores, settings, member }: WriteContext, b: LoanBody): EarnResult {
  const now = settings.clock();
  requireParticipant(member, now);
  requireThisMonth(b.loan_date, seoulDay(now), apiMessages.activity.loanNotThisMonth);
  const library = stores.codes.library(b.library_code);
  if (!library) throw badRequest(apiMessages.activity.libraryUnknown);
  requireBook(stores, b.isbn);
  return stores.transaction(() => {
    countWrite({ stores, settings, member });
    if (stores.activities.loanExists(member.memberId, b.loan_no)) throw conflict(apiMessages.activity.loanDuplicate);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'loan', isbn: b.isbn, activityDate: b.loan_date });
    stores.activities.addLoan(r.activityId, {
      memberId: member.memberId, loanNo: b.loan_no, isbn: b.isbn, libraryCode: library.code, libraryName: library.name, loanDate: b.loan_date,
    });
    return r;
  });
}

export function writePurchase({ stores, settings, member }: WriteContext, b: PurchaseBody): EarnResult {
  const now = settings.clock();
  requireParticipant(member, now);
  requireThisMonth(b.purchase_date, seoulDay(now), apiMessages.activity.purchaseNotThisMonth);
  if (!stores.content.bookstoreExists(b.bookstore_key)) throw notFound(apiMessages.activity.bookstoreUnknown);
  return stores.transaction(() => {
    countWrite({ stores, settings, member });
    if (stores.activities.receiptExists(b.bookstore_key, b.receipt_no)) throw conflict(apiMessages.activity.purchaseDuplicate);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'purchase', isbn: b.isbn ?? null, activityDate: b.purchase_date });
    stores.activities.addPurchase(r.activityId, {
      bookstoreId: b.bookstore_key, receiptNo: b.receipt_no, purchaseDate: b.purchase_date, amount: b.amount, bookTitle: b.book_title,
    });
    return r;
  });
}

export function writeAuthorTalk({ stores, settings, member }: WriteContext, b: AuthorTalkBody): EarnResult {
  const now = settings.clock();
  requireParticipant(member, now);
  const talk = stores.activities.talkByCode(b.check_in_code.toUpperCase());
  if (!talk) throw badRequest(apiMessages.activity.talkCodeWrong);
  if (talk.heldOn !== seoulDay(now)) throw badRequest(apiMessages.activity.talkNotToday);
  return stores.transaction(() => {
    countWrite({ stores, settings, member });
    if (stores.activities.talkCheckedIn(member.memberId, talk.eventId)) throw conflict(apiMessages.activity.talkDuplicate);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'authortalk' });
    stores.activities.addTalkCheckin(r.activityId, member.memberId, talk.eventId);
    return r;
  });
}

export function writeEdu({ stores, settings, member }: WriteContext, b: EduBody): EarnResult {
  const now = settings.clock();
  requireParticipant(member, now);
  const type = stores.activities.eduType(b.edu_type);
  if (!type) throw badRequest(apiMessages.activity.eduTypeUnknown);
  const certNo = b.certificate_no.trim().toUpperCase();
  if (!new RegExp(type.pattern).test(certNo)) throw badRequest(apiMessages.activity.eduNumberInvalid(type.example));
  const today = seoulDay(now);
  if (b.completed_on > today) throw badRequest(apiMessages.activity.futureDate);
  if (b.completed_on.slice(0, 4) !== today.slice(0, 4)) throw badRequest(apiMessages.activity.eduNotThisYear);
  return stores.transaction(() => {
    countWrite({ stores, settings, member });
    if (stores.activities.certificateExists(certNo)) throw conflict(apiMessages.activity.eduDuplicate);
    const r = recordActivity(stores, settings, { memberId: member.memberId, type: 'edu', activityDate: b.completed_on });
    stores.activities.addEdu(r.activityId, { eduType: b.edu_type, certificateNo: certNo, courseName: b.course_name, completedOn: b.completed_on });
    return r;
  });
}
