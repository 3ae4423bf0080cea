/**
 * The shared store of several portal instances (REDIS_URL, decision 0020): one ioredis
 * connection with short timeouts and no offline queue, so a command fails at once
 * while Redis is away and the caller falls back to this instance's memory. The link
 * says whether Redis can be used, and logs (once per outage) and counts the fallbacks.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { PortalMetrics, RedisFeature } from '../ops/metrics.ts';

/** Every key the portal writes starts with this. */
export const REDIS_PREFIX = 'portal:';

export class RedisLink {
  readonly client: Redis;
  readonly #log: FastifyBaseLogger;
  readonly #metrics: PortalMetrics;
  readonly #onReady: (() => void)[] = [];
  #down = false;

  constructor(url: string, log: FastifyBaseLogger, metrics: PortalMetrics) {
    this.#log = log;
    this.#metrics = metrics;
    this.client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
      // While disconnected, commands fail at once instead of waiting in a queue.
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      connectionName: 'reading-portal',
    });
    this.client.on('error', (err: Error) => this.#wentDown(err));
    this.client.on('ready', () => {
      if (this.#down) this.#log.info({ redis: { event: 'up' } }, 'Redis is back: limits and refreshes are shared again');
      this.#down = false;
      for (const listener of this.#onReady) listener();
    });
    metrics.trackRedis(() => this.ready);
  }

  /** Connects (waits at most the connect timeout); a failure leaves it reconnecting in the background. */
  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (err) {
      this.#wentDown(err);
    }
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * Told each time the connection is ready: at start, and after every outage or a Redis
   * restart (which may have lost what it held). State written to memory meanwhile is written again.
   */
  onReady(listener: () => void): void {
    this.#onReady.push(listener);
  }

  /** A feature could not use Redis and used this instance's memory instead. */
  fellBack(feature: RedisFeature, err?: unknown): void {
    this.#metrics.redisFallback(feature);
    if (err !== undefined) this.#wentDown(err);
  }

  #wentDown(err: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.#log.warn(
      { redis: { event: 'down' }, err: { message: err instanceof Error ? err.message : String(err) } },
      "Redis is unavailable: sign-in limits and refreshes use this instance's memory until it is back",
    );
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('error');
    this.client.on('error', () => undefined);
    if (this.ready) await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}
