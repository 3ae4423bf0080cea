/**
 * Prometheus metrics of one portal process (prom-client, decision 0021). One registry
 * per app (tests build many apps in one process), Node's default metrics (event-loop
 * lag, heap, CPU, GC) and the portal's own series below. Labels are route patterns,
 * operations and outcomes from fixed sets: never member ids, tokens or raw URLs.
 */
import { cachedOperations } from '#shared/contract/operations.ts';
import type { CacheOutcome } from '../homepage/public-cache.ts';
import type { Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HomepageCall, HomepageResult } from '../homepage/client.ts';
import { upstreamOperation } from './upstream-operations.ts';

export type UpstreamOutcome = 'ok' | '4xx' | '5xx' | 'timeout' | 'refresh';
export const SIGN_IN_OUTCOMES = [
  'success', 'invalid', 'expired', 'refused', 'account_locked', 'unavailable', 'upstream_error',
] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
/** `ip`: the per-address limit (@fastify/rate-limit); `account`: failures per account. */
export type RateLimitKind = 'ip' | 'account';
export type RefreshResult = 'ok' | 'rejected' | 'unavailable';
/**
 * `upstream`: this request called the API; `shared`: it took another request's answer; `held`:
 * it was given again a pair its browser had not acknowledged (a lost answer, decision 0142).
 */
export type RefreshSource = 'upstream' | 'shared' | 'held';
/** 로그아웃 (decision 0024): confirmed by the homepage API at once, or left in the outbox. */
export type SignOutUpstream = 'confirmed' | 'pending';
/** An outbox attempt: confirmed, failed (tried again later), or expired (the tokens died first). */
export type SignOutRetry = 'confirmed' | 'failed' | 'expired';
export type RedisFeature = 'rate_limit' | 'login_failures' | 'refresh' | 'session_revocation' | 'sign_out_outbox';
/** The public read cache's series (decision 0033): each cached row's path pattern (operations.ts), and `page` for visitors' pages. */
const CACHE_SERIES: readonly string[] = [...cachedOperations.map((o) => o.path), 'page'];
const CACHE_OUTCOMES: readonly CacheOutcome[] = ['hit', 'miss', 'stale', 'bypass'];

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class PortalMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;
  readonly #upstream: Histogram<'method' | 'operation' | 'outcome'>;
  readonly #shellReady: Histogram;
  readonly #render: Histogram;
  readonly #signIns: Counter<'outcome'>;
  readonly #rateLimited: Counter<'limit'>;
  readonly #refreshes: Counter<'outcome' | 'source'>;
  readonly #overload: Counter<'reason'>;
  readonly #cache: Counter<'operation' | 'outcome'>;
  readonly #redisFallbacks: Counter<'feature'>;
  readonly #signOuts: Counter<'upstream'>;
  readonly #signOutRetries: Counter<'outcome'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Requests answered by the portal, by route pattern and status (its _count is the request counter).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS,
      registers,
    });
    this.#upstream = new Histogram({
      name: 'portal_upstream_request_duration_seconds',
      help: 'Homepage API calls, by operation (route pattern) and outcome (ok, 4xx, 5xx, timeout, refresh = 403).',
      labelNames: ['method', 'operation', 'outcome'],
      buckets: SECONDS,
      registers,
    });
    this.#shellReady = new Histogram({
      name: 'portal_ssr_shell_ready_seconds',
      help: 'From the start of a page render (loaders included) to its shell ready: the first byte.',
      buckets: SECONDS,
      registers,
    });
    this.#render = new Histogram({
      name: 'portal_ssr_render_seconds',
      help: 'From the start of a page render to its last byte rendered.',
      buckets: SECONDS,
      registers,
    });
    this.#signIns = new Counter({ name: 'portal_sign_in_total', help: 'Sign-in attempts by outcome.', labelNames: ['outcome'], registers });
    this.#rateLimited = new Counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Sign-in attempts refused with 429: limit=ip (attempts per address) or account (failures per account).',
      labelNames: ['limit'],
      registers,
    });
    this.#refreshes = new Counter({
      name: 'portal_token_refresh_total',
      help: 'Token refreshes by outcome; source=shared took the answer of a concurrent refresh (single-flight), source=held gave again a pair the browser had not acknowledged (a lost answer).',
      labelNames: ['outcome', 'source'],
      registers,
    });
    this.#overload = new Counter({
      name: 'portal_overload_refusals_total',
      help: 'Requests turned away with 503 under pressure, by reason (eventLoopDelay, heapUsedBytes).',
      labelNames: ['reason'],
      registers,
    });
    this.#cache = new Counter({
      name: 'portal_cache_requests_total',
      help: 'Public read cache look-ups by operation (the cached row\'s path pattern) and outcome (hit, miss, stale: served while refreshing, bypass: not cacheable); operation page: visitors\' pages (decision 0037).',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.#redisFallbacks = new Counter({
      name: 'portal_redis_fallbacks_total',
      help: "Operations that fell back to this instance's memory because Redis failed, by feature.",
      labelNames: ['feature'],
      registers,
    });
    this.#signOuts = new Counter({
      name: 'portal_sign_out_total',
      help: 'Sign-outs by what the homepage API said: confirmed at once, or pending (signed out here, the revocation left in the outbox).',
      labelNames: ['upstream'],
      registers,
    });
    this.#signOutRetries = new Counter({
      name: 'portal_sign_out_retries_total',
      help: 'Outbox attempts to revoke a signed-out session upstream, by outcome (confirmed, failed: tried again later, expired: its tokens died first).',
      labelNames: ['outcome'],
      registers,
    });
    // Known series start at 0, so rates and alerts see them before the first event.
    for (const upstream of ['confirmed', 'pending'] as const) this.#signOuts.inc({ upstream }, 0);
    for (const outcome of ['confirmed', 'failed', 'expired'] as const) this.#signOutRetries.inc({ outcome }, 0);
    for (const outcome of SIGN_IN_OUTCOMES) this.#signIns.inc({ outcome }, 0);
    for (const limit of ['ip', 'account'] as const) this.#rateLimited.inc({ limit }, 0);
    for (const operation of CACHE_SERIES) for (const outcome of CACHE_OUTCOMES) this.#cache.inc({ operation, outcome }, 0);
  }

  /** Open connections of the public server (read at scrape time). */
  trackConnections(server: Server): void {
    new Gauge({
      name: 'portal_open_connections',
      help: 'Open HTTP connections of the public listener.',
      registers: [this.registry],
      collect() {
        return new Promise<void>((resolve) => {
          server.getConnections((err, count) => {
            if (!err) this.set(count);
            resolve();
          });
        });
      },
    });
  }

  /** 1 while the Redis connection is ready (only registered with REDIS_URL). */
  trackRedis(ready: () => boolean): void {
    new Gauge({
      name: 'portal_redis_up',
      help: 'Whether the shared Redis answers (1) or this instance runs on its own memory (0).',
      registers: [this.registry],
      collect() {
        this.set(ready() ? 1 : 0);
      },
    });
  }

  /** Signed-out checks answered from memory while every sign-out is heard (decision 0160; only with REDIS_URL). */
  trackRevocations(feed: { readonly listening: boolean; readonly heard: number }): void {
    new Gauge({
      name: 'portal_revocations_from_memory',
      help: 'Whether this instance hears every sign-out and answers signed-out checks from memory (1), or asks Redis on each check (0).',
      registers: [this.registry],
      collect() {
        this.set(feed.listening ? 1 : 0);
      },
    });
    new Gauge({
      name: 'portal_revocation_marks_heard',
      help: 'Signed-out sessions\' marks (session id, tokens) this instance keeps from what it heard and caught up.',
      registers: [this.registry],
      collect() {
        this.set(feed.heard);
      },
    });
  }

  /** Sign-outs waiting in the outbox (read at scrape time). */
  trackSignOutOutbox(pending: () => Promise<number>): void {
    new Gauge({
      name: 'portal_sign_out_outbox_pending',
      help: 'Sign-outs whose upstream revocation the homepage API has not confirmed yet (this instance and the shared queue).',
      registers: [this.registry],
      async collect() {
        this.set(await pending());
      },
    });
  }

  readonly signOut = (upstream: SignOutUpstream): void => {
    this.#signOuts.inc({ upstream });
  };

  readonly signOutRetry = (outcome: SignOutRetry): void => {
    this.#signOutRetries.inc({ outcome });
  };

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe({ method, route, status_code: String(status) }, seconds);
  }

  /** The homepage client's observer: one observation per call. */
  readonly upstream = (call: HomepageCall, result: HomepageResult): void => {
    this.#upstream.observe(
      { method: call.method, operation: upstreamOperation(call.method, call.path), outcome: upstreamOutcome(result) },
      result.durationMs / 1000,
    );
  };

  /** The SSR plugin's observer. */
  readonly ssr = (phase: 'shell' | 'complete', seconds: number): void => {
    (phase === 'shell' ? this.#shellReady : this.#render).observe(seconds);
  };

  signIn(outcome: SignInOutcome): void {
    this.#signIns.inc({ outcome });
  }

  rateLimited(limit: RateLimitKind): void {
    this.#rateLimited.inc({ limit });
  }

  refresh(outcome: RefreshResult, source: RefreshSource): void {
    this.#refreshes.inc({ outcome, source });
  }

  overloaded(reason: string): void {
    this.#overload.inc({ reason });
  }

  /** Counts one public read cache look-up. */
  readonly cache = (operation: string, outcome: CacheOutcome): void => {
    this.#cache.inc({ operation, outcome });
  };

  redisFallback(feature: RedisFeature): void {
    this.#redisFallbacks.inc({ feature });
  }
}

function upstreamOutcome(r: HomepageResult): UpstreamOutcome {
  if (!r.ok) return r.reason === 'timeout' ? 'timeout' : '5xx';
  // docs/product.md §8: a 403 means the access token expired; the portal refreshes and retries.
  if (r.status === 403) return 'refresh';
  if (r.status >= 500) return '5xx';
  if (r.status >= 400) return '4xx';
  return 'ok';
}
