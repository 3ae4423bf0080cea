/** 구매 인증: a paper book bought at a partner bookstore this month — store, date, receipt, amount, title; and its action. */
import { requiredMessage } from '#shared/messages-form.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';
import { programmeMessages } from '#shared/messages-programme.ts';
import { homepage } from '#client/api/homepage.ts';
import { isIsbn } from '#client/components/book-lookup.ts';
import { type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';
import { normaliseText } from '#client/forms/text-length.ts';
import type { CertForm } from './certify-page.tsx';
import { certifyText } from './messages.ts';
import { TextField } from '#client/forms/text-field.tsx';
import { CERT_MESSAGE, CertFormFrame, IsbnField, ThisMonthDate } from './cert-form-frame.tsx';

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
    idempotencyKey: writeKeyOf(form),
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
  return (
    <CertFormFrame type="purchase" result={result}>
      <p className="notice-box">{certifyText.paperOnly}</p>
      <div className="field">
        <label className="field__label" htmlFor="bookstore_key">
          {certifyText.bookstore}
        </label>
        <select
          id="bookstore_key"
          name="bookstore_key"
          className="select"
          defaultValue={initial(result, 'bookstore_key')}
          {...fieldState(result, 'bookstore_key', CERT_MESSAGE)}
        >
          <option value="">{certifyText.bookstoreChoose}</option>
          {form.bookstores.map((b) => (
            <option key={b.bookstore_key} value={b.bookstore_key}>
              {b.name} ({b.city_name})
            </option>
          ))}
        </select>
      </div>
      <ThisMonthDate name="purchase_date" label={certifyText.purchaseDate} hint={certifyText.purchaseDateHint} today={today} monthStart={monthStart} result={result} />
      <TextField id="receipt_no" name="receipt_no" label={certifyText.receiptNo} hint={certifyText.receiptNoHint} maxLength={40} autoComplete="off" result={result} messageId={CERT_MESSAGE} />
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
        messageId={CERT_MESSAGE}
      />
      <TextField id="book_title" name="book_title" label={certifyText.bookTitle} maxLength={200} result={result} messageId={CERT_MESSAGE} />
      <IsbnField id="purchase-isbn" label={certifyText.isbnOptional} result={result} />
    </CertFormFrame>
  );
}
