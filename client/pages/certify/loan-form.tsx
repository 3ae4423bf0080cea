/** 대출 인증: the library, the loan number, the book (ISBN, or found by a search) and the loan date; and its action. */
import type { BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { ChosenBook } from '#client/components/chosen-book.tsx';
import { BookPicker } from '#client/components/book-picker.tsx';
import { type Earned } from '#client/forms/earn-result.tsx';
import { field, fieldState, initial, type FormResult } from '#client/forms/form-result.tsx';
import { TextField } from '#client/forms/text-field.tsx';
import type { CertForm } from './certify-page.tsx';
import { certAction, isbnOf } from './cert-action.ts';
import { CERT_MESSAGE, CertFormFrame, IsbnField, ThisMonthDate } from './cert-form-frame.tsx';
import { certifyText } from './messages.ts';

type LoanData = Extract<CertForm, { type: 'loan' }>;

/** 대출 인증's action: the required fields, the ISBN's form, then the API's answer. */
export function loanAction(form: FormData, context: unknown) {
  return certAction(form, context, {
    kept: ['library_code', 'loan_no', 'isbn', 'loan_date'],
    required: [
      { name: 'library_code', label: certifyText.library },
      { name: 'loan_no', label: certifyText.loanNo },
      { name: 'isbn', label: certifyText.isbn },
      { name: 'loan_date', label: certifyText.loanDate },
    ],
    write: (form) => {
      const isbn = isbnOf(form, false);
      if (typeof isbn !== 'string') return isbn;
      return { type: 'loan', body: { library_code: field(form, 'library_code'), loan_no: field(form, 'loan_no').trim(), isbn, loan_date: field(form, 'loan_date') } };
    },
    refusedAt: 'loan_no',
  });
}

/** Libraries by city, in the API's order. */
function byCity(libraries: LoanData['libraries']): [string, LoanData['libraries']][] {
  const groups = new Map<string, LoanData['libraries']>();
  for (const l of libraries) groups.set(l.city_name, [...(groups.get(l.city_name) ?? []), l]);
  return [...groups];
}

export function LoanForm({
  form,
  results,
  result,
  today,
  monthStart,
}: {
  form: LoanData;
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  result: FormResult<Earned> | undefined;
  today: string;
  monthStart: string;
}) {
  const home = form.libraries.find((l) => l.library_name === form.libraryUser?.home_library)?.library_code ?? '';
  return (
    <>
      {form.libraryUser && (
        <p className="field__hint">
          {certifyText.libraryUser(form.libraryUser.home_library, form.libraryUser.loan_count_month, form.libraryUser.loan_limit)}
        </p>
      )}
      <CertFormFrame type="loan" result={result}>
        <div className="field">
          <label className="field__label" htmlFor="library_code">
            {certifyText.library}
          </label>
          <select
            id="library_code"
            name="library_code"
            className="select"
            defaultValue={initial(result, 'library_code', home)}
            {...fieldState(result, 'library_code', CERT_MESSAGE)}
          >
            <option value="">{certifyText.libraryChoose}</option>
            {byCity(form.libraries).map(([city, list]) => (
              <optgroup key={city} label={city}>
                {list.map((l) => (
                  <option key={l.library_code} value={l.library_code}>
                    {l.library_name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <TextField id="loan_no" name="loan_no" label={certifyText.loanNo} hint={certifyText.loanNoHint} maxLength={30} autoComplete="off" result={result} messageId={CERT_MESSAGE} />
        <IsbnField id="loan-isbn" label={certifyText.isbn} above={form.book && <ChosenBook book={form.book} />} fallback={form.isbn} result={result} />
        <ThisMonthDate name="loan_date" label={certifyText.loanDate} hint={certifyText.loanDateHint} today={today} monthStart={monthStart} result={result} />
      </CertFormFrame>
      <details className="disclosure" open={form.q !== ''}>
        <summary>{certifyText.findBook}</summary>
        <BookPicker id="loan-book-q" q={form.q} results={results} keep={{ type: 'loan' }} hrefFor={(isbn) => `?type=loan&isbn=${isbn}`} />
      </details>
    </>
  );
}
