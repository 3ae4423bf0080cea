/**
 * Every write of a member answers a repeat of itself (decision 0141, IETF
 * draft-ietf-httpapi-idempotency-key-header). A write that comes with an `Idempotency-Key`
 * runs, handler and all, in one store transaction that also reads and keeps the key:
 * - a new key: the write runs; its success answer is kept with the member, the key and the
 *   request's fingerprint, committed with the write (a refusal rolls back as it always did,
 *   and keeps nothing: the same key may try again);
 * - the same key and fingerprint again: the first answer, byte for byte, with
 *   `Idempotent-Replayed: true`, and nothing runs (no row, no award, no count of the write rate);
 * - the same key, another request: 422 `idempotency_key_reused`;
 * - the same key while the first still runs: 409 `idempotency_in_progress` (this process: a set
 *   of the keys running; other instances on PostgreSQL: a transaction-scoped advisory lock).
 * Keys are kept `idempotencyKeyTtlS` (a day), then swept. Without the header nothing changes.
 *
 * One mechanism for every row that takes a key (takesIdempotencyKey), applied to a route's
 * options by withIdempotencyKey: today from the operation table's check (operation-table.ts),
 * later from whatever registers the table's routes.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_KEY_PATTERN, idempotencyKeyOf } from '#shared/contract/idempotency.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#shared/http-writes.ts';
import type { Operation } from '#shared/contract/operations.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from './auth/guard.ts';
import { ApiError, badRequest, errorAnswers } from './errors.ts';
import type { ApiMetrics, IdempotencyOutcome } from './metrics.ts';
import { withResponses } from './protocol.ts';
import type { ApiSettings } from './settings.ts';
import type { Stores } from './store/index.ts';

/** Whether an operation takes an Idempotency-Key: a member's (or an administrator's) POST, PUT or DELETE. */
export function takesIdempotencyKey(method: string, op: Operation): boolean {
  return (op.access === 'member' || op.access === 'admin') && (method === 'POST' || method === 'PUT' || method === 'DELETE');
}

/** JSON with every object's keys in code-unit order: the same value, the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * What makes two requests the same write: the method, the route with its path parameters, the
 * query and the body, as validated (text fields in NFC, defaults filled), in canonical JSON.
 */
function fingerprintOf(req: FastifyRequest): string {
  const request = [req.method, req.routeOptions.url ?? '', req.params ?? {}, req.query ?? {}, req.body ?? null];
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** The header as the document states it (a plain schema: Fastify matches header names in lower case). */
const KEY_HEADER_SCHEMA = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        '이 쓰기 하나에 붙인 키(IETF draft-ietf-httpapi-idempotency-key-header): 따옴표로 감싼 sf-string("…") 또는 그대로, ' +
        '영문·숫자·._:- 1~255자(UUID 권장). 같은 회원이 보관 기간(기본 24시간) 안에 같은 키로 같은 요청을 다시 보내면 다시 기록하지 않고 첫 성공 답을 ' +
        'Idempotent-Replayed: true와 함께 그대로 준다. 같은 키로 다른 요청이면 422, 첫 요청이 아직 처리 중이면 409. 형식이 틀리면 400. 없으면 예전대로',
    },
  },
};

/**
 * Makes a route take an Idempotency-Key: the header in its schema (validated: 400 with the
 * key's own message), 409 and 422 among its answers, and its handler run by the app's
 * IdempotencyKeys. Call from an onRoute hook (or a registrar) before the route is added.
 */
export function withIdempotencyKey(route: RouteOptions): void {
  const schema = route.schema ?? {};
  if (schema.headers !== undefined) throw new Error(`${route.url}: a write with its own header schema (idempotency.ts adds the Idempotency-Key)`);
  schema.headers = KEY_HEADER_SCHEMA;
  withResponses(schema, errorAnswers(409, 422));
  route.schema = schema;
  route.config = { ...route.config, fieldMessages: { ...route.config?.fieldMessages, [IDEMPOTENCY_HEADER]: apiMessages.idempotency.keyInvalid } };
  const handler = route.handler;
  route.handler = function (req, reply) {
    return req.server.idempotency.run(req, reply, () => handler.call(this, req, reply));
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** How often expired keys are swept at most (less when keys live shorter). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The first answer to a key (kept or just given), and whether this request only repeats it. */
interface Answer {
  replayed: boolean;
  status: number;
  answer: string;
}

export class IdempotencyKeys {
  /** (member, key) of the keyed writes running in this process. */
  readonly #running = new Set<string>();
  readonly #stores: Stores;
  readonly #settings: ApiSettings;
  readonly #metrics: ApiMetrics;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<unknown> | undefined;

  constructor(deps: { stores: Stores; settings: ApiSettings; metrics: ApiMetrics }) {
    this.#stores = deps.stores;
    this.#settings = deps.settings;
    this.#metrics = deps.metrics;
  }

  get #ttlMs(): number {
    return this.#settings.idempotencyKeyTtlS * 1000;
  }

  /** Runs a write's handler under its Idempotency-Key, if it has one; sends the answer. */
  async run(req: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown> {
    const key = idempotencyKeyOf(req.headers[IDEMPOTENCY_HEADER]);
    if (key === undefined) return await handler();
    if (key === null) throw badRequest(apiMessages.idempotency.keyInvalid); // the header schema refuses it first
    const memberId = memberOf(req).memberId;
    const running = `${memberId}\0${key}`;
    if (this.#running.has(running)) throw this.#refused('in_progress');
    this.#running.add(running);
    try {
      const out = await this.#once(req, reply, memberId, key, handler);
      if (out.replayed) {
        this.#metrics.idempotency('replayed');
        void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      }
      return reply.code(out.status).type(JSON_TYPE).send(out.answer);
    } finally {
      this.#running.delete(running);
    }
  }

  /** The first answer to the key: kept, or given now by the handler in the same transaction as the key. */
  async #once(req: FastifyRequest, reply: FastifyReply, memberId: number, key: string, handler: () => unknown): Promise<Answer> {
    const fingerprint = fingerprintOf(req);
    const keys = this.#stores.idempotencyKeys;
    const now = this.#settings.clock();
    return await this.#stores.transaction(async () => {
      // Sent together (one round trip on PostgreSQL); the read's snapshot is taken after the lock is had.
      const [free, kept] = await Promise.all([keys.lock(memberId, key), keys.find(memberId, key, now - this.#ttlMs)]);
      if (!free) throw this.#refused('in_progress');
      if (kept) {
        if (kept.fingerprint !== fingerprint) throw this.#refused('mismatch');
        return { replayed: true, status: kept.status, answer: kept.answer };
      }
      const payload = await handler();
      if (payload === reply || reply.sent) throw new Error(`${req.routeOptions.url}: a write under an Idempotency-Key must return its answer, not send it`);
      const serialized = reply.serialize(payload);
      const answer = typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
      const status = reply.statusCode;
      if (status >= 200 && status < 300) await keys.save(memberId, key, { fingerprint, status, answer }, now);
      return { replayed: false, status, answer };
    });
  }

  #refused(outcome: Exclude<IdempotencyOutcome, 'replayed'>): ApiError {
    this.#metrics.idempotency(outcome);
    return outcome === 'mismatch'
      ? new ApiError(422, apiMessages.idempotency.keyReused, IDEMPOTENCY_CODES.reused)
      : new ApiError(409, apiMessages.idempotency.inProgress, IDEMPOTENCY_CODES.inProgress);
  }

  /** Whether the member's write under this key is running in this process now. */
  isRunning(memberId: number, key: string): boolean {
    return this.#running.has(`${memberId}\0${key}`);
  }

  /** Forgets the keys older than their lifetime; answers how many. */
  async sweep(): Promise<number> {
    return await this.#stores.idempotencyKeys.sweep(this.#settings.clock() - this.#ttlMs);
  }

  /** Sweeps on a timer that does not keep the process alive. */
  start(log: FastifyBaseLogger): void {
    this.#timer = setInterval(() => {
      this.#sweeping ??= this.sweep()
        .catch((err: unknown) => log.error({ err }, 'sweeping expired idempotency keys failed'))
        .finally(() => {
          this.#sweeping = undefined;
        });
    }, Math.min(this.#ttlMs, SWEEP_EVERY_MS));
    this.#timer.unref();
  }

  /** Stops the timer; a sweep under way finishes first. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping;
  }
}
