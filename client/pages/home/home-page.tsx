/**
 * Home (docs/product.md §2 /main/homemain and /bookpoint/main/homemain). A visitor sees the programme's
 * introduction; a member sees their own reading instead (member-home.tsx, its own chunk,
 * loaded for members only — decision 0050), streamed in behind the shell like the notices.
 */
import { Suspense } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notice } from '#shared/contract/board.ts';
import { messages } from '#shared/messages.ts';
import { hrefOf, pageById, type PageId } from '#shared/routes.ts';
import { isMember } from '#shared/session.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { lazyPart } from '#client/components/lazy-part.tsx';
import { NoticeRows } from '#client/components/notice-rows.tsx';
import { sessionUserOf } from '#client/session/loader-user.ts';
import { useConfig } from '#client/shell/config-context.tsx';
import { IconBook, IconCap, IconFlame, IconStar, IconStore, IconUsers } from '#client/shell/icons.tsx';
import type * as MemberHomeModule from './member-home.tsx';
import type { MemberHomeData } from './member-home.tsx';
import { homeText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const memberPart = lazyPart<{ data: Promise<MemberHomeData> }, typeof MemberHomeModule>(() => import('./member-home.tsx'));
const MemberHome = memberPart.Component;

interface HomeData {
  notices: Promise<Notice[] | null>;
  /** The member's own data; null for a visitor. */
  member: Promise<MemberHomeData> | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const notices = homepage(context)
    .get('/board/notice', { query: { display_yn: 'Y', page: 1, size: 5 } })
    .then((answer) => (answer.result === 'success' ? answer.notice_list : null));
  // The member's part is here before the page is shown (its data still streams): arriving after
  // sign-in, its heading is the one the layout focuses, not a heading below it first (decision 0143).
  const member = isMember(sessionUserOf(context)) ? (await memberPart.preload()).loadMemberHome(context) : null;
  return { notices, member };
}

/**
 * The member part's form (today's challenge check-in) posted without JavaScript; with
 * JavaScript the card calls the API itself, so the browser build leaves this out.
 */
export const action = import.meta.env.SSR
  ? (args: ActionFunctionArgs) => memberPart.preload().then((m) => m.challengeAction(args))
  : undefined;

/** The quick cards: each page's title (the page table's) and what it offers. */
const QUICK: readonly { page: PageId & keyof typeof t.offers; Icon: typeof IconBook }[] = [
  { page: 'bookSearch', Icon: IconBook },
  { page: 'challenge', Icon: IconFlame },
  { page: 'bookclub', Icon: IconUsers },
  { page: 'edu', Icon: IconCap },
  { page: 'popular', Icon: IconStar },
  { page: 'bookstore', Icon: IconStore },
];

export default function HomePage() {
  const { notices, member } = useLoaderData<HomeData>();
  const { siteName } = useConfig();
  const [first, before, paper, after] = t.hero;
  return (
    <>
      {member ? (
        <Suspense fallback={<Skeleton lines={6} label={messages.loading} />}>
          <MemberHome data={member} />
        </Suspense>
      ) : (
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <div className="hero__text">
              <p className="hero__eyebrow">{siteName}</p>
              <h2 id="hero-title" className="hero__title">
                {first}
                <br />
                {before}
                <em>{paper}</em>
                {after}
              </h2>
              <p className="hero__lead">{t.lead}</p>
              <div className="hero__actions">
                <Link className="btn btn--primary" to={hrefOf('bookSearch')}>
                  {messages.float.start}
                </Link>
                <Link className="btn btn--secondary hero__secondary" to={hrefOf('service')}>
                  {t.service}
                </Link>
              </div>
            </div>
            <div className="hero__art" aria-hidden="true">
              <div className="hero__book hero__book--1" />
              <div className="hero__book hero__book--2" />
              <div className="hero__book hero__book--3" />
              <div className="hero__coin">P</div>
            </div>
          </div>
        </section>
      )}

      <section className="section container" aria-labelledby="quick-title">
        <div className="section__head">
          <h2 id="quick-title" className="section__title">
            {t.quick}
          </h2>
        </div>
        <ul className="quick-grid">
          {QUICK.map((q) => (
            <li key={q.page}>
              <Link className="quick-card" to={hrefOf(q.page)}>
                <span className="quick-card__icon">
                  <q.Icon width={26} height={26} />
                </span>
                <span className="quick-card__label">{pageById[q.page].title}</span>
                <span className="quick-card__desc">{t.offers[q.page]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {/* How to take part: for visitors (a member has signed in already). */}
      {!member && (
        <section className="section container" aria-labelledby="how-title">
          <div className="section__head">
            <h2 id="how-title" className="section__title">
              {t.how}
            </h2>
            <Link className="section__more" to={hrefOf('service')}>
              {t.more}
            </Link>
          </div>
          <ol className="steps steps--row">
            {t.steps.map(([title, text]) => (
              <li key={title}>
                <strong>{title}</strong>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="section container" aria-labelledby="notice-title">
        <div className="section__head">
          <h2 id="notice-title" className="section__title">
            {pageById.noticeList.title}
          </h2>
          <Link className="section__more" to={hrefOf('noticeList')}>
            {t.all}
          </Link>
        </div>
        <Deferred value={notices} fallback={<Skeleton lines={5} label={messages.loading} />}>
          {(list) => (
            <ListState of={list} items={(l) => l} none={messages.notice.none}>
              {(l) => <NoticeRows notices={l} />}
            </ListState>
          )}
        </Deferred>
      </section>
    </>
  );
}
