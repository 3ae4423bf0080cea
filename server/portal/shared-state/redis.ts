/**
 * The shared store of several portal instances (REDIS_URL, decision 0020): one ioredis
 * connection with short timeouts and no offline queue, so a command fails at once
 * while Redis is away and the caller falls back to this instance's memory. The link
 * says whether Redis can be used, and logs (once per outage) and counts the fallbacks.
 * A feature that must hear the other instances (decision 0160) listens to a channel on a
 * second connection of its own, made and remade like the first and closed with it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { PortalMetrics, RedisFeature } from '../ops/metrics.ts';

/** Every key the portal writes starts with this. */
export const REDIS_PREFIX = 'portal:';
/** How often a listening connection is PINGed (each PING times out like any command). */
const LISTEN_PING_MS = 5_000;

/** What a listening connection tells (RedisLink.listen). */
export interface ChannelListener {
  /** Subscribed: every message published from now on arrives (after a loss, some may have been missed). */
  listening(): void;
  message(payload: string): void;
  /** Not subscribed any more (the connection closed or the subscription failed); made again in the background. */
  lost(reason: string): void;
  /** The link is closing: nothing more will be heard, and nothing is made again. */
  closed(): void;
}

export class RedisLink {
  readonly client: Redis;
  readonly #log: FastifyBaseLogger;
  readonly #metrics: PortalMetrics;
  readonly #onReady: (() => void)[] = [];
  readonly #listeners: (() => void)[] = [];
  #down = false;
  #closed = false;

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

  /**
   * Listens to `channel` on a connection of its own (subscriber mode takes the whole
   * connection), with the link's timeouts and retries; it is subscribed again by hand after each
   * reconnection so that `listening` follows the confirmation. While subscribed it is PINGed
   * every LISTEN_PING_MS: a reply arrives after every message published before it, so a
   * connection that went silent without closing is cut (and made again) within seconds.
   * Closed with the link.
   */
  listen(channel: string, on: ChannelListener): void {
    const sub = this.client.duplicate({ connectionName: 'reading-portal-listener', autoResubscribe: false });
    let subscribed = false;
    let ping: NodeJS.Timeout | undefined;
    const lose = (reason: string) => {
      clearInterval(ping);
      if (!subscribed) return;
      subscribed = false;
      if (!this.#closed) on.lost(reason);
    };
    this.#listeners.push(() => {
      lose('closed');
      on.closed();
      sub.disconnect();
    });
    // Its outages are the link's too: the link logs them; this connection only stops listening.
    sub.on('error', () => undefined);
    sub.on('close', () => lose('the listening connection closed'));
    sub.on('message', (from: string, payload: string) => {
      if (from === channel) on.message(payload);
    });
    // Refused, cut meanwhile, or silent: made again from the start, as after any loss.
    const again = () => {
      if (sub.status === 'ready' && !this.#closed) sub.disconnect(true);
    };
    sub.on('ready', () => {
      sub.subscribe(channel).then(() => {
        if (sub.status !== 'ready' || this.#closed) return;
        subscribed = true;
        on.listening();
        ping = setInterval(() => sub.ping().catch(again), LISTEN_PING_MS);
        ping.unref();
      }, again);
    });
    sub.connect().catch(() => undefined);
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
    this.#closed = true;
    for (const close of this.#listeners) close();
    this.client.removeAllListeners('error');
    this.client.on('error', () => undefined);
    if (this.ready) await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}
