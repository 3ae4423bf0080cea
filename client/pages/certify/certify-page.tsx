/**
 * 활동 인증 (/activity/certify?type=loan|purchase|authortalk): 대출 인증 (library, loan
 * number, ISBN — or the book found by a search — and date), 구매 인증 (partner bookstore,
 * date, receipt number, amount, title, paper books only) and 작가와의 만남 인증 (the
 * events, the check-in code). Each is a page action that works without JavaScript (0031);
 * after submitting, what it earned is said in plain Korean, refusals with the API's message.
 */
import { Suspense } from 'react';
import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { AuthenticationListAnswer, AuthorTalk } from '#shared/contract/activity.ts';
import type { Book, BookSearchAnswer } from '#shared/contract/books.ts';
import type { Library } from '#shared/contract/code.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { Bookstore } from '#shared/contract/content.ts';
import type { LibraryUserAnswer } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import { earnPoints, monthCount, pointsRule, programmeLabels, writeText } from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import type { PageMeta } from '#shared/ssr.ts';
import { certifyText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { ActivityRows } from '#client/components/activity-rows.tsx';
import { bookOf, isbnParam, pickerSearch, searchQuery } from '#client/components/book-lookup.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { useDocumentTitle } from '#client/components/document-title.ts';
import { EarnResult, type Earned } from '#client/forms/earn-result.tsx';
import type { FormResult } from '#client/forms/form-result.tsx';
import { monthStartOf, seoulToday } from '#client/components/seoul-day.ts';
import { Tabs } from '#client/components/tabs.tsx';
import { useWithinPage } from '#client/components/within-page.ts';
import { lazyHere } from '#client/components/lazy-part.tsx';

// Each kind's form is its own chunk: a visit downloads only the form it shows (decision 0034).
const LoanForm = lazyHere(() => import('./loan-form.tsx').then((m) => ({ default: m.LoanForm })));
const PurchaseForm = lazyHere(() => import('./purchase-form.tsx').then((m) => ({ default: m.PurchaseForm })));
const TalkForm = lazyHere(() => import('./talk-form.tsx').then((m) => ({ default: m.TalkForm })));

const CERT_TYPES = [
  { type: 'loan', label: programmeLabels.loan, points: earnPoints.loan },
  { type: 'purchase', label: programmeLabels.purchase, points: earnPoints.purchase },
  { type: 'authortalk', label: programmeLabels.authorTalk, points: earnPoints.authortalk },
] as const;
type CertType = (typeof CERT_TYPES)[number]['type'];

function typeOf(raw: string | null): CertType {
  return CERT_TYPES.find((t) => t.type === raw)?.type ?? 'loan';
}

export type CertForm =
  | {
      type: 'loan';
      libraries: Library[];
      /** The member as the library's loan system knows them (home library, loans this month). */
      libraryUser: Extract<LibraryUserAnswer, { result: 'success' }>['library_user'] | null;
      isbn: string;
      book: Book | null;
      q: string;
    }
  | { type: 'purchase'; bookstores: Bookstore[] }
  /** `talks` is null when the API could not give them (shown as could-not-load, never as none). */
  | { type: 'authortalk'; talks: AuthorTalk[] | null; today: string | null };

interface Data {
  type: CertType;
  today: string;
  monthStart: string;
  form: CertForm;
  /** The loan form's book search (`?q=`), at the top level so it streams (decision 0030). */
  results: Promise<BookSearchAnswer | ErrorAnswer> | null;
  recent: Promise<AuthenticationListAnswer | ErrorAnswer>;
}

async function formData(context: unknown, type: CertType, url: string): Promise<CertForm> {
  const api = homepage(context);
  if (type === 'purchase') {
    const stores = await api.get('/bookstore/list', { query: { size: 100 } });
    return { type, bookstores: stores.result === 'success' ? stores.bookstore_list : [] };
  }
  if (type === 'authortalk') {
    const talks = await api.get('/activity/authortalks');
    return talks.result === 'success' ? { type, talks: talks.talk_list, today: talks.today } : { type, talks: null, today: null };
  }
  const isbn = isbnParam(url);
  const [libraries, user, book] = await Promise.all([
    api.get('/code/libraries'),
    api.get('/user/api/user'),
    isbn ? bookOf(context, isbn) : Promise.resolve(null),
  ]);
  return {
    type,
    libraries: libraries.result === 'success' ? libraries.library_list : [],
    libraryUser: user.result === 'success' ? user.library_user : null,
    isbn,
    book,
    q: searchQuery(url),
  };
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const type = typeOf(new URL(request.url).searchParams.get('type'));
  const today = seoulToday();
  return {
    type,
    today,
    monthStart: monthStartOf(today),
    form: await formData(context, type, request.url),
    results: type === 'loan' ? pickerSearch(context, request.url).results : null,
    recent: homepage(context).get('/activity/authentication/:type', { params: { type }, query: { size: 5 } }),
  };
}

/** The chosen kind of certification names the document. */
export function meta({ type }: Pick<Data, 'type'>): PageMeta {
  return { title: CERT_TYPES.find((t) => t.type === type)?.label ?? programmeLabels.loan };
}

/** Each kind's action lives with its form (loaded on submit, or already there with the form). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const raw = form.get('type');
  const type = typeOf(typeof raw === 'string' ? raw : null);
  if (type === 'loan') return (await import('./loan-form.tsx')).loanAction(form, context);
  if (type === 'purchase') return (await import('./purchase-form.tsx')).purchaseAction(form, context);
  return (await import('./talk-form.tsx')).talkAction(form, context);
}

const certHeading = () => document.getElementById('cert-title');

export default function CertifyPage() {
  const data = useLoaderData<Data>();
  const { type, today, monthStart, form, results, recent } = data;
  const result = useActionData<FormResult<Earned>>();
  const current = CERT_TYPES.find((t) => t.type === type) ?? CERT_TYPES[0];
  useDocumentTitle(meta(data).title);
  // A kind chosen just now (a tab, decision 0143): its form's heading, which names it, takes the focus.
  useWithinPage(null, certHeading);
  const done = result?.ok ? result.value.activityKey : 0;

  return (
    <div className="container section stack">
      <p className="lead">{certifyText.lead}</p>
      <Tabs label={certifyText.kinds} items={CERT_TYPES.map((t) => ({ key: t.type, to: `?type=${t.type}`, label: t.label }))} current={type} />
      <div className="split">
        <section className="card" aria-labelledby="cert-title">
          <h2 id="cert-title" className="card__title">
            {current.label}
          </h2>
          <EarnResult result={result}>
            <Link className="btn btn--small btn--secondary" to={`${hrefOf('records')}?type=${type}`}>
              {writeText.records}
            </Link>
          </EarnResult>
          <Suspense fallback={<Skeleton lines={6} label={messages.loading} />}>
            {form.type === 'loan' ? (
              <LoanForm key={done} form={form} results={results} result={result} today={today} monthStart={monthStart} />
            ) : form.type === 'purchase' ? (
              <PurchaseForm key={done} form={form} result={result} today={today} monthStart={monthStart} />
            ) : (
              <TalkForm key={done} form={form} result={result} />
            )}
          </Suspense>
        </section>
        <aside className="card" aria-labelledby="recent-title">
          <h2 id="recent-title" className="card__title">
            {certifyText.recent}
          </h2>
          <Deferred value={recent} fallback={<Skeleton lines={3} label={messages.loading} />}>
            {(a) =>
              a.result !== 'success' ? (
                <p className="empty">{a.msg}</p>
              ) : (
                <>
                  <p className="month-status">
                    <strong>{current.label}</strong>
                    <span>{pointsRule(current.points, a.monthly_limit)}</span>
                    <span>{monthCount(a.earned_count_month, a.monthly_limit)}</span>
                  </p>
                  {a.activity_list.length === 0 ? (
                    <p className="empty">{certifyText.recentNone}</p>
                  ) : (
                    <ActivityRows items={a.activity_list} showType={false} />
                  )}
                  <p className="card__more">
                    <Link to={`${hrefOf('records')}?type=${type}`}>{certifyText.all}</Link>
                  </p>
                </>
              )
            }
          </Deferred>
          <p className="field__hint">
            {certifyText.eduHint} <Link to={hrefOf('edu')}>{certifyText.eduLink}</Link>
            {certifyText.eduHintEnd}
          </p>
        </aside>
      </div>
    </div>
  );
}
