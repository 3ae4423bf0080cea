/** Popular books (spec §2 /search/popularbooksearch): ranked by diaries, reviews and loans. */
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { PopularBook } from '#shared/contract/books.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { BookCard } from '#client/components/book-card.tsx';
import { formatDay, formatNumber } from '#client/components/format.ts';
import { SelectField } from '#client/components/select-field.tsx';

const PERIODS = { week: '최근 1주', month: '최근 1개월', year: '최근 1년' } as const;
const AGES = { '10': '10대', '20': '20대', '30': '30대', '40': '40대', '50': '50대', '60': '60대 이상' } as const;
type Period = keyof typeof PERIODS;
type Age = keyof typeof AGES;

interface Data {
  period: Period;
  age: Age | '';
  books: PopularBook[] | null;
  from: string;
  to: string;
}

function pick<K extends string>(value: string | null, options: Record<K, string>): K | undefined {
  return value !== null && value in options ? (value as K) : undefined;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const params = new URL(request.url).searchParams;
  const period = pick(params.get('period'), PERIODS) ?? 'month';
  const age = pick(params.get('age_group'), AGES);
  const answer = await homepage(context).get('/popular/popularbooklist', { query: { period, age_group: age, size: 20 } });
  return answer.result === 'success'
    ? { period, age: age ?? '', books: answer.popular_list, from: answer.from, to: answer.to }
    : { period, age: age ?? '', books: null, from: '', to: '' };
}

export default function PopularPage() {
  const { period, age, books, from, to } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <p className="lead">도민이 독서일지와 서평을 많이 남기고 많이 빌린 책입니다. 일지 1점, 대출 2점, 서평 3점으로 순위를 매깁니다.</p>
      <Form method="get" className="filters" aria-label="인기 도서 조건">
        <SelectField id="period" name="period" label="기간" defaultValue={period} options={Object.entries(PERIODS)} />
        <SelectField id="age_group" name="age_group" label="연령대" defaultValue={age} emptyLabel="전체 연령" options={Object.entries(AGES)} />
        <button type="submit" className="btn btn--primary">
          보기
        </button>
      </Form>
      {books === null ? (
        <p className="empty">{messages.error.temporary}</p>
      ) : books.length === 0 ? (
        <p className="empty">이 조건에 맞는 인기 도서가 아직 없습니다.</p>
      ) : (
        <section aria-labelledby="rank-title">
          <h2 id="rank-title" className="section__title">
            {PERIODS[period]} 인기 도서
          </h2>
          <p className="list-count">
            {formatDay(from)} ~ {formatDay(to)}
          </p>
          <ol className="book-list">
            {books.map((b) => (
              <li key={b.isbn}>
                <BookCard book={b} badge={<span className="book-card__rank">{b.rank}위</span>}>
                  <p className="book-card__stats">
                    <span className="badge">일지 {formatNumber(b.diary_count)}</span>
                    <span className="badge badge--point">서평 {formatNumber(b.review_count)}</span>
                    <span className="badge badge--gray">대출 {formatNumber(b.loan_count)}</span>
                  </p>
                </BookCard>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
