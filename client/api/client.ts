/**
 * The browser's one fetch for the portal's /api routes (docs/product.md §7: JSON, credentials sent,
 * 60 s timeout, parameters in the query string). Every call is counted while in flight so
 * the loading overlay can show (and say what it waits for); failures become a Korean error
 * answer. Pages do not call this: they use the typed homepage client (homepage.ts) or the
 * portal's routes (portal.ts). Writes go through write.ts, which reads `attemptJson`'s
 * finer answer (offline, no answer, the gateway's 5xx) to retry with the write's key.
 */
import type { AnyAnswer } from '#shared/contract/common.ts';
import { BUILD_HEADER, HOMEPAGE_PREFIX, PORTAL_HEADER, queryString } from '#shared/http.ts';
import { messages } from '#shared/messages.ts';
import type { HttpMethod, Query } from '#shared/ssr.ts';
import { sessionEvents } from '../session/events.ts';
import { noteServerBuild } from './build.ts';
import { loading } from './loading.ts';

const API_TIMEOUT_MS = 60_000;

export interface FetchOptions {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** More request headers (a write's Idempotency-Key and its member: write.ts). */
  headers?: Record<string, string>;
  /** What the loading overlay says it waits for, once the wait is long (a write's own words). */
  waitingFor?: string;
  /** The deadline of this attempt (default 60 s). */
  timeoutMs?: number;
  /** Not counted for the loading overlay (the outbox sending in the background). */
  quiet?: boolean;
}

/** Transport failures (no answer, or the gateway's 5xx) carry this code, so callers can tell them from the API's verdicts. */
const UNAVAILABLE = 'unavailable';

/** Whether an answer is the transport's failure rather than the API's own verdict. */
export function isUnavailable(answer: { result: string }): boolean {
  return (answer as { code?: unknown }).code === UNAVAILABLE;
}

export const unavailable = (): AnyAnswer => ({ result: 'error', msg: messages.error.temporary, code: UNAVAILABLE });

/**
 * One attempt, as the transport saw it: an answer of the portal (its status and JSON), or no
 * answer and why —
 * `offline` (the browser knows it has no network), `network` (the request or its answer was
 * lost), `timeout` (the deadline passed) or `server` (the gateway's 5xx: the API unreachable,
 * overloaded or too slow; a write may or may not have been done).
 */
export type Attempt =
  | { kind: 'answer'; status: number; answer: AnyAnswer }
  | { kind: 'failed'; why: 'offline' | 'network' | 'timeout' | 'server'; status?: number };

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Calls a portal route once and tells what happened; never throws for network or server
 * trouble (an abort by the caller's own signal is thrown). A 401 from the homepage gateway
 * means the member's session has ended (docs/product.md §8): the shell is told, and signs the
 * member out.
 */
export async function attemptJson(path: `/api/${string}`, opts: FetchOptions = {}): Promise<Attempt> {
  const headers: Record<string, string> = { accept: 'application/json', [PORTAL_HEADER]: '1', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const signals = [AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS)];
  if (opts.signal) signals.push(opts.signal);
  if (!opts.quiet) loading.begin(opts.waitingFor);
  try {
    const qs = queryString(opts.query);
    const res = await fetch(qs ? `${path}?${qs}` : path, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: AbortSignal.any(signals),
    });
    noteServerBuild(res.headers.get(BUILD_HEADER));
    const json: unknown = await res.json().catch(() => undefined);
    if (res.status === 401 && path.startsWith(`${HOMEPAGE_PREFIX}/`)) sessionEvents.ended();
    if (res.status >= 500) return { kind: 'failed', why: 'server', status: res.status };
    if (!isAnswer(json)) return { kind: 'failed', why: 'network', status: res.status };
    return { kind: 'answer', status: res.status, answer: json };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof DOMException && err.name === 'TimeoutError') return { kind: 'failed', why: 'timeout' };
    return { kind: 'failed', why: isOffline() ? 'offline' : 'network' };
  } finally {
    if (!opts.quiet) loading.end(opts.waitingFor);
  }
}

/** Calls a portal route and answers its JSON, or the temporary error when no answer came. */
export async function fetchJson(path: `/api/${string}`, opts: FetchOptions = {}): Promise<AnyAnswer> {
  const attempt = await attemptJson(path, opts);
  return attempt.kind === 'answer' ? attempt.answer : unavailable();
}

function isAnswer(v: unknown): v is AnyAnswer {
  return typeof v === 'object' && v !== null && ((v as AnyAnswer).result === 'success' || (v as AnyAnswer).result === 'error');
}
