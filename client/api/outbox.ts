/**
 * The device's outbox (issue 38, decision 0145): writes that could not be confirmed — no
 * network when the member saved, or no answer after the retries — wait here, in IndexedDB
 * (idb-keyval), so the service worker can send them too (Background Sync where the engine has
 * it). Each keeps its Idempotency-Key, so however often it is sent the API does it once.
 * An entry belongs to one member: it is sent only for that member's session (and the gateway
 * refuses it for anyone else: PORTAL_MEMBER_HEADER), and signing out removes the member's
 * entries. A tiny count in localStorage (OUTBOX_HINT) lets the shell show that writes wait
 * and know, without loading this chunk, that there is something to send.
 */
import { createStore, del, entries, set, update, type UseStore } from 'idb-keyval';
import type { AnyAnswer } from '#shared/contract/common.ts';
import type { HttpMethod } from '#shared/ssr.ts';
import { OUTBOX_EVENT, OUTBOX_HINT, OUTBOX_DB, OUTBOX_STORE, OUTBOX_SYNC_TAG } from '#shared/pwa.ts';

export interface OutboxEntry {
  /** The write's Idempotency-Key (also the entry's key). */
  key: string;
  /** The member it belongs to (user_id). */
  userId: string;
  method: Exclude<HttpMethod, 'GET'>;
  /** The homepage API path, filled (`/bookclub/7/join`). */
  path: `/${string}`;
  /** The operation's pattern (`/bookclub/:club_key/join`): its words. */
  pattern: string;
  body?: unknown;
  /** When the member saved (epoch ms). */
  createdAt: number;
  /** Not sent after this (the challenge's writes count for their day only). */
  expiresAt?: number;
  /** `waiting`: to send; `done`: sent (by the service worker or a page), its answer kept for a page to tell. */
  state: 'waiting' | 'done';
  answer?: AnyAnswer;
}

let db: UseStore | null = null;
function store(): UseStore {
  db ??= createStore(OUTBOX_DB, OUTBOX_STORE);
  return db;
}

function isEntry(v: unknown): v is OutboxEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e['key'] === 'string' && typeof e['userId'] === 'string' && typeof e['path'] === 'string' && typeof e['method'] === 'string';
}

export async function allEntries(): Promise<OutboxEntry[]> {
  try {
    return (await entries(store())).map(([, v]) => v).filter(isEntry);
  } catch {
    return [];
  }
}

/**
 * Keeps the shell's count in step and tells the page. The count is of what the member has not
 * been told yet: waiting writes, and sent ones whose answer no page has told (the next page loads
 * the panel that tells them; the service worker cannot write this count, so its sends keep it too).
 */
async function told(): Promise<void> {
  const n = (await allEntries()).length;
  try {
    if (n > 0) localStorage.setItem(OUTBOX_HINT, String(n));
    else localStorage.removeItem(OUTBOX_HINT);
  } catch {
    // The count is a hint; the entries themselves are in IndexedDB.
  }
  dispatchEvent(new Event(OUTBOX_EVENT));
}

/** Puts a write in the outbox (or replaces its entry: the same key is the same write). */
export async function keep(entry: OutboxEntry): Promise<boolean> {
  try {
    await set(entry.key, entry, store());
    await told();
    askBackgroundSync();
    return true;
  } catch {
    return false;
  }
}

export async function drop(key: string): Promise<void> {
  try {
    await del(key, store());
  } finally {
    await told();
  }
}

/** Signing out: the member's waiting writes go (nothing is sent for a member who left). */
export async function dropMember(userId: string): Promise<void> {
  for (const e of await allEntries()) if (e.userId === userId) await del(e.key, store()).catch(() => undefined);
  await told();
}

/** Sent: its answer, for a page to tell (then dropped). */
export async function markDone(key: string, answer: AnyAnswer): Promise<void> {
  await update<OutboxEntry | undefined>(key, (e) => (e ? { ...e, state: 'done', answer } : e), store());
  await told();
}

/** Asks the service worker to send the outbox when the network is back, where the engine can (Chromium). */
function askBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.getRegistration().then((reg) => {
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    return sync?.register(OUTBOX_SYNC_TAG);
  }).catch(() => undefined);
}
