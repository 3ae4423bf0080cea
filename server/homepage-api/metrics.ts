/**
 * The reference API's own Prometheus series (decision 0114), served at `GET /metrics` on the
 * API's listener (never through the portal: the gateway forwards only `HOMEPAGE_PREFIX/*`).
 * One registry per app (tests build many apps in one process). Labels come from a fixed set.
 */
import { Counter, Registry } from 'prom-client';

/**
 * The sign-in security events: a spent refresh token presented again within the grace (the
 * same pair again), past it (refused, nothing revoked), or a second time (the sign-in revoked).
 */
export const SECURITY_EVENTS = ['refresh_repeat', 'refresh_reuse', 'refresh_reuse_revoked'] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/**
 * Writes with an Idempotency-Key that did not run (decision 0141): a repeat answered with the
 * first answer, a key reused for another request (422), a repeat while the first runs (409).
 */
export const IDEMPOTENCY_OUTCOMES = ['replayed', 'mismatch', 'in_progress'] as const;
export type IdempotencyOutcome = (typeof IDEMPOTENCY_OUTCOMES)[number];

export class ApiMetrics {
  readonly registry = new Registry();
  readonly #security: Counter<'event'>;
  readonly #idempotency: Counter<'outcome'>;

  constructor() {
    this.#security = new Counter({
      name: 'homepage_api_security_events_total',
      help: 'Sign-in security events by kind: refresh_repeat (a spent refresh token within the grace: the same pair), refresh_reuse (past it: refused), refresh_reuse_revoked (a second time: the sign-in revoked).',
      labelNames: ['event'],
      registers: [this.registry],
    });
    // Known series start at 0, so rates and alerts see them before the first event.
    for (const event of SECURITY_EVENTS) this.#security.inc({ event }, 0);
    this.#idempotency = new Counter({
      name: 'homepage_api_idempotency_total',
      help: 'Writes with an Idempotency-Key that did not run again: replayed (the first answer given again), mismatch (the key reused for another request: 422), in_progress (the first still running: 409).',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    for (const outcome of IDEMPOTENCY_OUTCOMES) this.#idempotency.inc({ outcome }, 0);
  }

  idempotency(outcome: IdempotencyOutcome): void {
    this.#idempotency.inc({ outcome });
  }

  security(event: SecurityEvent): void {
    this.#security.inc({ event });
  }
}
