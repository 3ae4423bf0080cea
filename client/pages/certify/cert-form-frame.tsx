/**
 * What the three certification forms share: the page action's frame (its message, the kind it
 * certifies and the submit button, busy while it is sent), the date of this month's loan or
 * purchase, and the ISBN field. Each form's own chunk imports it (decision 0034).
 */
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router-dom';
import { type Earned } from '#client/forms/earn-result.tsx';
import { FormMessage, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { TextField } from '#client/forms/text-field.tsx';
import { WriteForm } from '#client/forms/write-form.tsx';
import type { CertForm } from './certify-page.tsx';
import { certifyText } from './messages.ts';

/** The form's message element: its fields' errors point to it. */
export const CERT_MESSAGE = 'cert-message';

export function CertFormFrame({ type, result, children }: { type: CertForm['type']; result: FormResult<Earned> | undefined; children: ReactNode }) {
  const busy = useNavigation().state === 'submitting';
  useFormFeedback(result);
  return (
    <WriteForm draft={{ id: `certify:${type}`, kind: type }} className="stack-form" noValidate aria-busy={busy} aria-labelledby="cert-title">
      <FormMessage result={result} id={CERT_MESSAGE} />
      <input type="hidden" name="type" value={type} />
      {children}
      <div className="card__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {certifyText.submit}
        </button>
      </div>
    </WriteForm>
  );
}

/** A date of this month up to today (a loan's, a purchase's): today unless the member changes it. */
export function ThisMonthDate({ name, label, hint, today, monthStart, result }: { name: string; label: string; hint: string; today: string; monthStart: string; result: FormResult<Earned> | undefined }) {
  return (
    <TextField id={name} name={name} label={label} hint={hint} type="date" short min={monthStart} max={today} fallback={today} result={result} messageId={CERT_MESSAGE} />
  );
}

/** The book's ISBN, typed with or without hyphens. */
export function IsbnField({ id, label, above, fallback, result }: { id: string; label: string; above?: ReactNode; fallback?: string; result: FormResult<Earned> | undefined }) {
  return (
    <TextField
      id={id}
      name="isbn"
      label={label}
      hint={certifyText.isbnHint}
      above={above}
      inputMode="numeric"
      maxLength={17}
      autoComplete="off"
      {...(fallback !== undefined ? { fallback } : {})}
      result={result}
      messageId={CERT_MESSAGE}
    />
  );
}
