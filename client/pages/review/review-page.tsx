/**
 * 서평 쓰기 (/activity/review?isbn=…): a review of a book — title, rating and 200 to
 * 1,000 characters with a live counter — then what it earned (earn.done / earn.none).
 * One review per member and book (decision 0113): when the member has one, the same form
 * edits it (PUT, points unchanged) instead of writing a second.
 * Reached from a book's page, from 나의 활동 and from the menu; without a book the page
 * helps to choose one. The form is a page action: it works without JavaScript (0031);
 * the length is checked in the action too, counted as the API counts. The frame — this
 * month's status, the answer, the book or the picker — is the diary page's too (book-write.tsx).
 */
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Review } from '#shared/contract/activity.ts';
import { requiredMessage } from '#shared/messages-form.ts';
import { reviewText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { isbnParam } from '#client/components/book-lookup.ts';
import { BookWrite, bookWriteRefusal, BookWriteText, loadBookWrite, type BookWriteData, type Edited } from '#client/forms/book-write.tsx';
import { type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, formOk, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { normaliseText } from '#client/forms/text-length.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';

const FIELDS = ['isbn', 'review_key', 'title', 'rating', 'content'] as const;

interface Data extends BookWriteData {
  /** The member's own review of this book, if there is one: the form edits it. */
  mine: Review | null;
}

async function ownReview(context: unknown, isbn: string): Promise<Review | null> {
  const a = await homepage(context).get('/activity/getbookreviewinfolist', { query: { isbn, size: 1 } });
  return a.result === 'success' ? (a.review_list[0] ?? null) : null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const isbn = isbnParam(request.url);
  const [write, mine] = await Promise.all([loadBookWrite(context, request.url), isbn ? ownReview(context, isbn) : null]);
  return { ...write, mine };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, FIELDS);
  const refused = bookWriteRefusal(context, 'review', form, values, [
    { name: 'title', label: reviewText.title },
    { name: 'rating', label: reviewText.rating },
    { name: 'content', label: reviewText.content },
  ]);
  if (refused) return refused;
  const rating = Number(field(form, 'rating'));
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return formError(context, requiredMessage(reviewText.rating), { field: 'rating', values });
  const text = { title: normaliseText(field(form, 'title')).slice(0, 100), rating, content: normaliseText(field(form, 'content')) };
  const reviewKey = Number(field(form, 'review_key'));
  if (Number.isInteger(reviewKey) && reviewKey > 0) {
    const edited = await homepage(context).put('/activity/bookreview/:review_key', { params: { review_key: reviewKey }, body: text, idempotencyKey: writeKeyOf(form) });
    if (edited.result !== 'success') return formError(context, edited.msg, { field: 'content', values });
    return formOk<Edited>(context, { edited: true, msg: edited.msg });
  }
  const answer = await homepage(context).post('/activity/bookreview', { body: { isbn: field(form, 'isbn'), ...text }, idempotencyKey: writeKeyOf(form) });
  return earnAnswerResult(context, answer, { field: 'content', values });
}

export default function ReviewPage() {
  const data = useLoaderData<Data>();
  const { mine } = data;
  const result = useActionData<FormResult<Earned | Edited>>();
  const t = reviewText;
  // What the form starts with: what was posted (a refusal), else the member's own review.
  const rating = initial(result, 'rating', mine ? String(mine.rating) : '');

  return (
    <BookWrite
      kind="review"
      data={data}
      result={result}
      title={mine ? t.editForm : t.form}
      text={{ choose: t.choose, chooseHint: t.chooseHint, viewList: t.viewReviews, submit: mine ? t.editSubmit : t.submit }}
      note={mine && <p className="field__hint">{t.editNote}</p>}
      // Whenever the member's review changes, a new form: its defaults are the review's.
      formVersion={`${mine?.activity_key ?? 0}:${mine?.mod_date ?? ''}`}
    >
      {mine && <input type="hidden" name="review_key" value={mine.activity_key} />}
      <div className="field">
        <label className="field__label" htmlFor="review-title">
          {t.title}
        </label>
        <input
          id="review-title"
          name="title"
          className="input"
          maxLength={100}
          defaultValue={initial(result, 'title', mine?.title)}
          {...fieldState(result, 'title', 'review-message')}
        />
      </div>
      <fieldset className="field rating-field">
        <legend className="field__label">{t.rating}</legend>
        <div className="rating-options">
          {[5, 4, 3, 2, 1].map((n, i) => (
            <label key={n} className="rating-option">
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={rating === String(n)}
                {...(i === 0 ? fieldState(result, 'rating', 'review-message') : {})}
              />
              {/* data-graphic: the stars are a picture of the number written beside them (3:1; decision 0132). */}
              <span aria-hidden="true" data-graphic="">
                {'★'.repeat(n)}
              </span>
              <span className="rating-option__text">{t.ratingOption(n)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <BookWriteText kind="review" label={t.content} hint={t.hint} fallback={mine?.content} result={result} />
    </BookWrite>
  );
}
