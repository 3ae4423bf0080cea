/** 구매 인증: a paper book bought at a partner bookstore this month — store, date, receipt, amount, title; and its action. */
import { requiredMessage } from '#shared/messages-form.ts';
import { type Earned } from '#client/forms/earn-result.tsx';
import { field, fieldState, initial, type FormResult } from '#client/forms/form-result.tsx';
import { normaliseText } from '#client/forms/text-length.ts';
import { TextField } from '#client/forms/text-field.tsx';
import type { CertForm } from './certify-page.tsx';
import { certAction, isbnOf } from './cert-action.ts';
import { CERT_MESSAGE, CertFormFrame, IsbnField, ThisMonthDate } from './cert-form-frame.tsx';
import { certifyText } from './messages.ts';

type PurchaseData = Extract<CertForm, { type: 'purchase' }>;

/** 구매 인증's action: the required fields, the amount and ISBN, then the API's answer (paper books only). */
export function purchaseAction(form: FormData, context: unknown) {
  return certAction(form, context, {
    kept: ['bookstore_key', 'purchase_date', 'receipt_no', 'amount', 'book_title', 'isbn'],
    required: [
      { name: 'bookstore_key', label: certifyText.bookstore },
      { name: 'purchase_date', label: certifyText.purchaseDate },
      { name: 'receipt_no', label: certifyText.receiptNo },
      { name: 'amount', label: certifyText.amount },
      { name: 'book_title', label: certifyText.bookTitle },
    ],
    write: (form) => {
      const amount = Number(field(form, 'amount').replace(/[,\s]/g, ''));
      if (!Number.isInteger(amount) || amount < 1 || amount > 10_000_000) return { field: 'amount', message: certifyText.amountInvalid };
      const store = Number(field(form, 'bookstore_key'));
      if (!Number.isInteger(store) || store < 1) return { field: 'bookstore_key', message: requiredMessage(certifyText.bookstore) };
      const isbn = isbnOf(form, true);
      if (typeof isbn !== 'string') return isbn;
      return {
        type: 'purchase',
        body: {
          bookstore_key: store,
          purchase_date: field(form, 'purchase_date'),
          receipt_no: field(form, 'receipt_no').trim(),
          amount,
          book_title: normaliseText(field(form, 'book_title')).slice(0, 200),
          ...(isbn ? { isbn } : {}),
          book_format: 'paper',
        },
      };
    },
    refusedAt: 'receipt_no',
  });
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
