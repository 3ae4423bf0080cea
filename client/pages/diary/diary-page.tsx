/**
 * 독서일지 쓰기 (/activity/diary?isbn=…): today's entry of a book's reading diary (up to
 * 200 characters, pages read), then what it earned. Reached from a book's page
 * (독서 시작하기) and from 나의 활동; works without JavaScript (0031). The frame — this
 * month's status, the answer, the book or the picker — is the review page's too (book-write.tsx).
 */
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { diaryPageText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { BookWrite, bookWriteRefusal, BookWriteText, loadBookWrite, type BookWriteData } from '#client/forms/book-write.tsx';
import { type Earned } from '#client/forms/earn-result.tsx';
import { earnAnswerResult } from '#client/forms/earn-action.ts';
import { field, fieldState, formError, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { normaliseText } from '#client/forms/text-length.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<BookWriteData> {
  return loadBookWrite(context, request.url);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ['isbn', 'content', 'read_pages']);
  const refused = bookWriteRefusal(context, 'diary', form, values, [{ name: 'content', label: diaryPageText.content }]);
  if (refused) return refused;
  const pagesRaw = field(form, 'read_pages').trim();
  const pages = Number(pagesRaw);
  if (pagesRaw !== '' && !(Number.isInteger(pages) && pages >= 1 && pages <= 10_000)) {
    return formError(context, diaryPageText.pagesInvalid, { field: 'read_pages', values });
  }
  const answer = await homepage(context).post('/activity/bookdiary', {
    body: { isbn: field(form, 'isbn'), content: normaliseText(field(form, 'content')), ...(pagesRaw !== '' ? { read_pages: pages } : {}) },
    idempotencyKey: writeKeyOf(form),
  });
  return earnAnswerResult(context, answer, { field: 'content', values });
}

export default function DiaryPage() {
  const data = useLoaderData<BookWriteData>();
  const result = useActionData<FormResult<Earned>>();
  const t = diaryPageText;

  return (
    <BookWrite kind="diary" data={data} result={result} title={t.form} text={{ choose: t.choose, chooseHint: t.chooseHint, viewList: t.viewDiaries, submit: t.submit }}>
      <BookWriteText kind="diary" label={t.content} hint={t.contentHint} result={result} />
      <div className="field">
        <label className="field__label" htmlFor="diary-pages">
          {t.pages}
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
          {t.pagesHint}
        </p>
      </div>
    </BookWrite>
  );
}
