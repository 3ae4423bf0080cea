/**
 * 서평 쓰기 (/activity/review?isbn=…): a review of a book — title, rating and 200 to
 * 1,000 characters with a live counter — then what it earned (earn.done / earn.none).
 * One review per member and book (decision 0113): when the member has one, the same form
 * edits it (PUT, points unchanged) instead of writing a second.
 * Reached from a book's page, from 나의 활동 and from the menu; without a book the page
 * helps to choose one. The form is a page action: it works without JavaScript (0031);
 * the length is checked in the action too, counted as the API counts.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ActivityCountAnswer, Review } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { requiredMessage } from '#shared/messages-form.ts';
import {
  REVIEW_MAX_CHARS, REVIEW_MIN_CHARS, earnPoints, programmeLabels, programmeMessages, reviewCounter, writeText,
} from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import { reviewText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { LazyBookPicker as BookPicker } from '#client/components/lazy-book-picker.tsx';
import { bookOf, isbnParam, isIsbn, pickerSearch } from '#client/components/book-lookup.ts';
import { ChosenBook } from '#client/components/chosen-book.tsx';
import { CharCounterTextarea } from '#client/forms/char-counter.tsx';
import { EarnResult, type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, FormMessage, formOk, useFormFeedback, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { MonthStatus } from '#client/components/month-status.tsx';
import { normaliseText, reviewLengthProblem } from '#client/forms/text-length.ts';

const FIELDS = ['isbn', 'review_key', 'title', 'rating', 'content'] as const;

interface Data {
  isbn: string;
  /** The chosen book (null: none chosen, or not in the catalogue). */
  book: Book | null;
  q: string;
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  counts: Promise<ActivityCountAnswer | ErrorAnswer>;
  /** The member's own review of this book, if there is one: the form edits it. */
  mine: Review | null;
}

/** An edit's answer: the API's sentence. */
interface Edited {
  edited: true;
  msg: string;
}

async function ownReview(context: unknown, isbn: string): Promise<Review | null> {
  const a = await homepage(context).get('/activity/getbookreviewinfolist', { query: { isbn, size: 1 } });
  return a.result === 'success' ? (a.review_list[0] ?? null) : null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const isbn = isbnParam(request.url);
  const api = homepage(context);
  const [book, mine] = isbn ? await Promise.all([bookOf(context, isbn), ownReview(context, isbn)]) : [null, null];
  return {
    isbn,
    book,
    ...pickerSearch(context, request.url),
    counts: api.get('/activity/getuseractivitycnt'),
    mine,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, FIELDS);
  const isbn = field(form, 'isbn');
  if (!isIsbn(isbn)) return formError(context, writeText.chooseBook, { values });
  const missing = firstMissing(form, [
    { name: 'title', label: reviewText.title },
    { name: 'rating', label: reviewText.rating },
    { name: 'content', label: reviewText.content },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const content = field(form, 'content');
  const length = reviewLengthProblem(content);
  if (length) return formError(context, length, { field: 'content', values });
  const rating = Number(field(form, 'rating'));
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return formError(context, requiredMessage(reviewText.rating), { field: 'rating', values });
  const text = { title: normaliseText(field(form, 'title')).slice(0, 100), rating, content: normaliseText(content) };
  const reviewKey = Number(field(form, 'review_key'));
  if (Number.isInteger(reviewKey) && reviewKey > 0) {
    const edited = await homepage(context).put('/activity/bookreview/:review_key', { params: { review_key: reviewKey }, body: text });
    if (edited.result !== 'success') return formError(context, edited.msg, { field: 'content', values });
    return formOk<Edited>(context, { edited: true, msg: edited.msg });
  }
  const answer = await homepage(context).post('/activity/bookreview', { body: { isbn, ...text } });
  return earnAnswerResult(context, answer, { field: 'content', values });
}

/** What the form started with: what was posted (a refusal), else the member's own review. */
function start(result: FormResult<unknown> | undefined, mine: Review | null, name: 'title' | 'rating' | 'content'): string {
  return initial(result, name, mine ? String(mine[name]) : '');
}

export default function ReviewPage() {
  const { isbn, book, q, results, counts, mine } = useLoaderData<Data>();
  const result = useActionData<FormResult<Earned | Edited>>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  useFormFeedback(result);
  const edited = result?.ok && 'edited' in result.value ? result.value : null;
  const earned = result?.ok && !('edited' in result.value) ? { ...result, value: result.value } : undefined;
  // A new form after each write, and whenever the member's review changes: its defaults are the review's.
  const done = earned ? earned.value.activityKey : 0;

  return (
    <div className="container section stack narrow">
      <MonthStatus counts={counts} type="review" label={programmeLabels.review} points={earnPoints.review} />
      {edited && (
        <div className="earn-result" role="status">
          <p className="earn-result__main">{edited.msg}</p>
          <div className="earn-result__actions">
            <Link className="btn btn--small btn--secondary" to={`${hrefOf('records')}?type=review`}>
              {reviewText.viewReviews}
            </Link>
          </div>
        </div>
      )}
      <EarnResult result={earned}>
        <Link className="btn btn--small btn--secondary" to={`${hrefOf('records')}?type=review`}>
          {reviewText.viewReviews}
        </Link>
        {book && (
          <Link className="btn btn--small btn--tertiary" to={`/book/${book.isbn}`}>
            {writeText.viewBook}
          </Link>
        )}
      </EarnResult>
      {book ? (
        <section className="card" aria-labelledby="review-form-title">
          <h2 id="review-form-title" className="card__title">
            {mine ? reviewText.editForm : reviewText.form}
          </h2>
          <ChosenBook book={book} changeHref={hrefOf('review')} />
          {mine && <p className="field__hint">{reviewText.editNote}</p>}
          <Form key={`${done}:${mine?.activity_key ?? 0}:${mine?.mod_date ?? ''}`} method="post" className="stack-form" noValidate aria-busy={busy} aria-labelledby="review-form-title">
            <FormMessage result={result} id="review-message" />
            <input type="hidden" name="isbn" value={book.isbn} />
            {mine && <input type="hidden" name="review_key" value={mine.activity_key} />}
            <div className="field">
              <label className="field__label" htmlFor="review-title">
                {reviewText.title}
              </label>
              <input
                id="review-title"
                name="title"
                className="input"
                maxLength={100}
                defaultValue={start(result, mine, 'title')}
                {...fieldState(result, 'title', 'review-message')}
              />
            </div>
            <fieldset className="field rating-field">
              <legend className="field__label">{reviewText.rating}</legend>
              <div className="rating-options">
                {[5, 4, 3, 2, 1].map((n, i) => (
                  <label key={n} className="rating-option">
                    <input
                      type="radio"
                      name="rating"
                      value={n}
                      defaultChecked={start(result, mine, 'rating') === String(n)}
                      {...(i === 0 ? fieldState(result, 'rating', 'review-message') : {})}
                    />
                    <span aria-hidden="true">{'★'.repeat(n)}</span>
                    <span className="rating-option__text">{reviewText.ratingOption(n)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor="review-content">
                {reviewText.content}
              </label>
              <CharCounterTextarea
                id="review-content"
                name="content"
                rows={10}
                defaultValue={start(result, mine, 'content')}
                counter={reviewCounter}
                min={REVIEW_MIN_CHARS}
                max={REVIEW_MAX_CHARS}
                describedBy="review-hint"
                {...fieldState(result, 'content', 'review-message')}
              />
              <p id="review-hint" className="field__hint">
                {reviewText.hint}
              </p>
            </div>
            <div className="card__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {mine ? reviewText.editSubmit : reviewText.submit}
              </button>
            </div>
          </Form>
        </section>
      ) : (
        <section className="card" aria-labelledby="choose-title">
          <h2 id="choose-title" className="card__title">
            {reviewText.choose}
          </h2>
          {isbn && <p className="form-message form-message--error" role="alert">{programmeMessages.bookNotFound}</p>}
          <p className="field__hint">{reviewText.chooseHint}</p>
          <BookPicker id="review-book-q" q={q} results={results} hrefFor={(i) => `${hrefOf('review')}?isbn=${i}`} />
        </section>
      )}
    </div>
  );
}
