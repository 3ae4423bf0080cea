/**
 * A member's write from the browser, sent so that nothing is lost or doubled (issue 38,
 * decision 0145). Every write carries its Idempotency-Key (made on the device with the draft):
 * - an answer lost on the way back (no answer, the gateway's 5xx, the deadline) is retried with
 *   the same key, a few times with growing pauses, before anything is said — the API answers a
 *   repeat with the first answer, so the member sees the success and its points once;
 * - the first still running (409 idempotency_in_progress) is waited for the same way;
 * - offline, or still unconfirmed after the retries, the write waits in the device's outbox
 *   (outbox.ts) and the member is told so in those words — never "failed";
 * - a confirmed write removes its draft, and a queued one is sent when the network is back
 *   (flushOutbox: the `online` event, the next visit, or the service worker's Background Sync),
 *   only for the member it belongs to, and its result is told as if it had gone through at once.
 */
import type { AnyAnswer } from '#shared/contract/common.ts';
import { IDEMPOTENCY_CODES, idempotencyKeyHeader } from '#shared/contract/idempotency.ts';
import type { EarnAnswer } from '#shared/contract/activity.ts';
import { HOMEPAGE_PREFIX } from '#shared/http.ts';
import { IDEMPOTENCY_HEADER, MEMBER_CHANGED, PORTAL_MEMBER_HEADER } from '#shared/http-writes.ts';
import { endOfSeoulDay } from '#shared/contract/programme.ts';
import { balanceText, earnSentenceOf, monthCount } from '#shared/messages-programme.ts';
import { WRITE_CONFIRMED_EVENT } from '#shared/pwa.ts';
import type { HttpMethod, Query } from '#shared/ssr.ts';
import { removeDraftByKey } from '../forms/drafts.ts';
import { currentBrowserStore } from '../session/store.ts';
import { attemptJson, type Attempt } from './client.ts';
import { loading } from './loading.ts';
import { allEntries, drop, keep, markDone, type OutboxEntry } from './outbox.ts';
import { writeText, wordsOf } from './write-messages.ts';

export interface WriteRequest {
  method: Exclude<HttpMethod, 'GET'>;
  /** The homepage API path, filled. */
  path: `/${string}`;
  /** The operation's pattern (its words). */
  pattern: string;
  body?: unknown;
  query?: Query;
  /** The write's Idempotency-Key. */
  idempotencyKey: string;
}

/** The pauses before each retry: four tries in about eleven seconds besides the tries themselves. */
export const RETRY_PAUSES_MS = [1_000, 3_000, 7_000] as const;


function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Waits `ms`, or less when the browser goes offline meanwhile. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('offline', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('offline', done);
  });
}

function codeOf(answer: AnyAnswer): string | undefined {
  return (answer as { code?: unknown }).code as string | undefined;
}

/** The API is still doing the first of these (the same key): wait, then ask again. */
function stillRunning(a: Attempt): boolean {
  return a.kind === 'answer' && a.status === 409 && codeOf(a.answer) === IDEMPOTENCY_CODES.inProgress;
}

function tellConfirmed(key: string): void {
  dispatchEvent(new CustomEvent(WRITE_CONFIRMED_EVENT, { detail: key }));
}

/** The API's verdict on the write: a success removes its draft and frees its form for a new write. */
function verdict(key: string, a: Extract<Attempt, { kind: 'answer' }>): AnyAnswer {
  if (a.answer.result === 'success') {
    removeDraftByKey(key);
    tellConfirmed(key);
    return a.answer;
  }
  if (a.status === 422 && codeOf(a.answer) === IDEMPOTENCY_CODES.reused) {
    // An earlier version of this write was stored: this text is kept, as a new write.
    tellConfirmed(key);
    return { result: 'error', msg: writeText.earlierStored, code: 'idempotency_key_reused' };
  }
  return a.answer;
}

/** The write waits on the device; what the member is told. */
async function waitOnDevice(w: WriteRequest, why: 'offline' | 'unconfirmed'): Promise<AnyAnswer> {
  const userId = currentBrowserStore()?.getState().user?.user_id;
  const now = Date.now();
  const entry: OutboxEntry = {
    key: w.idempotencyKey,
    userId: userId ?? '',
    method: w.method,
    path: w.path,
    pattern: w.pattern,
    ...(w.body !== undefined ? { body: w.body } : {}),
    createdAt: now,
    ...(wordsOf(w.pattern).dayBound ? { expiresAt: endOfSeoulDay(now) } : {}),
    state: 'waiting',
  };
  const kept = userId !== undefined && (await keep(entry));
  if (!kept) return { result: 'error', msg: writeText.notKept, code: 'unavailable' };
  return { result: 'error', msg: why === 'offline' ? writeText.offline : writeText.unconfirmed, code: why === 'offline' ? 'queued' : 'unconfirmed' };
}

/** Sends a write now: retried with its key while its answer is lost, else kept on the device. */
export async function sendWrite(w: WriteRequest): Promise<AnyAnswer> {
  const words = wordsOf(w.pattern);
  // The overlay stays up between the tries: the member waits for one answer.
  loading.begin(words.sending);
  try {
    for (let tries = 0; ; tries += 1) {
      const a = await attemptJson(`${HOMEPAGE_PREFIX}${w.path}`, {
        method: w.method,
        ...(w.body !== undefined ? { body: w.body } : {}),
        ...(w.query ? { query: w.query } : {}),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKeyHeader(w.idempotencyKey) },
        waitingFor: words.sending,
      });
      if (a.kind === 'answer' && !stillRunning(a)) return verdict(w.idempotencyKey, a);
      if (a.kind === 'failed' && a.why === 'offline') return await waitOnDevice(w, 'offline');
      const wait = RETRY_PAUSES_MS[tries];
      if (wait === undefined) return await waitOnDevice(w, 'unconfirmed');
      await pause(wait);
      if (offline()) return await waitOnDevice(w, 'offline');
    }
  } finally {
    loading.end(words.sending);
  }
}

/** What the member is told about a write sent later. */
export interface SentLater {
  /** The outbox entry it came from: forgotten (`toldLater`) once the member has been told. */
  key: string;
  ok: boolean;
  sentence: string;
}

/**
 * The member has been told (the dialog is open): the entry goes. Until then a sent write stays
 * in the outbox with its answer, so a page left between the answer and the telling leaves it for
 * the next page to tell (said once, never lost).
 */
export function toldLater(key: string): Promise<void> {
  return drop(key);
}

function earnDetail(answer: AnyAnswer): string {
  const a = answer as Partial<EarnAnswer>;
  if (typeof a.points !== 'number' || typeof a.balance !== 'number' || typeof a.earned_count_month !== 'number') return answer.msg ?? '';
  return `${earnSentenceOf(a.points, a.msg ?? '')} ${monthCount(a.earned_count_month, a.monthly_limit ?? null)} · ${balanceText(a.balance)}`;
}

function told(e: OutboxEntry, answer: AnyAnswer): SentLater {
  const words = wordsOf(e.pattern);
  if (answer.result === 'success') return { key: e.key, ok: true, sentence: `${words.sent} ${earnDetail(answer)}`.trim() };
  return { key: e.key, ok: false, sentence: `${words.refused} ${answer.msg ?? ''}`.trim() };
}

let flushing: Promise<SentLater[]> | null = null;

/**
 * Sends the signed-in member's waiting writes (oldest first) and answers what to tell them, with
 * what was sent earlier and not yet told (by the service worker, or by a page left before it told).
 * Stops at the first that gets no answer (still offline) and leaves the rest for later; a
 * write for another member, or after the session ended, is left for its member.
 */
export function flushOutbox(): Promise<SentLater[]> {
  flushing ??= (async () => {
    const userId = currentBrowserStore()?.getState().user?.user_id;
    if (!userId) return [];
    const mine = (await allEntries()).filter((e) => e.userId === userId).sort((a, b) => a.createdAt - b.createdAt);
    const out: SentLater[] = [];
    for (const e of mine) {
      if (e.state === 'done' && e.answer) {
        if (e.answer.result === 'success') removeDraftByKey(e.key);
        out.push(told(e, e.answer));
        continue;
      }
      if (e.expiresAt !== undefined && Date.now() > e.expiresAt) {
        out.push({ key: e.key, ok: false, sentence: writeText.dayOver });
        continue;
      }
      const a = await attemptJson(`${HOMEPAGE_PREFIX}${e.path}`, {
        method: e.method,
        ...(e.body !== undefined ? { body: e.body } : {}),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKeyHeader(e.key), [PORTAL_MEMBER_HEADER]: e.userId },
        quiet: true,
      });
      if (a.kind === 'failed' || stillRunning(a)) break;
      // Not this session's to send (another member, or signed out meanwhile): left for its member.
      if (a.status === 401 || codeOf(a.answer) === MEMBER_CHANGED) break;
      const answer = verdict(e.key, a);
      out.push(told(e, answer));
      // Sent: kept with its answer until the member is told (toldLater), not dropped here.
      await markDone(e.key, answer);
    }
    return out;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
