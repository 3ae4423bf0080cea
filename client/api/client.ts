/**
 * The browser's one client for the portal's /api routes (spec §7: JSON, credentials
 * sent, 60 s timeout, parameters in the query string). Every call is counted while in
 * flight so the loading overlay can show; failures become a Korean error answer.
 */
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { HomepageSource, Query } from '#shared/ssr.ts';
import { PORTAL_HEADER, queryString } from '#shared/http.ts';
import { messages } from '#shared/messages.ts';
import { sessionEvents } from '../session/events.ts';
import { loading } from './loading.ts';

export const API_TIMEOUT_MS = 60_000;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** An answer with the HTTP status it came with (0 when the request never got an answer). */
export interface ApiResult<T> {
  status: number;
  body: T | ErrorAnswer;
}

const temporary = (): ErrorAnswer => ({ result: 'error', msg: messages.error.temporary });

/** Calls a portal route and answers its JSON; never throws for network or server trouble. */
export async function api<T extends { result: 'success' }>(path: `/api/${string}`, opts: ApiOptions = {}): Promise<T | ErrorAnswer> {
  return (await apiWithStatus<T>(path, opts)).body;
}

/**
 * Like api(), with the HTTP status. A 401 from the homepage gateway means the member's
 * session has ended (spec §8): the shell is told, and signs the member out.
 */
export async function apiWithStatus<T extends { result: 'success' }>(path: `/api/${string}`, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', [PORTAL_HEADER]: '1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const signals = [AbortSignal.timeout(API_TIMEOUT_MS)];
  if (opts.signal) signals.push(opts.signal);
  loading.begin();
  try {
    const qs = queryString(opts.query);
    const res = await fetch(qs ? `${path}?${qs}` : path, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: AbortSignal.any(signals),
    });
    const json: unknown = await res.json().catch(() => undefined);
    if (res.status === 401 && path.startsWith('/api/v1/homepage/')) sessionEvents.ended();
    if (typeof json === 'object' && json !== null && 'result' in json) return { status: res.status, body: json as T | ErrorAnswer };
    return { status: res.status, body: temporary() };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return { status: 0, body: temporary() };
  } finally {
    loading.end();
  }
}

/** The homepage API as seen from the browser: through the portal's gateway. */
export const browserHomepage: HomepageSource = {
  get: (path, query) => api(`/api/v1/homepage${path}`, { query }),
};
