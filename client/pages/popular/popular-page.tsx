/**
 * Popular books (docs/product.md §2 /search/popularbooksearch): ranked by diaries, reviews and loans,
 * filtered by period, age group and region (the province's cities from /code/local/43,
 * sent as `city_code`; the answer names the region it applied). A GET form: the filters
 * are in the URL and work without JavaScript.
 */
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { PopularBook } from '#shared/contract/books.ts';
import type { Region } from '#shared/contract/code.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { BookCard } from '#client/components/book-card.tsx';
import { formatDay } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { SelectField } from '#client/forms/select-field.tsx';
import { AGES, PERIODS, popularText as t } from './messages.ts';

type Period = keyof typeof PERIODS;
type Age = keyof typeof AGES;
const PROVINCE = '43';

interface Data {
  period: Period;
  age: Age | '';
  city: string;
  cities: Region[];
  /** The region the answer applied (its name), null for the whole province. */
  cityName: string | null;
  books: PopularBook[] | null;
  /** Why there is no list: the API's message, or the temporary error. */
  error: string | null;
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
  const city = /^[0-9]{5}$/.test(params.get('city_code') ?? '') ? (params.get('city_code') ?? '') : '';
  const api = homepage(context);
  const [answer, regions] = await Promise.all([
    api.get('/popular/popularbooklist', { query: { period, age_group: age, city_code: city || undefined, size: 20 } }),
    api.get('/code/local/:a', { params: { a: PROVINCE } }),
  ]);
  const base = { period, age: age ?? '', city, cities: regions.result === 'success' ? regions.region_list : [] } as const;
  return answer.result === 'success'
    ? { ...base, cityName: answer.city_name, books: answer.popular_list, error: null, from: answer.from, to: answer.to }
    : { ...base, cityName: null, books: null, error: answer.msg || messages.error.temporary, from: '', to: '' };
}

/**
 * The province's cities; a region the list does not name (a district of 청주시 from a shared
 * link) is added under the name the answer gave it, so the form shows what is applied.
 */
function regionOptions(cities: readonly Region[], city: string, cityName: string | null): (readonly [string, string])[] {
  const options = cities.map((c) => [c.region_code, c.region_name] as const);
  return city && cityName && !cities.some((c) => c.region_code === city) ? [[city, cityName], ...options] : options;
}

export default function PopularPage() {
  const { period, age, city, cities, cityName, books, error, from, to } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <p className="lead">{t.lead}</p>
      <Form method="get" className="filters" aria-label={t.filters}>
        <SelectField id="period" name="period" label={t.period} defaultValue={period} options={Object.entries(PERIODS)} />
        <SelectField id="age_group" name="age_group" label={t.age} defaultValue={age} emptyLabel={t.allAges} options={Object.entries(AGES)} />
        <SelectField
          id="city_code"
          name="city_code"
          label={t.region}
          defaultValue={city}
          emptyLabel={t.allRegions}
          options={regionOptions(cities, city, cityName)}
        />
        <button type="submit" className="btn btn--primary">
          {t.submit}
        </button>
      </Form>
      {books === null ? (
        <p className="empty">{error}</p>
      ) : (
        <section aria-labelledby="rank-title">
          <h2 id="rank-title" className="section__title">
            {t.title(cityName ?? t.province, PERIODS[period], age ? AGES[age] : undefined)}
          </h2>
          <p className="list-count">
            {formatDay(from)} ~ {formatDay(to)}
          </p>
          {books.length === 0 ? (
            <p className="empty">{t.empty}</p>
          ) : (
            <ol className="book-list">
              {books.map((b) => (
                <li key={b.isbn}>
                  <BookCard book={b} badge={<span className="book-card__rank">{t.rank(b.rank)}</span>}>
                    <p className="book-card__stats">
                      <span className="badge">
                        {t.diary} {formatNumber(b.diary_count)}
                      </span>
                      <span className="badge badge--point">
                        {t.review} {formatNumber(b.review_count)}
                      </span>
                      <span className="badge badge--gray">
                        {t.loan} {formatNumber(b.loan_count)}
                      </span>
                    </p>
                  </BookCard>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
