/**
 * The browser's side of 알림 (decision 0066): this browser's push subscription, made with the
 * portal's service worker (client/pwa/service-worker.ts shows the reminders). Called only in
 * the browser, from effects and click handlers of push-settings.tsx.
 */
import { SERVICE_WORKER_PATH } from '#shared/pwa.ts';
import { sameServerKey, supportsPush, type BrowserPush } from './push-state.ts';

/** What this browser can do and has: support, permission, and the endpoint of its subscription. */
export async function readBrowserPush(): Promise<BrowserPush> {
  if (!supportsPush(window)) return { support: 'unsupported' };
  // The app registers the worker after `load`; a browser without one has no subscription yet.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  return { support: 'supported', permission: Notification.permission, endpoint: subscription?.endpoint ?? null };
}

/** The worker's registration once it is active, registering it when the app has not yet. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  return navigator.serviceWorker.ready;
}

/** Subscribes this browser with the server's VAPID key (a subscription for an older key is dropped first). */
export async function subscribe(applicationServerKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameServerKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}
