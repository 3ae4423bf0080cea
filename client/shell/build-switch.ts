/**
 * Taking a new build at a safe moment (issue 38, decision 0145), loaded only when needed: once
 * a newer build is known (the server named one on an answer, or a new service worker waits),
 * the next change of page is a full page load — the waiting worker told to take over first —
 * and the new page says "새 버전으로 바뀌었어요" (device-notes.tsx). An open tab is never served
 * a mix of two builds in the middle of a page.
 */
import { SKIP_WAITING_MESSAGE } from '#shared/pwa.ts';
import { leavingPage, markLeaving, markNewBuild, tabStorage, UPDATED_KEY } from '../api/build.ts';

let registration: ServiceWorkerRegistration | undefined;

/** A new service worker that waits means a new build (a tab with the worker in control). */
export function watchServiceWorker(reg: ServiceWorkerRegistration): void {
  registration = reg;
  const check = () => {
    if (reg.waiting && navigator.serviceWorker.controller) markNewBuild();
  };
  check();
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') check();
    });
  });
}

/** Waits for the new service worker to take over, a short while at most. */
function newWorkerTakesOver(): Promise<void> {
  const waiting = registration?.waiting;
  if (!waiting) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 3_000);
    navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
    waiting.postMessage(SKIP_WAITING_MESSAGE);
  });
}

/** The change of page to `to` becomes a full page load of the new build. */
export function switchBuild(to: string): void {
  if (leavingPage()) return;
  markLeaving();
  tabStorage()?.setItem(UPDATED_KEY, '1');
  void newWorkerTakesOver().then(() => window.location.assign(to));
}
