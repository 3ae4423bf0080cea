/**
 * A deploy during a visit (issue 38, decision 0145), the part every page carries: this tab
 * reloads once when one of its own files cannot be loaded any more (Vite's
 * `vite:preloadError`), never in a loop and never while the page is being left (a file that
 * fails because the member is already going elsewhere is no reason to stay); drafts are kept
 * on the device, so the reload loses nothing. Taking a new build at the next change of page
 * is build-switch.ts, loaded only when a newer build is known.
 */

const RELOADED_KEY = 'portal:reloaded-for-files';
/** sessionStorage: the next page says that the portal changed to its new version. */
export const UPDATED_KEY = 'portal:updated';
/** A second failure within this long of a reload is shown as an error instead of reloading again. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

let leaving = false;
let reloading = false;

export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this tab is reloading for missing files (the error page then says so, not "error"). */
export function isReloadingForFiles(): boolean {
  return reloading;
}

/** Whether the page is being left (a navigation began): nothing more should start. */
export function isLeaving(): boolean {
  return leaving;
}

export function markLeaving(): void {
  leaving = true;
}

/** Reloads once for files that could not be loaded; a second failure soon after is shown as an error. */
function reloadOnce(): void {
  if (leaving) return;
  const storage = tabStorage();
  const last = Number(storage?.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
  storage?.setItem(RELOADED_KEY, String(Date.now()));
  storage?.setItem(UPDATED_KEY, '1');
  reloading = true;
  window.location.reload();
}

/** Installs the listeners; called once by the browser entry. */
export function watchForNewBuild(): void {
  const leave = () => {
    leaving = true;
  };
  addEventListener('pagehide', leave);
  addEventListener('beforeunload', leave);
  // Back from the back-forward cache: the page is live again.
  addEventListener('pageshow', () => {
    leaving = false;
  });
  addEventListener('vite:preloadError', reloadOnce);
}
