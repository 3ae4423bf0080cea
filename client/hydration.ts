/**
 * Router state crosses from the server render to the browser as JSON in a data block
 * (not an inline script, so a strict CSP needs no extra nonce for it). Route errors
 * are flattened on the way out and rebuilt on the way in; messages of unexpected
 * errors stay on the server. Deferred loader data (promises at the top level of a
 * loader's answer, decision 0030) is written with its settled value — the block sits at
 * the end of the page, after React has streamed everything — and becomes an already
 * settled promise in the browser, so hydration renders it without suspending.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router-dom';

interface SerializedRouteError {
  __type: 'RouteErrorResponse';
  status: number;
  statusText: string;
  data: unknown;
}
interface SerializedError {
  __type: 'Error';
  message: string;
}
type SerializedErrorValue = SerializedRouteError | SerializedError;

export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedErrorValue> | null;
}

const DEFERRED = '__deferred';
type DeferredMarker = { [DEFERRED]: 'ok'; value: unknown } | { [DEFERRED]: 'error' };

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

function topLevelThenables(loaderData: Record<string, unknown>): PromiseLike<unknown>[] {
  const out: PromiseLike<unknown>[] = [];
  for (const data of Object.values(loaderData)) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    for (const v of Object.values(data)) if (isThenable(v)) out.push(v);
  }
  return out;
}

/**
 * Watches the deferred values of a render: `settled` resolves when all have settled (or
 * `stop()` was called, e.g. the render was aborted); `marker()` tells how one ended.
 */
export function trackDeferred(loaderData: Record<string, unknown>) {
  const results = new Map<PromiseLike<unknown>, DeferredMarker>();
  const thenables = topLevelThenables(loaderData);
  // Each value, once settled, is also marked the way React's use() reads without suspending:
  // a render that starts after it settled writes it in place instead of streaming it later.
  const all = thenables.map((p) =>
    Promise.resolve(p).then(
      (value) => {
        results.set(p, { [DEFERRED]: 'ok', value });
        Object.assign(p, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        results.set(p, { [DEFERRED]: 'error' });
        Object.assign(p, { status: 'rejected', reason });
      },
    ),
  );
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return {
    settled: Promise.race([Promise.all(all).then(() => undefined), stopped]),
    /** Whether every value has settled already (nothing to wait for). */
    done: () => results.size === thenables.length,
    stop,
    marker: (p: PromiseLike<unknown>): DeferredMarker => results.get(p) ?? { [DEFERRED]: 'error' },
  };
}

function withMarkers(loaderData: Record<string, unknown>, marker: (p: PromiseLike<unknown>) => DeferredMarker): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, data] of Object.entries(loaderData)) {
    if (typeof data !== 'object' || data === null || Array.isArray(data) || !Object.values(data).some(isThenable)) {
      out[id] = data;
      continue;
    }
    out[id] = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, isThenable(v) ? marker(v) : v]));
  }
  return out;
}

/** A promise that is already settled the way React's use() reads without suspending. */
function settledPromise(m: DeferredMarker): Promise<unknown> {
  if (m[DEFERRED] === 'ok') return Object.assign(Promise.resolve(m.value), { status: 'fulfilled', value: m.value });
  const reason = new Error('Deferred data failed on the server');
  const p = Object.assign(Promise.reject(reason), { status: 'rejected', reason });
  p.catch(() => undefined);
  return p;
}

function isMarker(v: unknown): v is DeferredMarker {
  return typeof v === 'object' && v !== null && DEFERRED in v;
}

function withPromises(loaderData: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, data] of Object.entries(loaderData)) {
    if (typeof data !== 'object' || data === null || Array.isArray(data) || !Object.values(data).some(isMarker)) {
      out[id] = data;
      continue;
    }
    out[id] = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, isMarker(v) ? settledPromise(v) : v]));
  }
  return out;
}

export function serializeHydration(state: {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}, deferred?: (p: PromiseLike<unknown>) => DeferredMarker): SerializedHydration {
  let errors: SerializedHydration['errors'] = null;
  if (state.errors) {
    errors = {};
    for (const [id, err] of Object.entries(state.errors)) {
      errors[id] = isRouteErrorResponse(err)
        ? { __type: 'RouteErrorResponse', status: err.status, statusText: err.statusText, data: err.data }
        : { __type: 'Error', message: 'Unexpected Server Error' };
    }
  }
  const loaderData = deferred ? withMarkers(state.loaderData, deferred) : state.loaderData;
  return { loaderData, actionData: state.actionData, errors };
}

export function deserializeHydration(data: SerializedHydration): HydrationState {
  let errors: HydrationState['errors'] = null;
  if (data.errors) {
    errors = {};
    for (const [id, e] of Object.entries(data.errors)) {
      errors[id] =
        e.__type === 'RouteErrorResponse' ? new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data) : new Error(e.message);
    }
  }
  return { loaderData: withPromises(data.loaderData), actionData: data.actionData, errors };
}

const UNSAFE_IN_HTML = /[<>&\u2028\u2029]/g;
const ESCAPED_IN_HTML: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe inside an HTML element: `<`, `>`, `&` and line separators escaped, in one pass. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_HTML, (c) => ESCAPED_IN_HTML[c] ?? c);
}
