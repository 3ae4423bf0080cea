/**
 * The header of docs/product.md §2: logo, back and home buttons (not on home), the two-level
 * top menu, the member bar, the mobile menu button, and the scrolled style past 10 px.
 */
import { forwardRef, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { HOME_PATH, isHomePath } from '#shared/routes.ts';
import { useConfig } from './config-context.tsx';
import { DisplayTrigger } from './display-trigger.tsx';
import { IconBack, IconHome, IconMenu } from './icons.tsx';
import { MemberBar } from './member-bar.tsx';
import { topMenu } from './top-menu-part.ts';
import { loadMobileMenu, MOBILE_MENU_ID } from './mobile-menu-id.ts';
import { backTarget, HEADER_SCROLL_PX } from './rules.ts';
import { useScrollPast } from './use-scroll-past.ts';
import logoUrl from '../styles/logo.svg';

interface Props {
  menuOpen: boolean;
  onMenuOpen(): void;
}

export const Header = forwardRef<HTMLButtonElement, Props>(function Header({ menuOpen, onMenuOpen }, menuButtonRef) {
  const location = useLocation();
  const navigate = useNavigate();
  const scrolled = useScrollPast(HEADER_SCROLL_PX);
  const { siteName } = useConfig();
  const home = isHomePath(location.pathname);

  const goBack = () => {
    const landing = location.key === 'default' ? { referrer: document.referrer, href: window.location.href, historyLength: history.length } : null;
    const target = backTarget(location.search, landing);
    if (target.kind === 'path') void navigate(target.to);
    else void navigate(-1);
  };

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`}>
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <DisplayTrigger />
          <MemberBar />
        </div>
      </div>
      <div className="container site-header__bar">
        {!home && (
          <button type="button" className="icon-btn site-header__back" onClick={goBack}>
            <IconBack />
            <span className="sr-only">{messages.shell.back}</span>
          </button>
        )}
        <a href={HOME_PATH} className="site-header__logo">
          <img src={logoUrl} alt="" width="36" height="36" />
          <span className="site-header__name">{siteName}</span>
        </a>
        {/* The wide screens' menu: its code loaded before hydration there (top-menu-part.ts). */}
        <Suspense fallback={null}>
          <topMenu.Component />
        </Suspense>
        <div className="site-header__actions">
          {!home && (
            <a href={HOME_PATH} className="icon-btn site-header__home">
              <IconHome />
              <span className="sr-only">{messages.shell.home}</span>
            </a>
          )}
          <button
            type="button"
            className="icon-btn site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            aria-haspopup="dialog"
            ref={menuButtonRef}
            onClick={onMenuOpen}
            // The menu's code loads on first use; start as soon as the member reaches for it.
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onTouchStart={() => void loadMobileMenu()}
          >
            <IconMenu />
            <span className="sr-only">{messages.shell.menu}</span>
          </button>
        </div>
      </div>
    </header>
  );
});
