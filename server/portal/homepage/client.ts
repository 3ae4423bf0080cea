/**
 * The one way the portal calls the homepage API (docs/decisions/D1-shape-of-the-system.md): undici, a pool of
 * keep-alive connections to HOMEPAGE_API_URL, a request id on every call, a 60 s
 * budget (docs/product.md §9) that bounds the whole call — headers and body together, one
 * timer per call that destroys the request (decision 0035) — JSON in and out, and failures
 * mapped to what the member sees: unreachable → 502, timed out → 504, malformed answer → 502.
 * Used by the gateway route and, in-process, by the SSR loaders.
 */
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyAnswer } from '#shared/contract/common.ts';
import { redactPath } from '../../logger.ts';

export type HomepageMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HomepageCall {
  method: HomepageMethod;
  /** Path under the API's base, validated by the caller: `/api/v1/homepage/...`. */
  path: string;
  /** Raw query string without the leading `?` (kept exactly as the browser sent it). */
  query?: string;
  /** A JSON value to send as the body. */
  body?: unknown;
  requestId: string;
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
  | { ok: true; status: number; body: AnyAnswer; /** The answer as the API sent it (the gateway forwards it as is). */ raw?: string; durationMs: number }
  | { ok: false; status: 502 | 504; reason: FailureReason; durationMs: number };

export interface HomepageClient {
  readonly baseUrl: string;
  call(c: HomepageCall): Promise<HomepageResult>;
  close(): Promise<void>;
}

export interface HomepageClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Largest answer accepted; anything bigger is treated as malformed. */
  maxBodyBytes?: number;
  /** For tests: a MockAgent or another dispatcher instead of the pool. */
  dispatcher?: Dispatcher;
  /** Told every call and its result (metrics). */
  observe?: (call: HomepageCall, result: HomepageResult) => void;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

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

function isAnswer(v: unknown): v is AnyAnswer {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = (v as { result?: unknown }).result;
  const msg = (v as { msg?: unknown }).msg;
  return (r === 'success' || r === 'error') && (msg === undefined || typeof msg === 'string');
}

/**
 * The answer's text, or undefined once it passes `limit` bytes (the rest is not read). Read
 * with stream events, not an async iterator: a member's page makes several calls, and the
 * iterator's promise per chunk was a visible share of each (issue 21).
 */
function readBody(body: Dispatcher.ResponseData['body'], limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (buf: Buffer) => {
      size += buf.length;
      if (size > limit) {
        body.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(buf);
    });
    body.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    body.once('error', reject);
  });
}

export function createHomepageClient(opts: HomepageClientOptions): HomepageClient {
  const base = new URL(opts.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const maxBody = opts.maxBodyBytes ?? 5 * 1024 * 1024;
  const dispatcher: Dispatcher =
    opts.dispatcher ??
    new Pool(base.origin, {
      connections: 64,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      connectTimeout: Math.min(opts.timeoutMs, 10_000),
    });

  async function call(c: HomepageCall): Promise<HomepageResult> {
    const started = performance.now();
    const path = basePath + c.path + (c.query ? `?${c.query}` : '');
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': c.requestId,
    };
    if (c.accessToken) headers['authorization'] = `Bearer ${c.accessToken}`;
    if (c.client) {
      headers['x-forwarded-for'] = c.client.address;
      if (c.client.userAgent) headers['user-agent'] = c.client.userAgent;
    }
    const hasBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD';
    if (hasBody) headers['content-type'] = 'application/json';
    const elapsed = () => Math.round(performance.now() - started);

    // The whole call's deadline (decision 0035): undici's own timeouts only measure silence, so
    // an upstream that drips a byte now and then would hold the call (and a pooled connection)
    // for ever. One timer per call aborts the request — headers or body, wherever it is — and
    // undici destroys its connection.
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(new DeadlineError('homepage API call passed its deadline')), Math.min(c.deadlineMs ?? opts.timeoutMs, opts.timeoutMs));
    try {
      return await send(c, path, headers, hasBody, abort.signal, elapsed);
    } finally {
      clearTimeout(deadline);
    }
  }

  async function send(
    c: HomepageCall,
    path: string,
    headers: Record<string, string>,
    hasBody: boolean,
    signal: AbortSignal,
    elapsed: () => number,
  ): Promise<HomepageResult> {
    let res: Dispatcher.ResponseData;
    try {
      res = await dispatcher.request({
        origin: base.origin,
        path,
        method: c.method,
        headers,
        body: hasBody ? JSON.stringify(c.body) : null,
        signal,
        // Silence between bytes is also bounded (undici's own timers); the deadline bounds the whole.
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
    } catch (err) {
      const reason = classify(err);
      const durationMs = elapsed();
      c.log.warn(
        { upstream: { method: c.method, path: redactPath(c.path), durationMs, reason }, err: { message: (err as Error).message, code: (err as { code?: string }).code } },
        'homepage API call failed',
      );
      return { ok: false, status: reason === 'timeout' ? 504 : 502, reason, durationMs };
    }

    let text: string | undefined;
    try {
      text = await readBody(res.body, maxBody);
    } catch (err) {
      const reason = classify(err);
      const durationMs = elapsed();
      c.log.warn({ upstream: { method: c.method, path: redactPath(c.path), status: res.statusCode, durationMs, reason } }, 'homepage API answer broken');
      return { ok: false, status: reason === 'timeout' ? 504 : 502, reason, durationMs };
    }
    const durationMs = elapsed();
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isAnswer(parsed)) {
      c.log.warn(
        { upstream: { method: c.method, path: redactPath(c.path), status: res.statusCode, durationMs, reason: 'malformed', contentType: res.headers['content-type'] } },
        'homepage API answer malformed',
      );
      return { ok: false, status: 502, reason: 'malformed', durationMs };
    }
    // At debug only (decision 0035); the fields are not even built otherwise.
    if (c.log.level === 'debug' || c.log.level === 'trace') {
      c.log.debug({ upstream: { method: c.method, path: redactPath(c.path), status: res.statusCode, durationMs } }, 'homepage API call');
    }
    return { ok: true, status: res.statusCode, body: parsed, ...(text !== undefined ? { raw: text } : {}), durationMs };
  }

  return {
    baseUrl: base.origin + basePath,
    call: opts.observe
      ? async (c) => {
          const result = await call(c);
          opts.observe?.(c, result);
          return result;
        }
      : call,
    close: async () => {
      if (!opts.dispatcher) await dispatcher.close();
    },
  };
}
