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
import { ruleBroken, conflict, notFound, tooManyRequests } from '../errors.ts';
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

async function requireBook(stores: Stores, isbn: string): Promise<void> {
  if (!await stores.books.exists(isbn)) throw notFound(apiMessages.activity.bookNotFound);
}

const RATE_WINDOW_MS = 60_000;

/**
 * The member's activity writes in the last minute stay under the rule's number (else 429,
 * with the seconds until the oldest leaves the window); this one is counted. Call inside the
 * write's transaction: a write refused later (a repeat) rolls its count back too.
 */
async function countWrite({ stores, settings, member }: WriteContext): Promise<void> {
  const now = settings.clock();
  const max = settings.rules.writesPerMinute;
  // Counted and logged at once (one statement on PostgreSQL, decision 0137): over the rate, the
  // 429 rolls the transaction back, log included.
  const recent = await stores.activities.countAndLogWrite(member.memberId, now - RATE_WINDOW_MS, now);
  if (recent.count >= max) {
    const retryAfterS = Math.max(1, Math.ceil(((recent.oldest ?? now) + RATE_WINDOW_MS - now) / 1000));
    throw tooManyRequests(apiMessages.activity.tooManyWrites(max), retryAfterS);
  }
}

function requireReviewLength(settings: ApiSettings, content: string): void {
  const { reviewMinChars: min, reviewMaxChars: max } = settings.rules;
  const len = charCount(content);
  if (len < min || len > max) throw ruleBroken(apiMessages.activity.reviewLength(min, max));
}

/** A date of this Seoul month, not in the future. */
function requireThisMonth(day: string, today: string, notThisMonth: string): void {
  if (day > today) throw ruleBroken(apiMessages.activity.futureDate);
  if (day.slice(0, 7) !== today.slice(0, 7)) throw ruleBroken(notThisMonth);
}

/** A diary; the same book, day and text as one the member already has → 409. */
export async function writeDiary(ctx: WriteContext, b: DiaryBody): Promise<EarnResult> {
  const { stores, settings, member } = ctx;
  requireParticipant(member, settings.clock());
  const max = settings.rules.diaryMaxChars;
  if (charCount(b.content) > max) throw ruleBroken(apiMessages.activity.diaryTooLong(max));
  return await stores.forMembers([member.memberId], async () => {
    // The book (404 first), the write's rate (429), the rules' reads and then one insert of the
    // activity, its ledger row and the diary: three round trips on PostgreSQL (decision 0137).
    const checks = Promise.allSettled([requireBook(stores, b.isbn), countWrite(ctx)]).then(([book, rate]) => {
      if (book.status === 'rejected') throw book.reason;
      if (rate.status === 'rejected') throw rate.reason;
    });
    const r = await recordActivity(stores, settings, {
      memberId: member.memberId, type: 'diary', isbn: b.isbn, oncePerDay: true, diary: { content: b.content, readPages: b.read_pages ?? null }, alongside: checks,
    });
    if (!r.diaryAdded) throw conflict(apiMessages.activity.diaryRepeat);
    return r;
  });
}

/** A review; a second review of the same book → 409 (the member edits theirs: updateReview). */
export async function writeReview(ctx: WriteContext, b: ReviewBody): Promise<EarnResult> {
  const { stores, settings, member } = ctx;
  requireParticipant(member, settings.clock());
  requireReviewLength(settings, b.content);
  await requireBook(stores, b.isbn);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite(ctx);
    const r = await recordActivity(stores, settings, { memberId: member.memberId, type: 'review', isbn: b.isbn });
    const review = { memberId: member.memberId, isbn: b.isbn, title: b.title, content: b.content, rating: b.rating };
    if (!await stores.activities.addReview(r.activityId, review)) throw conflict(apiMessages.activity.reviewExists);
    return r;
  });
}

/** The member edits their own review (another member's, or none: 404); its points stay as they were. */
export async function updateReview(ctx: WriteContext, reviewKey: number, b: ReviewUpdateBody): Promise<Review> {
  const { stores, settings, member } = ctx;
  const now = settings.clock();
  requireParticipant(member, now);
  requireReviewLength(settings, b.content);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite(ctx);
    const edited = { title: b.title, content: b.content, rating: b.rating };
    if (!await stores.activities.updateReview(member.memberId, reviewKey, edited, now)) throw notFound(apiMessages.activity.reviewNotFound);
    const review = await stores.activities.ownReview(member.memberId, reviewKey);
    if (!review) throw notFound(apiMessages.activity.reviewNotFound);
    return review;
  });
}

export async function writeLoan({ stores, settings, member }: WriteContext, b: LoanBody): Promise<EarnResult> {
  const now = settings.clock();
  requireParticipant(member, now);
  requireThisMonth(b.loan_date, seoulDay(now), apiMessages.activity.loanNotThisMonth);
  const library = await stores.codes.library(b.library_code);
  if (!library) throw ruleBroken(apiMessages.activity.libraryUnknown);
  await requireBook(stores, b.isbn);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite({ stores, settings, member });
    if (await stores.activities.loanExists(member.memberId, b.loan_no)) throw conflict(apiMessages.activity.loanDuplicate);
    const r = await recordActivity(stores, settings, { memberId: member.memberId, type: 'loan', isbn: b.isbn, activityDate: b.loan_date });
    await stores.activities.addLoan(r.activityId, {
      memberId: member.memberId, loanNo: b.loan_no, isbn: b.isbn, libraryCode: library.code, libraryName: library.name, loanDate: b.loan_date,
    });
    return r;
  });
}

export async function writePurchase({ stores, settings, member }: WriteContext, b: PurchaseBody): Promise<EarnResult> {
  const now = settings.clock();
  requireParticipant(member, now);
  requireThisMonth(b.purchase_date, seoulDay(now), apiMessages.activity.purchaseNotThisMonth);
  if (!await stores.content.bookstoreExists(b.bookstore_key)) throw notFound(apiMessages.activity.bookstoreUnknown);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite({ stores, settings, member });
    if (await stores.activities.receiptExists(b.bookstore_key, b.receipt_no)) throw conflict(apiMessages.activity.purchaseDuplicate);
    const r = await recordActivity(stores, settings, { memberId: member.memberId, type: 'purchase', isbn: b.isbn ?? null, activityDate: b.purchase_date });
    await stores.activities.addPurchase(r.activityId, {
      bookstoreId: b.bookstore_key, receiptNo: b.receipt_no, purchaseDate: b.purchase_date, amount: b.amount, bookTitle: b.book_title,
    });
    return r;
  });
}

export async function writeAuthorTalk({ stores, settings, member }: WriteContext, b: AuthorTalkBody): Promise<EarnResult> {
  const now = settings.clock();
  requireParticipant(member, now);
  const talk = await stores.activities.talkByCode(b.check_in_code.toUpperCase());
  if (!talk) throw ruleBroken(apiMessages.activity.talkCodeWrong);
  if (talk.heldOn !== seoulDay(now)) throw ruleBroken(apiMessages.activity.talkNotToday);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite({ stores, settings, member });
    if (await stores.activities.talkCheckedIn(member.memberId, talk.eventId)) throw conflict(apiMessages.activity.talkDuplicate);
    const r = await recordActivity(stores, settings, { memberId: member.memberId, type: 'authortalk' });
    await stores.activities.addTalkCheckin(r.activityId, member.memberId, talk.eventId);
    return r;
  });
}

export async function writeEdu({ stores, settings, member }: WriteContext, b: EduBody): Promise<EarnResult> {
  const now = settings.clock();
  requireParticipant(member, now);
  const type = await stores.activities.eduType(b.edu_type);
  if (!type) throw ruleBroken(apiMessages.activity.eduTypeUnknown);
  const certNo = b.certificate_no.trim().toUpperCase();
  if (!new RegExp(type.pattern).test(certNo)) throw ruleBroken(apiMessages.activity.eduNumberInvalid(type.example));
  const today = seoulDay(now);
  if (b.completed_on > today) throw ruleBroken(apiMessages.activity.futureDate);
  if (b.completed_on.slice(0, 4) !== today.slice(0, 4)) throw ruleBroken(apiMessages.activity.eduNotThisYear);
  return await stores.forMembers([member.memberId], async () => {
    await countWrite({ stores, settings, member });
    if (await stores.activities.certificateExists(certNo)) throw conflict(apiMessages.activity.eduDuplicate);
    const r = await recordActivity(stores, settings, { memberId: member.memberId, type: 'edu', activityDate: b.completed_on });
    await stores.activities.addEdu(r.activityId, { eduType: b.edu_type, certificateNo: certNo, courseName: b.course_name, completedOn: b.completed_on });
    return r;
  });
}
