/** 구매 인증: a paper book bought at a partner bookstore this month — store, date, receipt, amount, title; and its action. */
import { Form, useNavigation } from 'react-router-dom';
import { requiredMessage } from '#shared/messages-form.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';
import { programmeMessages } from '#shared/messages-programme.ts';
import { homepage } from '#client/api/homepage.ts';
import { isIsbn } from '#client/components/book-lookup.ts';
import { type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, FormMessage, useFormFeedback, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { normaliseText } from '#client/forms/text-length.ts';
import type { CertForm } from './certify-page.tsx';
import { certifyText } from './messages.ts';
import { TextField } from '#client/forms/text-field.tsx';


type PurchaseData = Extract<CertForm, { type: 'purchase' }>;

const PURCHASE_FIELDS = ['bookstore_key', 'purchase_date', 'receipt_no', 'amount', 'book_title', 'isbn'] as const;

/** 구매 인증's action: the required fields, the amount and ISBN, then the API's answer (paper books only). */
export async function purchaseAction(form: FormData, context: unknown) {
  const values = keptValues(form, PURCHASE_FIELDS);
  const missing = firstMissing(form, [
    { name: 'bookstore_key', label: certifyText.bookstore },
    { name: 'purchase_date', label: certifyText.purchaseDate },
    { name: 'receipt_no', label: certifyText.receiptNo },
    { name: 'amount', label: certifyText.amount },
    { name: 'book_title', label: certifyText.bookTitle },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const amount = Number(field(form, 'amount').replace(/[,\s]/g, ''));
  if (!Number.isInteger(amount) || amount < 1 || amount > 10_000_000) {
    return formError(context, certifyText.amountInvalid, { field: 'amount', values });
  }
  const store = Number(field(form, 'bookstore_key'));
  if (!Number.isInteger(store) || store < 1) return formError(context, requiredMessage(certifyText.bookstore), { field: 'bookstore_key', values });
  const isbn = normaliseIsbn(field(form, 'isbn'));
  if (isbn !== '' && !isIsbn(isbn)) return formError(context, programmeMessages.isbnInvalid, { field: 'isbn', values });
  const answer = await homepage(context).post('/activity/authentication/purchase', {
    body: {
      bookstore_key: store,
      purchase_date: field(form, 'purchase_date'),
      receipt_no: field(form, 'receipt_no').trim(),
      amount,
      book_title: normaliseText(field(form, 'book_title')).slice(0, 200),
      ...(isbn ? { isbn } : {}),
      book_format: 'paper',
    },
  });
  return earnAnswerResult(context, answer, { field: 'receipt_no', values });
}

export function PurchaseForm({
  form,
  result,
  today,
  monthStart,
}: {
  form: PurchaseData;
  result: FormResult<Earned> | undefined;
  today: string;
  monthStart: string;
}) {
  const busy = useNavigation().state === 'submitting';
  useFormFeedback(result);
  const msg = 'cert-message';
  return (
    <Form method="post" className="stack-form" noValidate aria-busy={busy} aria-labelledby="cert-title">
      <FormMessage result={result} id={msg} />
      <p className="notice-box">{certifyText.paperOnly}</p>
      <input type="hidden" name="type" value="purchase" />
      <div className="field">
        <label className="field__label" htmlFor="bookstore_key">
          {certifyText.bookstore}
        </label>
        <select
          id="bookstore_key"
          name="bookstore_key"
          className="select"
          defaultValue={initial(result, 'bookstore_key')}
          {...fieldState(result, 'bookstore_key', msg)}
        >
          <option value="">{certifyText.bookstoreChoose}</option>
          {form.bookstores.map((b) => (
            <option key={b.bookstore_key} value={b.bookstore_key}>
              {b.name} ({b.city_name})
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="purchase_date"
        name="purchase_date"
        label={certifyText.purchaseDate}
        hint={certifyText.purchaseDateHint}
        type="date"
        short
        min={monthStart}
        max={today}
        fallback={today}
        result={result}
        messageId={msg}
      />
      <TextField id="receipt_no" name="receipt_no" label={certifyText.receiptNo} hint={certifyText.receiptNoHint} maxLength={40} autoComplete="off" result={result} messageId={msg} />
      <TextField
        id="amount"
        name="amount"
        label={certifyText.amount}
        unit={certifyText.amountUnit}
        short
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        result={result}
        messageId={msg}
      />
      <TextField id="book_title" name="book_title" label={certifyText.bookTitle} maxLength={200} result={result} messageId={msg} />
      <TextField
        id="purchase-isbn"
        name="isbn"
        label={certifyText.isbnOptional}
        hint={certifyText.isbnHint}
        inputMode="numeric"
        maxLength={17}
        autoComplete="off"
        result={result}
        messageId={msg}
      />
      <div className="card__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {certifyText.submit}
        </button>
      </div>
    </Form>
  );
}
