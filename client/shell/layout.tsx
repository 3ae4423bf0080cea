/**
 * The shell around every page (docs/product.md §2). Login paths get no header or footer.
 * On client-side navigation the window scrolls to the top and focus moves to the
 * new page's heading, so screen-reader users hear where they are.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { isHomePath, isLoginPath, mayView, pageOfMatches, type PageDef } from '#shared/routes.ts';
import { SessionWatch } from './session-watch.tsx';
import { useSessionUser } from '../session/session-context.tsx';
import { useConfig } from './config-context.tsx';
import { DeviceNotes } from './device-notes.tsx';
import { FloatingBar } from './floating-bar.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { loadMobileMenu } from './mobile-menu-id.ts';
import { NoticeStrip } from './notice-strip.tsx';
import { PAGE_TITLE_ID, PageHeading } from './page-heading.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';
import { headingFocusAsked, markArrivalFallback } from './arrival-focus.ts';
import { documentTitle } from './title.ts';

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
    markArrivalFallback(seen);
    return seen;
  }
  return heading ?? document.getElementById(MAIN_ID);
}

export function useCurrentPage(): PageDef {
  return pageOfMatches(useMatches());
}

const MobileMenu = lazy(loadMobileMenu);
/** Shown only to visitors on member pages: its code is not in every page's bundle. */
const LoginGate = lazy(() => import('./login-gate.tsx').then((m) => ({ default: m.LoginGate })));

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
  // focus there, so only a new address scrolls up and focuses the page heading.
  const lastAddress = useRef(location.pathname + location.search);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      // A load the portal made itself (sign-out) is a change of page like any other.
      if (headingFocusAsked()) focusTarget()?.focus({ preventScroll: true });
      return;
    }
    const address = location.pathname + location.search;
    const same = address === lastAddress.current;
    lastAddress.current = address;
    if (location.hash || same) return;
    // At once (base.css: the page has no smooth scrolling): the heading is focused next.
    window.scrollTo(0, 0);
    focusTarget()?.focus({ preventScroll: true });
  }, [location.key, location.hash, location.pathname, location.search]);

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
        <SessionWatch />
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
      <Footer />
      <FloatingBar />
      <LoadingOverlay />
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} returnFocusTo={menuButtonEl} />
        </Suspense>
      )}
      <SessionWatch />
    </div>
  );
}
