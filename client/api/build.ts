/**
 * A deploy during a visit (issue 38, decision 0145), the part every page carries:
 * - which build this tab runs, and whether the portal serves a newer one (the server names its
 *   build on every gateway answer, BUILD_HEADER; a waiting service worker means the same): the
 *   shell then takes it at the next change of page (client/shell/build-switch.ts, loaded then);
 * - a file of this tab that cannot be loaded any more (Vite's `vite:preloadError`) reloads the
 *   page once — never twice within a minute, never while the page is being left (a file that
 *   fails because the member is already going elsewhere is no reason to stay). Drafts are on
 *   the device: the reload loses nothing.
 *
 * Being left starts at `beforeunload`, before the next page is asked for, and is only likely
 * until `pagehide`: a leave-page prompt cancelled, or a link the browser hands elsewhere (a
 * download, `tel:`, `mailto:` in some browsers) fire it and the page stays. A page still here
 * LEAVING_GRACE_MS later without `pagehide` is taken as staying: the imports that waited are
 * tried again, and a newer build or missing files are acted on again (decision 0172).
 */
import { loading } from './loading.ts';

const buildSwitch = () => import('../shell/build-switch.ts');

let pageBuild = '';
let newer = false;
/** `asked`: `beforeunload` came (the page may yet stay); `gone`: `pagehide` came, or this tab began a full page load. */
let leaving: false | 'asked' | 'gone' = false;
let reloading = false;
/** Imports that failed while the page was being left, each tried again once it stays or comes back (`stays`, the page's events: watchBuild). */
const retries = new Set<() => void>();

/** How long a page that was about to be left may still be here before it is taken as staying. */
export const LEAVING_GRACE_MS = 5_000;

/** sessionStorage: the next page says that the portal changed to its new version. */
export const UPDATED_KEY = 'portal:updated';
const RELOADED_KEY = 'portal:reloaded-for-files';

/** The file name in an address (`/assets/index-AbCd1234.js?x` → `index-AbCd1234.js`). */
const fileOf = (url: string) => (url.split(/[?#]/)[0] ?? '').replace(/.*\//, '');

/** This tab's session storage, or null where it is refused. */
export function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** A build named by a server answer; another than this tab's means a deploy happened. */
export function noteServerBuild(name: string | null): void {
  if (name && pageBuild && name !== pageBuild) newer = true;
}

/** A newer build is known (a new service worker waits). */
export function markNewBuild(): void {
  newer = true;
}

/** Whether the page is being left (a navigation began): nothing more should start. */
export function leavingPage(): boolean {
  return leaving !== false;
}

/** This tab begins a full page load (or the browser hid the page): it is being left. */
export function markLeaving(): void {
  leaving = 'gone';
}

/** The page is live again (back from the back-forward cache, or a leave that did not happen). */
function stays(): void {
  leaving = false;
  const waiting = [...retries];
  retries.clear();
  for (const retry of waiting) retry();
}

/** `beforeunload`: the page is probably being left; if it is still here after the grace, it stays. */
function leaveAsked(): void {
  if (leaving) return;
  leaving = 'asked';
  setTimeout(() => {
    if (leaving === 'asked') stays();
  }, LEAVING_GRACE_MS);
}

/**
 * A lazy part's import that does not fail because the page is being left. A navigation cancels
 * the page's imports (Firefox rejects them ~100 ms after the next page was asked for): signing
 * out turns a member's page into the login gate just before home loads, and the gate's rejected
 * import reached its error boundary and the console as the page went away. While the page is
 * being left such an import waits instead, for the page to come back (the back-forward cache)
 * or to turn out to stay (above), and then tries again; any other failure is the caller's.
 */
export function importHere<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((err: unknown) => {
    if (!leaving) throw err;
    return new Promise<T>((resolve, reject) => {
      retries.add(() => void importHere(load).then(resolve, reject));
    });
  });
}

/** Whether this tab is reloading for missing files (the error page then shows nothing). */
export function isReloadingForFiles(): boolean {
  return reloading;
}

/** A router's changes of page: with a newer build known, and no write under way, the next one loads it in full. */
export function followBuilds(router: {
  subscribe(fn: (state: { navigation: { state: string; formMethod?: string | undefined; location?: { pathname: string; search: string; hash: string } | undefined } }) => void): unknown;
}): void {
  router.subscribe(({ navigation: nav }) => {
    if (!newer || loading.writing() || nav.state !== 'loading' || nav.formMethod !== undefined || !nav.location) return;
    const to = nav.location.pathname + nav.location.search + nav.location.hash;
    if (to !== location.pathname + location.search + location.hash) void buildSwitch().then((m) => m.switchBuild(to));
  });
}

/**
 * The service worker's registration: a new worker waiting means a new build (build-switch.ts).
 * Where registration is stubbed (an in-app browser, a test's blocked workers) there is none.
 */
export function watchWorker(reg: ServiceWorkerRegistration | undefined): void {
  if (!reg) return;
  void buildSwitch().then((m) => m.watchServiceWorker(reg));
}

/** Called once by the browser entry with its own address. */
export function watchBuild(entryUrl: string): void {
  pageBuild = fileOf(entryUrl);
  addEventListener('pagehide', markLeaving);
  addEventListener('beforeunload', leaveAsked);
  // Back from the back-forward cache: the page is live again.
  addEventListener('pageshow', stays);
  addEventListener('vite:preloadError', () => {
    const s = tabStorage();
    if (leaving || Date.now() - Number(s?.getItem(RELOADED_KEY) ?? 0) < 60_000) return;
    s?.setItem(RELOADED_KEY, String(Date.now()));
    s?.setItem(UPDATED_KEY, '1');
    reloading = true;
    location.reload();
  });
}
