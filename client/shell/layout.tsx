/**
 * The shell around every page (docs/product.md §2). Login paths get no header or footer.
 * On client-side navigation the window scrolls to the top and focus moves to the
 * new page's heading, so screen-reader users hear where they are; a change within the page
 * (a tab, a search: WITHIN_PAGE in its history state) leaves the focus to the page, which
 * puts it at what changed and says so (decision 0143).
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { isHomePath, isLoginPath, mayView, pageOfMatches, type PageDef } from '#shared/routes.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { useConfig } from './config-context.tsx';
import { DeviceNotes } from './device-notes.tsx';
import { FloatingBar } from './floating-bar.tsx';
import { Header } from './header.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { loadMobileMenu } from './mobile-menu-id.ts';
import { NoticeStrip } from './notice-strip.tsx';
import { PAGE_TITLE_ID, PageHeading } from './page-heading.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';
import { announce, arrived, type PageState } from './announce.ts';
import { nextLoadSentence } from './arrival-focus.ts';
import { documentTitle } from './title.ts';
import { lazyHere } from '../components/lazy-part.tsx';

/** The page of the current route (from the page table). */

/**
 * Where focus goes on a new page: its heading. The home page's h1 is for screen readers only,
 * so nothing visible would have focus (decision 0131): there the first heading one can see.
 */
function focusTarget(): HTMLElement | null {
  const heading = document.getElementById(PAGE_TITLE_ID);
  if (heading && !heading.classList.contains('sr-only')) return heading;
  const seen = document.querySelector<HTMLElement>(`#${MAIN_ID} :is(h1, h2):not(.sr-only)`);
  if (seen) {
    if (!seen.hasAttribute('tabindex')) seen.tabIndex = -1;
    return seen;
  }
  return heading ?? document.getElementById(MAIN_ID);
}

export function useCurrentPage(): PageDef {
  return pageOfMatches(useMatches());
}

const MobileMenu = lazyHere(loadMobileMenu);
/**
 * The session checks render nothing and act after the page is up: their code comes just after
 * the first visit's (decision 0143 made the announcer's room in the home's budget this way).
 */
const SessionWatch = lazyHere(() => import('./session-watch.tsx').then((m) => ({ default: m.SessionWatch })));
/** Shown only to visitors on member pages (and, signing out, just before home loads): its code is not in every page's bundle. */
const LoginGate = lazyHere(() => import('./login-gate.tsx').then((m) => ({ default: m.LoginGate })));

export function Layout() {
  const location = useLocation();
  const page = useCurrentPage();
  const user = useSessionUser();
  const allowed = mayView(page, user);
  const { siteName } = useConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  /** The slide-out menu is rendered (and its code loaded) from its first use on. */
  const [menuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const firstRender = useRef(true);
  const bare = isLoginPath(location.pathname);
  const home = isHomePath(location.pathname);

  useEffect(() => {
    document.title = documentTitle(page.title, siteName);
  }, [page.title, siteName]);

  // Marks the page interactive (tests and scripts wait for it).
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
  }, []);
  // Focus never hidden under the fixed bars (focus-reveal.ts): loaded after hydration, in its
  // own chunk, so the first visit's budget (decision 0122) does not carry it. The layout lives
  // as long as the page.
  useEffect(() => {
    void import('./focus-reveal.ts').then((m) => m.revealFocus());
  }, []);

  // A form's answer is a navigation to the same address: the form's own result takes
  // focus there, so only a new address scrolls up and focuses the page heading, and a change
  // within the page (WITHIN_PAGE) not even that: the page says it where it happens. Either
  // way what the navigation left to do (onArrival) runs then (decision 0143).
  const lastAddress = useRef(location.pathname + location.search);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      // A load the portal made itself (sign-out) says it is done, the focus on the member bar's
      // button (로그인, where 로그아웃 was), else the page's heading.
      const said = nextLoadSentence();
      if (said !== null) {
        (document.querySelector<HTMLElement>('.member-bar .btn') ?? focusTarget())?.focus({ preventScroll: true });
        announce(said);
      }
      return;
    }
    const address = location.pathname + location.search;
    const same = address === lastAddress.current;
    lastAddress.current = address;
    if (location.hash || same) return;
    if (!(location.state as PageState | null)?.within) {
      // At once (base.css: the page has no smooth scrolling): the heading is focused next.
      window.scrollTo(0, 0);
      focusTarget()?.focus({ preventScroll: true });
    }
    arrived();
  }, [location.key, location.hash, location.pathname, location.search, location.state]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuButtonEl = useCallback(() => menuButton.current, []);

  if (bare) {
    return (
      <div className="app app--bare">
        <SkipLink />
        <main id={MAIN_ID} tabIndex={-1} className="main main--bare">
          <Outlet />
        </main>
        <LoadingOverlay />
        <Suspense fallback={null}>
          <SessionWatch />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="app">
      <SkipLink />
      <NoticeStrip />
      <Header
        menuOpen={menuOpen}
        onMenuOpen={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
        ref={menuButton}
      />
      <DeviceNotes />
      <main id={MAIN_ID} tabIndex={-1} className="main">
        <PageHeading page={page} home={home} />
        {allowed ? (
          <Outlet />
        ) : (
          <Suspense fallback={null}>
            <LoginGate />
          </Suspense>
        )}
      </main>
      <FloatingBar />
      <LoadingOverlay />
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} returnFocusTo={menuButtonEl} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SessionWatch />
      </Suspense>
    </div>
  );
}
