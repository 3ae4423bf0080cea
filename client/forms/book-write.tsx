/**
 * The frame of a write about one book, 독서일지 쓰기 and 서평 쓰기 (decisions 0042, 0124):
 * this month's status for the kind, the answer to the last write (what it earned, or an
 * edit's sentence), then the chosen book and the page's form — or, without a book, the
 * picker that chooses one. The page gives its own text and fields; the write's text (a
 * textarea counted as the API counts, with the kind's limits) is BookWriteText. The page's
 * loader and action start with the common parts here (the book of `?isbn=`, the picker's
 * `?q=`, this month's counts; a chosen book, the required fields, the text's length).
 */
import type { ReactNode } from 'react';
import { Link, useNavigation } from 'react-router-dom';
import type { ActivityCountAnswer } from '#shared/contract/activity.ts';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import {
  DIARY_MAX_CHARS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS, diaryCounter, earnPoints, programmeLabels, programmeMessages, reviewCounter, writeText,
} from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import { homepage } from '#client/api/homepage.ts';
import { bookOf, isbnParam, isIsbn, pickerSearch } from '#client/components/book-lookup.ts';
import { ChosenBook } from '#client/components/chosen-book.tsx';
import { LazyBookPicker as BookPicker } from '#client/components/lazy-book-picker.tsx';
import { MonthStatus } from '#client/components/month-status.tsx';
import { CharCounterTextarea } from './char-counter.tsx';
import { EarnResult, ResultPanel, type Earned } from './earn-result.tsx';
import { field, fieldState, formError, FormMessage, initial, useFormFeedback, type FormResult } from './form-result.tsx';
import { firstMissing, type RequiredField } from './required.ts';
import { diaryLengthProblem, reviewLengthProblem } from './text-length.ts';
import { WriteForm } from './write-form.tsx';

type Kind = 'diary' | 'review';

/** Each kind's text: the textarea's size, the counter and its limits, the length rule. */
const TEXT = {
  diary: { rows: 4, counter: diaryCounter, min: undefined, max: DIARY_MAX_CHARS, lengthProblem: diaryLengthProblem },
  review: { rows: 10, counter: reviewCounter, min: REVIEW_MIN_CHARS, max: REVIEW_MAX_CHARS, lengthProblem: reviewLengthProblem },
} as const;

export interface BookWriteData {
  isbn: string;
  /** The chosen book (null: none chosen, or not in the catalogue). */
  book: Book | null;
  q: string;
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  counts: Promise<ActivityCountAnswer | ErrorAnswer>;
}

/** A write that changed an earlier one (a review's edit): the API's sentence, no points. */
export interface Edited {
  edited: true;
  msg: string;
}

/** The loader's common part: the book of `?isbn=`, the picker's search and this month's counts (streamed). */
export async function loadBookWrite(context: unknown, url: string): Promise<BookWriteData> {
  const isbn = isbnParam(url);
  return {
    isbn,
    book: isbn ? await bookOf(context, isbn) : null,
    ...pickerSearch(context, url),
    counts: homepage(context).get('/activity/getuseractivitycnt'),
  };
}

/**
 * The action's first checks: a book chosen, the required fields, then the length of the
 * text (`content`). A refusal, or null when the write may go to the API.
 */
export function bookWriteRefusal(
  context: unknown,
  kind: Kind,
  form: FormData,
  values: Record<string, string>,
  required: readonly RequiredField[],
) {
  if (!isIsbn(field(form, 'isbn'))) return formError(context, writeText.chooseBook, { values });
  const missing = firstMissing(form, required);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const length = TEXT[kind].lengthProblem(field(form, 'content'));
  return length ? formError(context, length, { field: 'content', values }) : null;
}

/** The write's text (`content`): labelled, its hint, the live counter with the kind's limits. */
export function BookWriteText({
  kind,
  label,
  hint,
  result,
  fallback,
}: {
  kind: Kind;
  label: string;
  hint: string;
  result: FormResult<unknown> | undefined;
  /** The text before anything was submitted (the member's own review, when editing). */
  fallback?: string;
}) {
  const { rows, counter, min, max } = TEXT[kind];
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${kind}-content`}>
        {label}
      </label>
      <CharCounterTextarea
        id={`${kind}-content`}
        name="content"
        rows={rows}
        defaultValue={initial(result, 'content', fallback)}
        counter={counter}
        min={min}
        max={max}
        describedBy={`${kind}-hint`}
        {...fieldState(result, 'content', `${kind}-message`)}
      />
      <p id={`${kind}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

export function BookWrite({
  kind,
  data: { isbn, book, q, results, counts },
  result,
  text,
  title,
  note,
  formVersion = '',
  children,
}: {
  kind: Kind;
  data: BookWriteData;
  result: FormResult<Earned | Edited> | undefined;
  /** The page's own text: choosing a book, the link to the member's list, the submit button. */
  text: { choose: string; chooseHint: string; viewList: string; submit: string };
  /** The form's heading. */
  title: string;
  /** Said between the book and the form. */
  note?: ReactNode;
  /** Changes when the form's defaults do (a new form then); a write the API took always gives a new one. */
  formVersion?: string;
  /** The fields (`<kind>-message` is the form's message, for fieldState), BookWriteText among them. */
  children: ReactNode;
}) {
  const busy = useNavigation().state === 'submitting';
  useFormFeedback(result);
  const edited = result?.ok && 'edited' in result.value ? result.value : null;
  const earned = result?.ok && !('edited' in result.value) ? { ...result, value: result.value } : undefined;
  const done = earned ? earned.value.activityKey : 0;
  const formTitle = `${kind}-form-title`;
  const list = (
    <Link className="btn btn--small btn--secondary" to={`${hrefOf('records')}?type=${kind}`}>
      {text.viewList}
    </Link>
  );

  return (
    <div className="container section stack narrow">
      <MonthStatus counts={counts} type={kind} label={programmeLabels[kind]} points={earnPoints[kind]} />
      {edited && result?.ok && (
        <ResultPanel answer={result} main={edited.msg}>
          <div className="earn-result__actions">{list}</div>
        </ResultPanel>
      )}
      <EarnResult result={earned}>
        {list}
        {book && (
          <Link className="btn btn--small btn--tertiary" to={`/book/${book.isbn}`}>
            {writeText.viewBook}
          </Link>
        )}
      </EarnResult>
      {book ? (
        <section className="card" aria-labelledby={formTitle}>
          <h2 id={formTitle} className="card__title">
            {title}
          </h2>
          <ChosenBook book={book} changeHref={hrefOf(kind)} />
          {note}
          <WriteForm key={`${done}:${formVersion}`} draft={{ id: `${kind}:${book.isbn}`, kind }} className="stack-form" noValidate aria-busy={busy} aria-labelledby={formTitle}>
            <FormMessage result={result} id={`${kind}-message`} />
            <input type="hidden" name="isbn" value={book.isbn} />
            {children}
            <div className="card__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {text.submit}
              </button>
            </div>
          </WriteForm>
        </section>
      ) : (
        <section className="card" aria-labelledby="choose-title">
          <h2 id="choose-title" className="card__title">
            {text.choose}
          </h2>
          {isbn && (
            <p className="form-message form-message--error" role="alert">
              {programmeMessages.bookNotFound}
            </p>
          )}
          <p className="field__hint">{text.chooseHint}</p>
          <BookPicker id={`${kind}-book-q`} q={q} results={results} hrefFor={(i) => `${hrefOf(kind)}?isbn=${i}`} />
        </section>
      )}
    </div>
  );
}
