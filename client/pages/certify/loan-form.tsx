/** 대출 인증: the library, the loan number, the book (ISBN, or found by a search) and the loan date; and its action. */
import type { BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { normaliseIsbn } from '#shared/contract/programme.ts';
import { ChosenBook } from '#client/components/chosen-book.tsx';
import { BookPicker } from '#client/components/book-picker.tsx';
import { programmeMessages } from '#shared/messages-programme.ts';
import { homepage } from '#client/api/homepage.ts';
import { isIsbn } from '#client/components/book-lookup.ts';
import { type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';
import type { CertForm } from './certify-page.tsx';
import { certifyText } from './messages.ts';
import { TextField } from '#client/forms/text-field.tsx';
import { CERT_MESSAGE, CertFormFrame, IsbnField, ThisMonthDate } from './cert-form-frame.tsx';

type LoanData = Extract<CertForm, { type: 'loan' }>;

const LOAN_FIELDS = ['library_code', 'loan_no', 'isbn', 'loan_date'] as const;

/** 대출 인증's action: the required fields, the ISBN's form, then the API's answer. */
export async function loanAction(form: FormData, context: unknown) {
  const values = keptValues(form, LOAN_FIELDS);
  const missing = firstMissing(form, [
    { name: 'library_code', label: certifyText.library },
    { name: 'loan_no', label: certifyText.loanNo },
    { name: 'isbn', label: certifyText.isbn },
    { name: 'loan_date', label: certifyText.loanDate },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const isbn = normaliseIsbn(field(form, 'isbn'));
  if (!isIsbn(isbn)) return formError(context, programmeMessages.isbnInvalid, { field: 'isbn', values });
  const answer = await homepage(context).post('/activity/authentication/loan', {
    body: { library_code: field(form, 'library_code'), loan_no: field(form, 'loan_no').trim(), isbn, loan_date: field(form, 'loan_date') },
    idempotencyKey: writeKeyOf(form),
  });
  return earnAnswerResult(context, answer, { field: 'loan_no', values });
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
