/**
 * 독서일지 쓰기 (/activity/diary?isbn=…): today's entry of a book's reading diary (up to
 * 200 characters, pages read), then what it earned. Reached from a book's page
 * (독서 시작하기) and from 나의 활동; works without JavaScript (0031).
 */
import { Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { ActivityCountAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { DIARY_MAX_CHARS, diaryCounter, earnPoints, programmeLabels, programmeMessages, writeText } from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import { diaryPageText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { LazyBookPicker as BookPicker } from '#client/components/lazy-book-picker.tsx';
import { CharCounterTextarea } from '#client/forms/char-counter.tsx';
import { bookOf, isbnParam, isIsbn, pickerSearch } from '#client/components/book-lookup.ts';
import { ChosenBook } from '#client/components/chosen-book.tsx';
import { EarnResult, type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, FormMessage, useFormFeedback, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { MonthStatus } from '#client/components/month-status.tsx';
import { diaryLengthProblem, normaliseText } from '#client/forms/text-length.ts';

interface Data {
  isbn: string;
  book: Book | null;
  q: string;
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  counts: Promise<ActivityCountAnswer | ErrorAnswer>;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const isbn = isbnParam(request.url);
  return {
    isbn,
    book: isbn ? await bookOf(context, isbn) : null,
    ...pickerSearch(context, request.url),
    counts: homepage(context).get('/activity/getuseractivitycnt'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ['isbn', 'content', 'read_pages']);
  const isbn = field(form, 'isbn');
  if (!isIsbn(isbn)) return formError(context, writeText.chooseBook, { values });
  const missing = firstMissing(form, [{ name: 'content', label: diaryPageText.content }]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const content = field(form, 'content');
  const length = diaryLengthProblem(content);
  if (length) return formError(context, length, { field: 'content', values });
  const pagesRaw = field(form, 'read_pages').trim();
  const pages = Number(pagesRaw);
  if (pagesRaw !== '' && !(Number.isInteger(pages) && pages >= 1 && pages <= 10_000)) {
    return formError(context, diaryPageText.pagesInvalid, { field: 'read_pages', values });
  }
  const answer = await homepage(context).post('/activity/bookdiary', {
    body: { isbn, content: normaliseText(content), ...(pagesRaw !== '' ? { read_pages: pages } : {}) },
  });
  return earnAnswerResult(context, answer, { field: 'content', values });
}

export default function DiaryPage() {
  const { isbn, book, q, results, counts } = useLoaderData<Data>();
  const result = useActionData<FormResult<Earned>>();
  const busy = useNavigation().state === 'submitting';
  useFormFeedback(result);
  const done = result?.ok ? result.value.activityKey : 0;

  return (
    <div className="container section stack narrow">
      <MonthStatus counts={counts} type="diary" label={programmeLabels.diary} points={earnPoints.diary} />
      <EarnResult result={result}>
        <Link className="btn btn--small btn--secondary" to={`${hrefOf('records')}?type=diary`}>
          {diaryPageText.viewDiaries}
        </Link>
        {book && (
          <Link className="btn btn--small btn--tertiary" to={`/book/${book.isbn}`}>
            {writeText.viewBook}
          </Link>
        )}
      </EarnResult>
      {book ? (
        <section className="card" aria-labelledby="diary-form-title">
          <h2 id="diary-form-title" className="card__title">
            {diaryPageText.form}
          </h2>
          <ChosenBook book={book} changeHref={hrefOf('diary')} />
          <Form key={done} method="post" className="stack-form" noValidate aria-busy={busy} aria-labelledby="diary-form-title">
            <FormMessage result={result} id="diary-message" />
            <input type="hidden" name="isbn" value={book.isbn} />
            <div className="field">
              <label className="field__label" htmlFor="diary-content">
                {diaryPageText.content}
              </label>
              <CharCounterTextarea
                id="diary-content"
                name="content"
                rows={4}
                defaultValue={initial(result, 'content')}
                counter={diaryCounter}
                max={DIARY_MAX_CHARS}
                describedBy="diary-hint"
                {...fieldState(result, 'content', 'diary-message')}
              />
              <p id="diary-hint" className="field__hint">
                {diaryPageText.contentHint}
              </p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="diary-pages">
                {diaryPageText.pages}
              </label>
              <input
                id="diary-pages"
                name="read_pages"
                className="input input--short"
                type="number"
                inputMode="numeric"
                min={1}
                max={10_000}
                defaultValue={initial(result, 'read_pages')}
                {...fieldState(result, 'read_pages', 'diary-message', 'diary-pages-hint')}
              />
              <p id="diary-pages-hint" className="field__hint">
                {diaryPageText.pagesHint}
              </p>
            </div>
            <div className="card__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {diaryPageText.submit}
              </button>
            </div>
          </Form>
        </section>
      ) : (
        <section className="card" aria-labelledby="choose-title">
          <h2 id="choose-title" className="card__title">
            {diaryPageText.choose}
          </h2>
          {isbn && (
            <p className="form-message form-message--error" role="alert">
              {programmeMessages.bookNotFound}
            </p>
          )}
          <p className="field__hint">{diaryPageText.chooseHint}</p>
          <BookPicker id="diary-book-q" q={q} results={results} hrefFor={(i) => `${hrefOf('diary')}?isbn=${i}`} />
        </section>
      )}
    </div>
  );
}
