/** Browser entry: hydrate the server's HTML with a data router on the same data. */
import './styles/index.css';
import fontsCss from './styles/fonts.css?url';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { delegateLinks } from './shell/link-delegate.ts';
import { preloadTopMenu } from './shell/top-menu-part.ts';
import { followBuilds, watchBuild, watchWorker } from './api/build.ts';

import { SERVICE_WORKER_PATH } from '#shared/pwa.ts';
import { JS_COOKIE, PORTAL_DATA_ID, type PortalData } from '#shared/ssr.ts';
import { App } from './app.tsx';
import { deserializeHydration, type SerializedHydration } from './hydration.ts';
import { routes } from './routes.tsx';
import { adoptServerSession } from './session/boot.ts';
import { createBrowserSessionStore, readPersistedUser } from './session/store.ts';

/** This browser runs our script: later pages may stream (decision 0030). */
function markJavaScript(): void {
  if (!document.cookie.split(';').some((c) => c.trim() === `${JS_COOKIE}=1`)) {
    document.cookie = `${JS_COOKIE}=1; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  }
}

/** The font faces' stylesheet, after the page (decision 0034): fonts never hold the first paint. */
function applyFonts(): void {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = fontsCss;
  document.head.append(sheet);
}

async function hydrate(): Promise<void> {
  markJavaScript();
  // This tab's build, and what it does when the portal moves to a new one (issue 38).
  watchBuild(import.meta.url);
  applyFonts();
  const dataEl = document.getElementById(PORTAL_DATA_ID);
  const rootEl = document.getElementById('root');
  if (!dataEl?.textContent || !rootEl) throw new Error('Server-rendered page data is missing');
  const data = JSON.parse(dataEl.textContent) as PortalData;

  // Load the matched pages' modules first, so the first render is the server's HTML.
  const matches = matchRoutes(routes, window.location) ?? [];
  // On a wide screen the top menu's too: live when the page is (top-menu-part.ts).
  await Promise.all([
    preloadTopMenu(),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const props = await route.lazy();
      Object.assign(route, props, { lazy: undefined });
    }),
  ]);

  // The session store starts from the server's session; the local flags follow it.
  const persisted = readPersistedUser();
  const store = createBrowserSessionStore(data.session.user);
  adoptServerSession(data.session, persisted);

  const router = createBrowserRouter(routes, {
    hydrationData: deserializeHydration(data.router as SerializedHydration),
  });
  delegateLinks((to) => router.navigate(to));
  // A newer build known: the next change of page loads the new build in full (build.ts).
  followBuilds(router);
  // Hydration as a transition: React yields to the browser every few milliseconds instead
  // of one long task, so a tap or a scroll on a slow phone is not held (total blocking time).
  startTransition(() => {
    hydrateRoot(
      rootEl,
      <App config={data.config} store={store}>
        <RouterProvider router={router} />
      </App>,
    );
  });
}

void hydrate();

// The service worker (the shell offline, a Korean page when the network is gone),
// after the page has loaded; only in production builds and secure contexts (https, localhost).
if (import.meta.env.PROD && isSecureContext && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    void navigator.serviceWorker
      .register(SERVICE_WORKER_PATH)
      .then(watchWorker)
      .catch(() => undefined);
  });
}
