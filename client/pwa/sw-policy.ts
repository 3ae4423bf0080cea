/**
 * What the service worker (service-worker.ts) does with a request, a response and a push
 * message, and what its activation waits for: plain functions, tested without a browser
 * (sw-policy.test.ts).
 *
 * The rules (decision 0061): the shell's static files are served from the cache; page
 * navigations go to the network and fall back to the offline page; nothing else is touched —
 * never an API answer (`/api/**`), never a page's HTML, never a response that sets a cookie
 * or that the server marks private or not to be stored.
 */

/** Names of the service worker's caches; the build's version follows it. */
export const CACHE_PREFIX = 'portal-static-';

/** Built files whose name carries their content hash (Vite's `name-<hash>.ext`): never change. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export type Handling =
  /** A page: network first, the offline page when the network is gone; never stored. */
  | 'navigate'
  /** A static file of the build: the cache first, stored on first use. */
  | 'static'
  /** Left to the browser: the service worker does not answer it. */
  | 'pass';

export interface RequestFacts {
  method: string;
  mode: string;
  url: string;
}

export function handlingOf(req: RequestFacts, origin: string, precached: ReadonlySet<string>): Handling {
  if (req.method !== 'GET') return 'pass';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'pass';
  }
  if (url.origin !== origin) return 'pass';
  if (req.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/api/') || url.search !== '') return 'pass';
  return precached.has(url.pathname) || HASHED_ASSET.test(url.pathname) ? 'static' : 'pass';
}

export interface ResponseFacts {
  ok: boolean;
  type: string;
  headers: { get(name: string): string | null; has(name: string): boolean };
}

/** Whether a response may be kept: a same-origin success, no cookie, nothing the server keeps private. */
export function storable(res: ResponseFacts): boolean {
  if (!res.ok || res.type !== 'basic') return false;
  if (res.headers.has('set-cookie')) return false;
  return !/\b(no-store|private)\b/i.test(res.headers.get('cache-control') ?? '');
}

/** A same-origin address from a push message (a path or an absolute URL), or undefined. */
export function sameOriginUrl(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface PushNotice {
  title: string;
  body: string;
  icon: string;
  /** Where a tap on the notification leads (same origin). */
  url: string;
  tag?: string;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/**
 * The notification for a push message `{ title, body, icon?, url?, tag? }` (JSON). A message
 * that says nothing usable still shows a notification (browsers require one per push).
 */
export function noticeFromPush(
  payload: unknown,
  origin: string,
  defaults: { title: string; body: string; icon: string; url: string },
): PushNotice {
  const data = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const title = text(data['title'], 120);
  const tag = text(data['tag'], 64);
  return {
    title: title ?? defaults.title,
    body: text(data['body'], 500) ?? (title ? '' : defaults.body),
    icon: sameOriginUrl(data['icon'], origin) ?? new URL(defaults.icon, origin).href,
    url: sameOriginUrl(data['url'], origin) ?? new URL(defaults.url, origin).href,
    ...(tag ? { tag } : {}),
  };
}

/** The page a tapped notification opens: its `data.url` if it is on this origin, else `fallback`. */
export function notificationTarget(data: unknown, origin: string, fallback: string): string {
  const url = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['url'] : undefined;
  return sameOriginUrl(url, origin) ?? new URL(fallback, origin).href;
}

/** An outbox entry the service worker may send (client/api/outbox.ts): waiting, well formed, not past its day. */
export interface SendableWrite {
  key: string;
  userId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export function outboxSendable(entry: unknown, now: number): entry is SendableWrite {
  if (typeof entry !== 'object' || entry === null) return false;
  const e = entry as Record<string, unknown>;
  if (e['state'] !== 'waiting' || typeof e['key'] !== 'string' || typeof e['userId'] !== 'string' || e['userId'] === '') return false;
  if (typeof e['path'] !== 'string' || !e['path'].startsWith('/') || e['path'].includes('..')) return false;
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(String(e['method']))) return false;
  return typeof e['expiresAt'] !== 'number' || now <= e['expiresAt'];
}

/** What a worker's activation works with (the worker's scope in service-worker.ts, fakes in tests). */
export interface ActivationScope {
  cacheKeys(): Promise<readonly string[]>;
  deleteCache(key: string): Promise<unknown>;
  /** Absent where the engine has no navigation preload. */
  enableNavigationPreload: (() => Promise<unknown>) | undefined;
  claimClients(): Promise<void>;
}

/**
 * A new worker's activation (decision 0176). What the `activate` event waits for, and so what
 * every page load in scope waits for while the worker activates: the caches of older builds
 * removed and navigation preload on. Taking control of the open pages (`clients.claim()`) is
 * started but not waited for: a claim may wait on a page whose own load waits for this
 * activation — in one CI run a Firefox navigation made while the worker activated hung with the
 * worker "activating" for good (not reproduced since). Workbox's `clientsClaim` does the same. A claim that fails changes
 * nothing: those pages are controlled at their next load.
 */
export async function activate(scope: ActivationScope, currentCache: string): Promise<void> {
  scope.claimClients().catch(() => undefined);
  for (const key of await scope.cacheKeys()) {
    if (key.startsWith(CACHE_PREFIX) && key !== currentCache) await scope.deleteCache(key);
  }
  // Pages start loading while the worker wakes up.
  await scope.enableNavigationPreload?.();
}
