/** Start reading (spec §2 /search/booksearch): find a book, then start its reading diary. */
import { Form, useSearchParams } from 'react-router-dom';
import { IconSearch } from '../../shell/icons.tsx';
import { PendingData } from '../../components/pending-data.tsx';

export default function BookSearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <div className="container section stack">
      <div className="search-panel">
        <Form method="get" className="search-form" role="search" aria-label="도서 검색">
          <label className="sr-only" htmlFor="book-q">
            검색어
          </label>
          <input
            id="book-q"
            className="input search-form__input"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="책 제목, 지은이, 출판사, ISBN 또는 초성(예: ㅎㄱ)"
            autoComplete="off"
            maxLength={100}
          />
          <button className="btn btn--primary search-form__button" type="submit">
            <IconSearch width={20} height={20} />
            검색
          </button>
        </Form>
        <p className="field__hint">두 글자 낱말과 초성으로도 찾을 수 있어요. 읽을 책을 고르면 독서일지를 시작할 수 있습니다.</p>
      </div>
      <section aria-labelledby="result-title">
        <h2 id="result-title" className="section__title">
          {q ? `‘${q}’ 검색 결과` : '검색 결과'}
        </h2>
        <PendingData what="도서 검색 결과" />
      </section>
    </div>
  );
}
