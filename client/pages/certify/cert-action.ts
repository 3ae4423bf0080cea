/**
 * What the three certifications' actions share (loan-form.tsx, purchase-form.tsx,
 * talk-form.tsx): the values a refused form shows again, the required fields in the form's
 * order, the form's own checks, then the write sent once under the form's key (decision 0145)
 * and the API's answer as what it earned. Each form's own chunk imports it (decision 0034), so
 * each form holds only its fields, its checks and its body.
 */
import type { AuthorTalkBody, LoanBody, PurchaseBody } from '#shared/contract/activity.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';
import { programmeMessages } from '#shared/messages-programme.ts';
import { homepage } from '#client/api/homepage.ts';
import { isIsbn } from '#client/components/book-lookup.ts';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, formError, keptValues } from '#client/forms/form-result.tsx';
import { firstMissing, type RequiredField } from '#client/forms/required.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';

/** What a certification sends: its kind and the body the API takes for it. */
type CertWrite = { type: 'loan'; body: LoanBody } | { type: 'purchase'; body: PurchaseBody } | { type: 'authortalk'; body: AuthorTalkBody };

/** A field the form refuses before anything is sent, and what it says. */
export interface CertRefusal {
  field: string;
  message: string;
}

export interface Cert {
  /** The fields a refused form shows again as they were typed. */
  kept: readonly string[];
  /** The required fields, in the form's order. */
  required: readonly RequiredField[];
  /** The form's own checks once every required field is there: a refusal, or the write. */
  write: (form: FormData) => CertRefusal | CertWrite;
  /** The field an answer the API refuses points at. */
  refusedAt: string;
}

/** A certification's action: required fields, the form's own checks, then the API's answer. */
export async function certAction(form: FormData, context: unknown, cert: Cert) {
  const values = keptValues(form, cert.kept);
  const missing = firstMissing(form, cert.required);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const write = cert.write(form);
  if ('message' in write) return formError(context, write.message, { field: write.field, values });
  const api = homepage(context);
  const idempotencyKey = writeKeyOf(form);
  const answer =
    write.type === 'loan'
      ? await api.post('/activity/authentication/loan', { body: write.body, idempotencyKey })
      : write.type === 'purchase'
        ? await api.post('/activity/authentication/purchase', { body: write.body, idempotencyKey })
        : await api.post('/activity/authentication/authortalk', { body: write.body, idempotencyKey });
  return earnAnswerResult(context, answer, { field: cert.refusedAt, values });
}

/** The form's ISBN as the API takes it (no hyphens), or its refusal; left empty, it is '' where `optional`. */
export function isbnOf(form: FormData, optional: boolean): string | CertRefusal {
  const isbn = normaliseIsbn(field(form, 'isbn'));
  if ((optional && isbn === '') || isIsbn(isbn)) return isbn;
  return { field: 'isbn', message: programmeMessages.isbnInvalid };
}
