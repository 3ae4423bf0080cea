/**
 * pino options shared by the portal and the reference API: JSON to stdout, ISO time,
 * and no secrets — cookies and authorization headers (pino's `redact`), tokens and passwords
 * wherever a logged object holds them (`withoutSecrets`), and in URLs: query values named
 * like secrets, and secret path segments.
 */
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { splitUrl } from '#shared/http.ts';

/** Header paths pino redacts (its `redact`: explicit paths, looked up only under these keys). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
] as const;

/**
 * Keys whose values are secrets wherever a logged object holds them: at its top level or one
 * level down (a body, an error, an upstream answer logged under any key). Not pino's wildcard
 * paths (`*.token`): with one, pino runs its redactor on every value of every line and every
 * child's bindings, strings included, parsing each path again each time — 2 µs and 2 KB of
 * garbage a value, twice a request in the API (decision 0140).
 */
export const SECRET_KEYS = ['user_pass', 'password', 'access_token', 'refresh_token', 'token'] as const;
const CENSOR = '[REDACTED]';

/** The secret keys `o` holds a value under; undefined (nothing allocated) when none. */
function secretsIn(o: object): string[] | undefined {
  let found: string[] | undefined;
  for (const k of SECRET_KEYS) if (Object.hasOwn(o, k) && (o as Record<string, unknown>)[k] !== undefined) (found ??= []).push(k);
  return found;
}

/** A copy of `o` with those values censored; an error stays an error (message and stack kept). */
function censored<T extends object>(o: T, keys: readonly string[]): T {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(o) as object | null) as T, o);
  if (o instanceof Error) Object.assign(copy, { message: o.message, stack: o.stack });
  for (const k of keys) (copy as Record<string, unknown>)[k] = CENSOR;
  return copy;
}

/**
 * What a log line holds (pino's `formatters.log`), with the values of SECRET_KEYS censored at
 * the top level and one level down. The logged objects themselves are never changed: what
 * holds a secret is copied. A child logger's bindings are not passed through it (pino formats
 * only the root's): ours are ids — reqId, trace_id, span_id — never a logged object.
 */
export function withoutSecrets(obj: Record<string, unknown>): Record<string, unknown> {
  const top = secretsIn(obj);
  let out = top ? censored(obj, top) : obj;
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    const v = obj[key];
    if (typeof v !== 'object' || v === null) continue;
    const inner = secretsIn(v);
    if (!inner) continue;
    if (out === obj) out = { ...obj };
    out[key] = censored(v, inner);
  }
  return out;
}

/**
 * A log line's time, ISO 8601: formatted once a millisecond, not once a line (a loaded portal
 * writes several lines a millisecond; issue 41).
 */
let stampedAt = Number.NaN;
let stamp = '';
function timestamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

export function loggerOptions(opts: { level: string; name?: string }): LoggerOptions {
  return {
    level: opts.level,
    ...(opts.name ? { name: opts.name } : {}),
    timestamp,
    formatters: { level: (label) => ({ level: label }), log: withoutSecrets },
    redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    serializers: {
      req(req: { method?: string; url?: string; id?: string; ip?: string; headers?: Record<string, unknown> }) {
        const ua = req.headers?.['user-agent'];
        return {
          method: req.method,
          url: redactUrl(req.url ?? ''),
          ip: req.ip,
          ...(typeof ua === 'string' ? { userAgent: ua } : {}),
        };
      },
    },
  };
}

/** What each destination still holds, written when the process exits (one listener for all). */
const heldAtExit = new Set<() => void>();
let exitHooked = false;

/**
 * Where a server process writes its log: stdout, in batches, each written at once (decision
 * 0121). Lines are held here until `batchBytes` have gathered or `flushMs` has passed since
 * the first of them, so an idle process still writes each line within `flushMs`; a batch is
 * one synchronous write of sonic-boom (pino.destination), a system call for about fourteen
 * request lines. Holding them in sonic-boom instead (its `minLength`) measures the byte length
 * of everything it holds on every line: about 2 µs a line (decision 0121, revised 2026-11-28).
 * Writes were asynchronous until 2026-11-28: a hop to libuv's thread pool per batch, and at
 * exit sonic-boom wrote what it held while a batch was still in flight, so the last lines of a
 * burst could come out of order. What is held when the process exits is written then, in
 * order, so the last lines of a shutdown or a crash are kept (the process tests read them); a
 * SIGKILL loses at most `flushMs` of lines.
 */
export function stdoutDestination(opts: { flushMs?: number; batchBytes?: number } = {}): DestinationStream {
  const flushMs = opts.flushMs ?? 100;
  const batchBytes = opts.batchBytes ?? 4096;
  const out = pino.destination({ dest: 1, sync: true, minLength: 0 });
  /** Lines not handed to sonic-boom yet. Its length counts UTF-16 units: bytes ≥ that. */
  let batch = '';
  let timer: NodeJS.Timeout | undefined;
  const write = out.write.bind(out);
  const handOver = (): boolean => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (batch === '') return true;
    const lines = batch;
    batch = '';
    return write(lines);
  };
  out.write = (line: string) => {
    batch += line;
    if (batch.length >= batchBytes) return handOver();
    timer ??= setTimeout(handOver, flushMs).unref();
    return true;
  };
  const flush = out.flush.bind(out);
  out.flush = (cb?: (err?: Error) => void) => {
    handOver();
    flush(cb);
  };
  const flushSync = out.flushSync.bind(out);
  out.flushSync = () => {
    handOver();
    flushSync();
  };
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => heldAtExit.forEach((hand) => hand()));
  }
  heldAtExit.add(handOver);
  out.once('close', () => heldAtExit.delete(handOver));
  return out;
}

/**
 * Path segments that are secrets (decision 0012): the SSO token of the homepage API's
 * `HOMEPAGE_PREFIX/auth/sso/<token>` (sent upstream by the portal, received by the API).
 */
const SECRET_PATH_SEGMENTS = /(\/auth\/sso\/)[^/?#]+/gi;

/** A path (or URL) with its secret segments replaced by [REDACTED]. */
export function redactPath(path: string): string {
  return path.replace(SECRET_PATH_SEGMENTS, '$1[REDACTED]');
}

/** A request URL as logged: secret path segments and secret query values redacted. */
export function redactUrl(url: string): string {
  return stripQuerySecrets(redactPath(url));
}

/** Query strings may carry SSO tokens (/sso/sso?token=…): keep the keys, drop the values. */
function stripQuerySecrets(url: string): string {
  if (!url.includes('?')) return url;
  const { path, query } = splitUrl(url);
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (/token|key|pass|secret|code/i.test(key)) params.set(key, '[REDACTED]');
  }
  return `${path}?${params.toString()}`;
}
