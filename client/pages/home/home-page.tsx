/**
 * Home (spec §2 /main/homemain and /bookpoint/main/homemain). A visitor sees the programme's
 * introduction; a member sees their own reading instead (member-home.tsx, its own chunk,
 * loaded for members only — decision 0050), streamed in behind the shell like the notices.
 */
import { lazy, Suspense } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notice } from '#shared/contract/board.ts';
import { messages } from '#shared/messages.ts';
import { hrefOf, type PageId } from '#shared/routes.ts';
import { isMember } from '#shared/session.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { NoticeRows } from '#client/components/notice-rows.tsx';
import { sessionUserOf } from '#client/session/loader-user.ts';
import { useConfig } from '#client/shell/config-context.tsx';
import { IconBook, IconCap, IconFlame, IconStar, IconStore, IconUsers } from '#client/shell/icons.tsx';
import type { MemberHomeData } from './member-home.tsx';

const memberPart = () => import('./member-home.tsx');
const MemberHome = lazy(memberPart);

interface HomeData {
  notices: Promise<Notice[] | null>;
  /** The member's own data; null for a visitor. */
  member: Promise<MemberHomeData> | null;
}

export function loader({ context }: LoaderFunctionArgs): HomeData {
  const notices = homepage(context)
    .get('/board/notice', { query: { display_yn: 'Y', page: 1, size: 5 } })
    .then((answer) => (answer.result === 'success' ? answer.notice_list : null));
  const member = isMember(sessionUserOf(context)) ? memberPart().then((m) => m.loadMemberHome(context)) : null;
  return { notices, member };
}

/**
 * The member part's form (today's challenge check-in) posted without JavaScript; with
 * JavaScript the card calls the API itself, so the browser build leaves this out.
 */
export const action = import.meta.env.SSR
  ? (args: ActionFunctionArgs) => memberPart().then((m) => m.challengeAction(args))
  : undefined;

const QUICK: readonly { page: PageId; label: string; desc: string; Icon: typeof IconBook }[] = [
  { page: 'bookSearch', label: '독서 시작하기', desc: '읽을 책을 찾아 독서일지를 시작해요', Icon: IconBook },
  { page: 'challenge', label: '21일 챌린지', desc: '매일 한 번 출석하고 완주 포인트까지', Icon: IconFlame },
  { page: 'bookclub', label: '독서동아리', desc: '이웃과 함께 읽고 이야기 나눠요', Icon: IconUsers },
  { page: 'edu', label: '교육 인증', desc: '평생교육 수료를 인증해요', Icon: IconCap },
  { page: 'popular', label: '인기 도서', desc: '지금 도민이 많이 읽는 책', Icon: IconStar },
  { page: 'bookstore', label: '참여 서점 안내', desc: '포인트로 종이책을 사는 동네 서점', Icon: IconStore },
];

export default function HomePage() {
  const { notices, member } = useLoaderData<HomeData>();
  const { siteName } = useConfig();
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
                책을 읽고 기록하면
                <br />
                포인트로 다시 <em>종이책</em>을 살 수 있어요
              </h2>
              <p className="hero__lead">
                독서일지와 서평, 도서 대출, 21일 챌린지로 독서포인트를 모으고 가까운 참여 서점에서 1포인트를 1원처럼 사용하세요.
              </p>
              <div className="hero__actions">
                <Link className="btn btn--primary" to={hrefOf('bookSearch')}>
                  {messages.float.start}
                </Link>
                <Link className="btn btn--secondary hero__secondary" to={hrefOf('service')}>
                  서비스 안내 보기
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
            독서활동 바로가기
          </h2>
        </div>
        <ul className="quick-grid">
          {QUICK.map((q) => (
            <li key={q.page}>
              <Link className="quick-card" to={hrefOf(q.page)}>
                <span className="quick-card__icon">
                  <q.Icon width={26} height={26} />
                </span>
                <span className="quick-card__label">{q.label}</span>
                <span className="quick-card__desc">{q.desc}</span>
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
              이렇게 참여해요
            </h2>
            <Link className="section__more" to={hrefOf('service')}>
              자세히 보기
            </Link>
          </div>
          <ol className="steps steps--row">
            <li>
              <strong>도서관 회원으로 로그인</strong>
              <p>만 14세 이상 도민이라면 누구나 참여할 수 있어요.</p>
            </li>
            <li>
              <strong>읽고 기록하기</strong>
              <p>독서일지, 서평, 대출·구매 인증, 챌린지 출석으로 포인트가 쌓여요.</p>
            </li>
            <li>
              <strong>서점에서 종이책 사기</strong>
              <p>모은 포인트는 참여 서점에서 종이책을 살 때 현금처럼 써요.</p>
            </li>
          </ol>
        </section>
      )}

      <section className="section container" aria-labelledby="notice-title">
        <div className="section__head">
          <h2 id="notice-title" className="section__title">
            공지사항
          </h2>
          <Link className="section__more" to={hrefOf('noticeList')}>
            전체 보기
          </Link>
        </div>
        <Deferred value={notices} fallback={<Skeleton lines={5} label={messages.loading} />}>
          {(list) =>
            list === null ? (
              <p className="empty">{messages.error.temporary}</p>
            ) : list.length === 0 ? (
              <p className="empty">{messages.notice.none}</p>
            ) : (
              <NoticeRows notices={list} />
            )
          }
        </Deferred>
      </section>
    </>
  );
}
