/**
 * The browser's one fetch for the portal's /api routes (docs/product.md §7: JSON, credentials sent,
 * 60 s timeout, parameters in the query string). Every call is counted while in flight so
 * the loading overlay can show; failures become a Korean error answer. Pages do not call
 * this: they use the typed homepage client (homepage.ts) or the portal's routes (portal.ts).
 */
import type { AnyAnswer } from '#shared/contract/common.ts';
import { HOMEPAGE_PREFIX, PORTAL_HEADER, queryString } from '#shared/http.ts';
import { messages } from '#shared/messages.ts';
import type { HttpMethod, Query } from '#shared/ssr.ts';
import { sessionEvents } from '../session/events.ts';
import { loading } from './loading.ts';

const API_TIMEOUT_MS = 60_000;

export interface FetchOptions {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** Transport failures (no answer, or the gateway's 5xx) carry this code, so callers can tell them from the API's verdicts. */
const UNAVAILABLE = 'unavailable';

/** Whether an answer is the transport's failure rather than the API's own verdict. */
export function isUnavailable(answer: { result: string }): boolean {
  return (answer as { code?: unknown }).code === UNAVAILABLE;
}

const unavailable = (): AnyAnswer => ({ result: 'error', msg: messages.error.temporary, code: UNAVAILABLE });

/**
 * Calls a portal route and answers its JSON; never throws for network or server trouble.
 * A 401 from the homepage gateway means the member's session has ended (docs/product.md §8): the
 * shell is told, and signs the member out.
 */
export async function fetchJson(path: `/api/${string}`, opts: FetchOptions = {}): Promise<AnyAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', [PORTAL_HEADER]: '1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const signals = [AbortSignal.timeout(API_TIMEOUT_MS)];
  if (opts.signal) signals.push(opts.signal);
  loading.begin();
  try {
    const qs = queryString(opts.query);
    const res = await fetch(qs ? `${path}?${qs}` : path, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: AbortSignal.any(signals),
    });
    const json: unknown = await res.json().catch(() => undefined);
    if (res.status === 401 && path.startsWith(`${HOMEPAGE_PREFIX}/`)) sessionEvents.ended();
    if (res.status >= 500 || !isAnswer(json)) return unavailable();
    return json;
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return unavailable();
  } finally {
    loading.end();
  }
}

function isAnswer(v: unknown): v is AnyAnswer {
  return typeof v === 'object' && v !== null && ((v as AnyAnswer).result === 'success' || (v as AnyAnswer).result === 'error');
}
