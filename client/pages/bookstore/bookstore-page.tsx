/** Partner bookstores (docs/product.md §2 /service/bookstore): how to spend points, and where, by region. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Bookstore, BookstoreListAnswer, SystemContent } from '#shared/contract/content.ts';
import { homepage } from '#client/api/homepage.ts';
import { ContentSections } from '#client/components/content-sections.tsx';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { RegionFilter } from '#client/forms/select-field.tsx';
import { loadSystemContent } from '#client/components/system-content.tsx';
import { formatPhone } from '#client/components/format.ts';
import { bookstoreText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const PAGE_SIZE = 10;

interface Data {
  guide: SystemContent | null;
  city: string;
  stores: Bookstore[] | null;
  regions: BookstoreListAnswer['regions'];
  page: number;
  total: number;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const url = new URL(request.url);
  const raw = url.searchParams.get('city_code') ?? '';
  const city = /^[0-9]{5}$/.test(raw) ? raw : '';
  const page = pageParam(request.url);
  const [guide, list] = await Promise.all([
    loadSystemContent(context, 'bookstore'),
    homepage(context).get('/bookstore/list', { query: { city_code: city || undefined, page, size: PAGE_SIZE } }),
  ]);
  return list.result === 'success'
    ? { guide, city, stores: list.bookstore_list, regions: list.regions, page, total: list.total }
    : { guide, city, stores: null, regions: [], page, total: 0 };
}

export default function BookstorePage() {
  const { guide, city, stores, regions, page, total } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <section className="card" aria-labelledby="guide-title">
        <h2 id="guide-title" className="card__title">
          {guide?.title ?? t.guide}
        </h2>
        <ContentSections content={guide} level={3} />
      </section>
      <section aria-labelledby="stores-title" className="stack">
        <h2 id="stores-title" className="section__title">
          {t.stores}
        </h2>
        <RegionFilter id="city_code" city={city} options={regions.map((r) => [r.city_code, t.region(r.city_name, r.count)] as const)} text={t} />
        <ListState of={stores} items={(s) => s} none={t.none}>
          {(stores) => (
            <>
              <p className="list-count">
                <strong>{total}</strong>
                {t.count}
              </p>
              <ul className="store-list">
                {stores.map((s) => (
                  <li key={s.bookstore_key} className="store-card">
                    <h3 className="store-card__name">{s.name}</h3>
                    <span className="badge badge--gray">{s.city_name}</span>
                    <dl>
                      <dt>{t.address}</dt>
                      <dd>{s.address}</dd>
                      <dt>{t.phone}</dt>
                      <dd>
                        <a href={`tel:${s.phone.replace(/[^0-9]/g, '')}`}>{formatPhone(s.phone)}</a>
                      </dd>
                      <dt>{t.hours}</dt>
                      <dd>{s.opening_hours}</dd>
                      <dt>{t.closed}</dt>
                      <dd>{s.closed_days}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
              <Pagination page={page} size={PAGE_SIZE} total={total} label={t.pages} />
            </>
          )}
        </ListState>
      </section>
    </div>
  );
}
