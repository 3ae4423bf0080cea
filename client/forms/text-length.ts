/**
 * Characters as the homepage API counts them (decision 0106): Unicode code points of the
 * NFC form, so a counter and the API never disagree about 200 or 1,000 characters
 * (`'한'` typed as two jamo, or an emoji of two UTF-16 units, count once).
 */
import { DIARY_MAX_CHARS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS, programmeMessages } from '#shared/messages-programme.ts';

/** What a member sends: the text without surrounding blanks, in NFC. */
export function normaliseText(s: string): string {
  return s.trim().normalize('NFC');
}

/** The length of a text as sent: code points of its trimmed NFC form. */
export function charCount(s: string): number {
  return [...normaliseText(s)].length;
}

/** The review's length rule (200 to 1,000 characters): its message, or null when the length is fine. */
export function reviewLengthProblem(content: string): string | null {
  const count = charCount(content);
  if (count < REVIEW_MIN_CHARS) return programmeMessages.reviewTooShort;
  if (count > REVIEW_MAX_CHARS) return programmeMessages.reviewTooLong;
  return null;
}

/** The diary's length rule (up to 200 characters; empty is the required-field check's). */
export function diaryLengthProblem(content: string): string | null {
  return charCount(content) > DIARY_MAX_CHARS ? programmeMessages.diaryTooLong : null;
}
