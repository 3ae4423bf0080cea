/**
 * The one way the portal calls the homepage API (docs/decisions/D1-shape-of-the-system.md): undici, a pool of
 * keep-alive connections to HOMEPAGE_API_URL, a request id on every call, a 60 s
 * budget (docs/product.md §9) that bounds the whole call — headers and body together, one
 * timer per call that destroys the request (decision 0035) — JSON in and out, and failures
 * mapped to what the member sees: unreachable → 502, timed out → 504, malformed answer → 502.
 * Used by the gateway route and, in-process, by the SSR loaders.
 *
 * Several instances of one API (HOMEPAGE_API_URL as a comma-separated list, decision 0130):
 * calls take turns; an instance that refuses the connection is left out for a while and the
 * call goes to the next one at once (nothing was sent, so any method may go again). A read
 * whose connection broke after it was sent is tried once more on another instance, and so is a
 * write with an Idempotency-Key (decision 0141: the API answers its repeat); a write without
 * one is not (it may have been applied): its member sees the temporary-error message.
 */
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyAnswer } from '#shared/contract/common.ts';
import { idempotencyKeyHeader } from '#shared/contract/idempotency.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#shared/http-writes.ts';
import { redactPath } from '../../logger.ts';
import type { RequestTrace } from '../../tracing.ts';

export type HomepageMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HomepageCall {
  method: HomepageMethod;
  /** Path under the API's base, validated by the caller: HOMEPAGE_PREFIX and an operation's path. */
  path: string;
  /** Raw query string without the leading `?` (kept exactly as the browser sent it). */
  query?: string;
  /** A JSON value to send as the body. */
  body?: unknown;
  /**
   * The write's Idempotency-Key (decision 0141), already validated: sent as the draft's
   * sf-string, and the same on every retry of this call (MemberAuth's after a refresh included).
   */
  idempotencyKey?: string;
  requestId: string;
  /** The trace of the request the call is made for (traces on): its `traceparent` goes with the call. */
  trace?: RequestTrace | undefined;
  /** Bearer token to attach (the member's access token, never exposed to pages). */
  accessToken?: string;
  /**
   * The browser this call is made for, told to the API on the sign-in calls: the API's
   * security events name its address and user agent (decision 0114). Never a token.
   */
  client?: { address: string; userAgent: string | undefined };
  /** A shorter deadline than the client's budget for this call (ms); the budget still caps it. */
  deadlineMs?: number;
  log: FastifyBaseLogger;
}

export type FailureReason = 'unreachable' | 'timeout' | 'malformed';

export type HomepageResult =
  | {
      ok: true;
      status: number;
      body: AnyAnswer;
      /** The answer as the API sent it (the gateway forwards it as is). */
      raw?: string;
      /** The API's Retry-After on a 503 or 429 (seconds): when the member may try again. */
      retryAfter?: string;
      /** The API answered a repeat of the Idempotency-Key with its first answer (`Idempotent-Replayed: true`). */
      replayed?: true;
      durationMs: number;
    }
  | { ok: false; status: 502 | 504; reason: FailureReason; durationMs: number };

export interface HomepageClient {
  readonly baseUrl: string;
  call(c: HomepageCall): Promise<HomepageResult>;
  close(): Promise<void>;
}

export interface HomepageClientOptions {
  /** The API's base URL, or the base URLs of several alike instances of it (tried in turn). */
  baseUrl: string | readonly string[];
  timeoutMs: number;
  /** Largest answer accepted; anything bigger is treated as malformed. */
  maxBodyBytes?: number;
  /** For tests: a MockAgent or another dispatcher instead of the pool. */
  dispatcher?: Dispatcher;
  /** Told every call and its result (metrics). */
  observe?: (call: HomepageCall, result: HomepageResult) => void;
  /** How long an instance that refused a connection is left out (with several); default 10 s. */
  instanceDownMs?: number;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** The connection was never made: the request was not sent, any method may go to another instance. */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** The connection broke under a request that may have been sent: only a read goes again. */
const BROKEN_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What a call's deadline aborts it with: undici throws the abort reason as it is. */
class DeadlineError extends Error {
  override name = 'TimeoutError';
}

function classify(err: unknown): FailureReason {
  if (err instanceof Error) {
    if (err instanceof DeadlineError || err.name === 'TimeoutError') return 'timeout';
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'timeout';
    if (err instanceof undiciErrors.RequestAbortedError && err.cause instanceof Error && err.cause.name === 'TimeoutError') {
      return 'timeout';
    }
  }
  return 'unreachable';
}

/** A Retry-After in whole seconds, as the API writes it; anything else is not passed on. */
function retryAfterOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^\d{1,6}$/.test(header) ? header : undefined;
}

function isAnswer(v: unknown): v is AnyAnswer {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = (v as { result?: unknown }).result;
  const msg = (v as { msg?: unknown }).msg;
  return (r === 'success' || r === 'error') && (msg === undefined || typeof msg === 'string');
}

/** An answer's headers, as undici gives them. */
type IncomingHttpHeaders = Dispatcher.ResponseData['headers'];

/**
 * What one try on one instance came to: an answer read whole (`text` undefined once it passed
 * the cap: the rest is not read), an error after the answer's head (a broken body), or an error
 * before it (nothing answered: the connection, its silence, or the call's deadline).
 */
type Try =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; text: string | undefined }
  | { kind: 'broken'; status: number; error: unknown }
  | { kind: 'failed'; error: unknown };

/**
 * The whole call's deadline (decision 0035): undici's own timeouts only measure silence, so an
 * upstream that drips a byte now and then would hold the call (and a pooled connection) for
 * ever. One timer per call aborts the try under way — queued, sending, or reading the answer,
 * on whichever instance — and undici destroys its connection.
 */
class Deadline {
  passed: DeadlineError | undefined;
  /** Ends the try under way with the deadline's error. */
  stop: ((reason: DeadlineError) => void) | undefined;
  readonly #timer: NodeJS.Timeout;
  constructor(ms: number) {
    this.#timer = setTimeout(() => {
      this.passed = new DeadlineError('homepage API call passed its deadline');
      this.stop?.(this.passed);
    }, ms);
  }
  clear(): void {
    clearTimeout(this.#timer);
  }
}

/**
 * One try, through undici's handler interface rather than `request()`: the answer is gathered
 * as it comes, without a Readable stream, an AbortSignal and its listeners per call — about a
 * quarter of a call's CPU in the portal (issue 41). Read up to `limit` bytes.
 */
function tryOnce(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, limit: number, deadline: Deadline): Promise<Try> {
  return new Promise((resolve) => {
    if (deadline.passed) {
      resolve({ kind: 'failed', error: deadline.passed });
      return;
    }
    let controller: Dispatcher.DispatchController | undefined;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let answered = false;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: Try): void => {
      if (settled) return;
      settled = true;
      deadline.stop = undefined;
      resolve(result);
    };
    deadline.stop = (reason) => {
      controller?.abort(reason);
      settle(answered ? { kind: 'broken', status, error: reason } : { kind: 'failed', error: reason });
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        // Its deadline passed while it waited for a connection: not sent at all.
        if (deadline.passed) c.abort(deadline.passed);
      },
      onResponseStart(_c, statusCode, head) {
        answered = true;
        status = statusCode;
        headers = head;
      },
      onResponseData(c, chunk) {
        size += chunk.length;
        if (size > limit) {
          settle({ kind: 'answered', status, headers, text: undefined });
          c.abort(new Error('homepage API answer over the cap'));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        const text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8');
        settle({ kind: 'answered', status, headers, text });
      },
      onResponseError(_c, error) {
        settle(answered ? { kind: 'broken', status, error } : { kind: 'failed', error });
      },
    };
    try {
      dispatcher.dispatch(options, handler);
    } catch (error) {
      settle({ kind: 'failed', error });
    }
  });
}

/** One instance of the homepage API: its origin, base path, pool and when it may be tried again. */
interface Instance {
  origin: string;
  basePath: string;
  dispatcher: Dispatcher;
  downUntil: number;
}

export function createHomepageClient(opts: HomepageClientOptions): HomepageClient {
  const maxBody = opts.maxBodyBytes ?? 5 * 1024 * 1024;
  const downMs = opts.instanceDownMs ?? 10_000;
  const bases = (typeof opts.baseUrl === 'string' ? [opts.baseUrl] : opts.baseUrl).map((u) => new URL(u));
  if (bases.length === 0 || bases.length > 30) throw new Error('createHomepageClient takes 1 to 30 base URLs');
  const instances: Instance[] = bases.map((base) => ({
    origin: base.origin,
    basePath: base.pathname.replace(/\/+$/, ''),
    dispatcher:
      opts.dispatcher ??
      new Pool(base.origin, {
        connections: 64,
        pipelining: 1,
        keepAliveTimeout: 10_000,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
        connectTimeout: Math.min(opts.timeoutMs, 10_000),
      }),
    downUntil: 0,
  }));
  let turn = 0;

  /**
   * The index of the next instance in turn that is not left out and not yet tried by this call
   * (`tried`: a bit per instance), else of the untried one back soonest; -1 when all were tried.
   */
  function pick(tried: number): number {
    if (instances.length === 1) return tried === 0 ? 0 : -1;
    const now = Date.now();
    let fallback = -1;
    for (let i = 0; i < instances.length; i++) {
      const at = (turn + i) % instances.length;
      if (tried & (1 << at)) continue;
      const candidate = instances[at] as Instance;
      if (candidate.downUntil <= now) {
        turn = (at + 1) % instances.length;
        return at;
      }
      if (fallback < 0 || candidate.downUntil < (instances[fallback] as Instance).downUntil) fallback = at;
    }
    return fallback;
  }

  async function call(c: HomepageCall): Promise<HomepageResult> {
    const started = performance.now();
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': c.requestId,
    };
    if (c.trace) {
      headers['traceparent'] = c.trace.traceparent;
      if (c.trace.tracestate) headers['tracestate'] = c.trace.tracestate;
    }
    if (c.accessToken) headers['authorization'] = `Bearer ${c.accessToken}`;
    if (c.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = idempotencyKeyHeader(c.idempotencyKey);
    if (c.client) {
      headers['x-forwarded-for'] = c.client.address;
      if (c.client.userAgent) headers['user-agent'] = c.client.userAgent;
    }
    const hasBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD';
    if (hasBody) headers['content-type'] = 'application/json';
    const body = hasBody ? JSON.stringify(c.body) : null;
    const elapsed = () => Math.round(performance.now() - started);
    // A write with an Idempotency-Key may go again too: the API answers its repeat, never writes twice.
    const idempotent = c.method === 'GET' || c.method === 'HEAD' || c.idempotencyKey !== undefined;

    const deadline = new Deadline(Math.min(c.deadlineMs ?? opts.timeoutMs, opts.timeoutMs));
    try {
      return await send(c, headers, body, idempotent, deadline, elapsed);
    } finally {
      deadline.clear();
    }
  }

  async function send(
    c: HomepageCall,
    headers: Record<string, string>,
    body: string | null,
    idempotent: boolean,
    deadline: Deadline,
    elapsed: () => number,
  ): Promise<HomepageResult> {
    let res: Try | undefined;
    let tried = 0;
    for (let at = pick(tried); at >= 0; at = pick(tried)) {
      tried |= 1 << at;
      const instance = instances[at] as Instance;
      res = await tryOnce(
        instance.dispatcher,
        {
          origin: instance.origin,
          path: instance.basePath + c.path + (c.query ? `?${c.query}` : ''),
          method: c.method,
          headers,
          body,
          // Silence between bytes is also bounded (undici's own timers); the deadline bounds the whole.
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        },
        maxBody,
        deadline,
      );
      if (res.kind !== 'failed') break;
      const err = res.error;
      const code = errorCode(err);
      const notConnected = code !== undefined && NOT_CONNECTED_CODES.has(code);
      if (notConnected && instances.length > 1) instance.downUntil = Date.now() + downMs;
      const again = tried !== (1 << instances.length) - 1 && (notConnected || (idempotent && code !== undefined && BROKEN_CODES.has(code)));
      if (again) {
        c.log.warn({ upstream: { method: c.method, path: redactPath(c.path), instance: instance.origin, code } }, 'homepage API instance failed: trying the next');
        continue;
      }
      const reason = classify(err);
      const durationMs = elapsed();
      c.log.warn(
        { upstream: { method: c.method, path: redactPath(c.path), durationMs, reason }, err: { message: (err as Error).message, code } },
        'homepage API call failed',
      );
      return { ok: false, status: reason === 'timeout' ? 504 : 502, reason, durationMs };
    }
    // Every failed try above either went on to another instance or returned: only no instance at all is left.
    if (!res || res.kind === 'failed') return { ok: false, status: 502, reason: 'unreachable', durationMs: elapsed() };
    if (res.kind === 'broken') {
      const reason = classify(res.error);
      const durationMs = elapsed();
      c.log.warn({ upstream: { method: c.method, path: redactPath(c.path), status: res.status, durationMs, reason } }, 'homepage API answer broken');
      return { ok: false, status: reason === 'timeout' ? 504 : 502, reason, durationMs };
    }
    const { text, status } = res;
    const durationMs = elapsed();
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isAnswer(parsed)) {
      c.log.warn(
        { upstream: { method: c.method, path: redactPath(c.path), status, durationMs, reason: 'malformed', contentType: res.headers['content-type'] } },
        'homepage API answer malformed',
      );
      return { ok: false, status: 502, reason: 'malformed', durationMs };
    }
    // At debug only (decision 0035); the fields are not even built otherwise.
    if (c.log.level === 'debug' || c.log.level === 'trace') {
      c.log.debug({ upstream: { method: c.method, path: redactPath(c.path), status, durationMs } }, 'homepage API call');
    }
    const retryAfter = status === 503 || status === 429 ? retryAfterOf(res.headers['retry-after']) : undefined;
    const replayed = res.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true';
    return {
      ok: true, status, body: parsed,
      ...(text !== undefined ? { raw: text } : {}), ...(retryAfter ? { retryAfter } : {}), ...(replayed ? { replayed } : {}), durationMs,
    };
  }

  const first = instances[0] as Instance;
  return {
    baseUrl: first.origin + first.basePath,
    call: opts.observe
      ? async (c) => {
          const result = await call(c);
          opts.observe?.(c, result);
          return result;
        }
      : call,
    close: async () => {
      if (!opts.dispatcher) await Promise.all(instances.map((i) => i.dispatcher.close()));
    },
  };
}
