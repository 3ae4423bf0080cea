/** The slide-out menu's element id (the menu itself loads on first use: mobile-menu.tsx). */
export const MOBILE_MENU_ID = 'mobile-menu';

/** Loads the slide-out menu's code (its own chunk), once. */
export const loadMobileMenu = () => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu }));
