/**
 * The portal's service worker, built into dist/client/sw.js by scripts/vite-service-worker.ts
 * (which supplies the precache list, the cache name and the Korean fallback texts). It
 * precaches the shell's static files and the offline page when it installs, serves those
 * files from the cache, lets pages go to the network (the offline page when there is none),
 * and shows push reminders and opens their page on a tap. Rules: sw-policy.ts.
 *
 * A new build's worker waits until a page tells it to take over (SKIP_WAITING_MESSAGE), which a
 * page does at its next change of page (client/shell/build-switch.ts): an open tab is never served
 * a mix of two builds mid-page (issue 38). Where the engine has Background Sync, it sends the
 * device's outbox of writes when the network is back (client/api/outbox.ts): each with its
 * Idempotency-Key and the member it belongs to, the answer kept for the page to tell.
 */
import { createStore, entries, update } from 'idb-keyval';
import { idempotencyKeyHeader } from '#shared/contract/idempotency.ts';
import { HOMEPAGE_PREFIX, PORTAL_HEADER } from '#shared/http.ts';
import { IDEMPOTENCY_HEADER, PORTAL_MEMBER_HEADER } from '#shared/http-writes.ts';
import { OUTBOX_DB, OUTBOX_MESSAGE, OUTBOX_STORE, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from '#shared/pwa.ts';
import { activate, handlingOf, noticeFromPush, notificationTarget, outboxSendable, storable } from './sw-policy.ts';

declare const __SW_PRECACHE__: readonly string[];
declare const __SW_CACHE__: string;
declare const __SW_OFFLINE__: string;
declare const __SW_HOME__: string;
declare const __SW_ICON__: string;
declare const __SW_PUSH_TITLE__: string;
declare const __SW_PUSH_BODY__: string;

// The service worker's own types (the DOM library describes pages, not workers).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const sw = self as unknown as WorkerScope;
const origin = sw.location.origin;
const precached = new Set(__SW_PRECACHE__);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(__SW_CACHE__)
      .then((cache) => cache.addAll(__SW_PRECACHE__)),
  );
});

// A page at a safe moment (its next change of page): the new build takes over.
sw.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) event.waitUntil(sw.skipWaiting());
});

sw.addEventListener('activate', (event) => {
  // Absent in engines without navigation preload, whatever the DOM types say.
  const preload: NavigationPreloadManager | undefined = sw.registration.navigationPreload;
  event.waitUntil(
    activate(
      {
        cacheKeys: () => caches.keys(),
        deleteCache: (key) => caches.delete(key),
        enableNavigationPreload: preload ? () => preload.enable() : undefined,
        claimClients: () => sw.clients.claim(),
      },
      __SW_CACHE__,
    ),
  );
});

/** A page from the network (never stored); the offline page when there is no network. */
async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(__SW_OFFLINE__, { cacheName: __SW_CACHE__ })) ?? Response.error();
  }
}

/** A static file of the build: from the cache, else from the network (kept when it may be). */
async function staticFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(__SW_CACHE__);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (storable(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

sw.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, origin, precached);
  if (handling === 'navigate') event.respondWith(navigate(event));
  else if (handling === 'static') event.respondWith(staticFile(event));
});

function pushPayload(event: PushEvent): unknown {
  if (!event.data) return undefined;
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

sw.addEventListener('push', (event) => {
  const notice = noticeFromPush(pushPayload(event), origin, {
    title: __SW_PUSH_TITLE__,
    body: __SW_PUSH_BODY__,
    icon: __SW_ICON__,
    url: __SW_HOME__,
  });
  event.waitUntil(
    sw.registration.showNotification(notice.title, {
      body: notice.body,
      icon: notice.icon,
      lang: 'ko',
      data: { url: notice.url },
      ...(notice.tag ? { tag: notice.tag } : {}),
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, origin, __SW_HOME__);
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) await open.focus();
      else await sw.clients.openWindow(target);
    })(),
  );
});

/** Sends the outbox's waiting writes; throws when the network is still away (the browser tries again later). */
async function sendOutbox(): Promise<void> {
  const store = createStore(OUTBOX_DB, OUTBOX_STORE);
  let sent = false;
  for (const [key, entry] of await entries(store)) {
    if (!outboxSendable(entry, Date.now())) continue;
    const response = await fetch(`${HOMEPAGE_PREFIX}${entry.path}`, {
      method: entry.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [PORTAL_HEADER]: '1',
        [IDEMPOTENCY_HEADER]: idempotencyKeyHeader(entry.key),
        [PORTAL_MEMBER_HEADER]: entry.userId,
        ...(entry.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(entry.body !== undefined ? { body: JSON.stringify(entry.body) } : {}),
    });
    // Not this session's (another member, or signed out), or the API still busy with it: the page decides later.
    if (response.status === 401 || response.status === 409 || response.status >= 500) continue;
    const answer: unknown = await response.json().catch(() => undefined);
    if (typeof answer !== 'object' || answer === null) continue;
    await update(key, (e: unknown) => (typeof e === 'object' && e !== null ? { ...e, state: 'done', answer } : e), store);
    sent = true;
  }
  if (sent) for (const w of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) w.postMessage(OUTBOX_MESSAGE);
}

sw.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox());
});
