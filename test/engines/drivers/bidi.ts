/**
 * Raw WebDriver BiDi for what puppeteer-core does not offer over it (Firefox): the browser's
 * own connection, its network events and the commands it sends as they are.
 * - `NetworkWatch`: the requests of one browsing context that have not finished, and its last
 *   network events and console lines — what a timed-out wait reports (decision 0147);
 * - `loseAnswers`: an answer the server gave and the browser never gets (`network.addIntercept`
 *   in the `responseStarted` phase, then `network.failRequest`): the request reached the
 *   server, the page sees a dropped connection (the nothing-lost journeys, decision 0147).
 * Offline is puppeteer's `page.setOfflineMode`, which is BiDi's `emulation.setNetworkConditions`.
 */
import { appendFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';

interface BidiRequest {
  request: string;
  url: string;
  method: string;
}

/** The fields of the network events read here (BiDi's `network.*` events). */
interface NetworkEvent {
  context: string | null;
  isBlocked: boolean;
  redirectCount: number;
  request: BidiRequest;
  response?: { status: number };
  errorText?: string;
}

interface NavigationEvent {
  context: string;
  url: string;
}

interface LogEvent {
  source: { context?: string };
  level: string;
  text: string | null;
}

/** puppeteer-core's BiDi connection, as far as it is used here. */
interface Wire {
  send(method: string, params: object): Promise<{ result: unknown }>;
  on(event: string, handler: (event: never) => void): void;
  off(event: string, handler: (event: never) => void): void;
}

export function wireOf(browser: Browser): Wire {
  const wire: unknown = Reflect.get(browser, 'connection');
  if (typeof wire !== 'object' || wire === null || typeof Reflect.get(wire, 'send') !== 'function') {
    throw new Error('not a WebDriver BiDi browser: no connection to send raw commands on');
  }
  return wire as Wire;
}

/** The BiDi browsing context of a page's top-level document. */
export function contextOf(page: Page): string {
  const id: unknown = Reflect.get(page.mainFrame(), '_id');
  if (typeof id !== 'string') throw new Error('no browsing context id on the page');
  return id;
}

const clock = () => new Date().toISOString().slice(11, 23);

interface InFlight {
  method: string;
  url: string;
  since: number;
  /** The answer's headers have come (its body has not finished). */
  status?: number;
}

const RECENT = 16;
/** A request slower than this is noted when it completes. */
const SLOW_MS = 3_000;
/** ENGINES_TRACE=<file>: every noted line of every context appended there (a long run's near misses). */
const TRACE = process.env['ENGINES_TRACE'];

/**
 * One browser's network events, navigations and console lines, per browsing context: what each
 * page still waits for, and what happened last (failures, slow requests, navigations, console
 * lines). Cheap (a map per context, a short ring of lines).
 */
export class NetworkWatch {
  readonly #inFlight = new Map<string, Map<string, InFlight>>();
  readonly #recent = new Map<string, string[]>();

  constructor(wire: Wire) {
    const pending = (context: string) => {
      let m = this.#inFlight.get(context);
      if (!m) this.#inFlight.set(context, (m = new Map()));
      return m;
    };
    const short = (url: string) => {
      try {
        const u = new URL(url);
        return u.pathname + u.search;
      } catch {
        return url;
      }
    };
    const note = (context: string, line: string) => {
      const ring = this.#recent.get(context) ?? [];
      ring.push(`${clock()} ${line}`);
      if (TRACE) appendFileSync(TRACE, `${clock()} ${context.slice(0, 8)} ${line}\n`);
      if (ring.length > RECENT) ring.splice(0, ring.length - RECENT);
      this.#recent.set(context, ring);
    };
    wire.on('network.beforeRequestSent', (e: NetworkEvent) => {
      if (!e.context) return;
      pending(e.context).set(e.request.request, { method: e.request.method, url: short(e.request.url), since: Date.now() });
    });
    wire.on('network.responseStarted', (e: NetworkEvent) => {
      const r = e.context ? this.#inFlight.get(e.context)?.get(e.request.request) : undefined;
      if (r && e.response) r.status = e.response.status;
    });
    wire.on('network.responseCompleted', (e: NetworkEvent) => {
      if (!e.context) return;
      const r = this.#inFlight.get(e.context)?.get(e.request.request);
      this.#inFlight.get(e.context)?.delete(e.request.request);
      if (r && Date.now() - r.since > SLOW_MS) note(e.context, `slow ${Date.now() - r.since} ms: ${r.method} ${r.url} (${e.response?.status ?? '?'})`);
    });
    wire.on('network.fetchError', (e: NetworkEvent) => {
      if (!e.context) return;
      this.#inFlight.get(e.context)?.delete(e.request.request);
      note(e.context, `failed ${e.request.method} ${short(e.request.url)} (${e.errorText ?? '?'})`);
    });
    for (const [event, what] of [
      ['browsingContext.navigationStarted', 'navigation started'],
      ['browsingContext.load', 'loaded'],
      ['browsingContext.navigationFailed', 'navigation failed'],
      ['browsingContext.navigationAborted', 'navigation aborted'],
    ] as const) {
      wire.on(event, (e: NavigationEvent) => note(e.context, `${what}: ${short(e.url)}`));
    }
    wire.on('log.entryAdded', (e: LogEvent) => {
      if (e.source.context) note(e.source.context, `console.${e.level}: ${(e.text ?? '').slice(0, 200)}`);
    });
  }

  /** What the context still waits for, and its last failures and console lines. */
  describe(context: string): string[] {
    const now = Date.now();
    const waiting = [...(this.#inFlight.get(context)?.values() ?? [])].map(
      (r) => `  waiting ${now - r.since} ms: ${r.method} ${r.url}${r.status === undefined ? ' (no answer yet)' : ` (${r.status}, body not finished)`}`,
    );
    return [
      waiting.length ? `requests not finished (${waiting.length}):` : 'requests not finished: none',
      ...waiting,
      ...(this.#recent.get(context) ?? []).map((l) => `  ${l}`),
    ];
  }

  forget(context: string): void {
    this.#inFlight.delete(context);
    this.#recent.delete(context);
  }
}

export interface LostAnswers {
  /** How many requests matching the pattern reached the answer (lost or let through). */
  reached(): number;
  /** Stops intercepting. */
  stop(): Promise<void>;
}

/**
 * The first `count` answers to `method` requests whose path is `pathname` are lost on the
 * way back: the server has answered (the intercept is in the `responseStarted` phase), and the
 * browser is told the connection failed. Later ones go through.
 */
export async function loseAnswers(browser: Browser, page: Page, method: string, pathname: string, count = 1): Promise<LostAnswers> {
  const wire = wireOf(browser);
  const context = contextOf(page);
  const { result } = await wire.send('network.addIntercept', {
    phases: ['responseStarted'],
    contexts: [context],
    urlPatterns: [{ type: 'pattern', pathname }],
  });
  const intercept = (result as { intercept: string }).intercept;
  let reached = 0;
  const onResponse = (e: NetworkEvent) => {
    if (!e.isBlocked || e.context !== context || new URL(e.request.url).pathname !== pathname) return;
    if (e.request.method !== method) {
      void wire.send('network.continueResponse', { request: e.request.request });
      return;
    }
    reached += 1;
    void wire.send(reached <= count ? 'network.failRequest' : 'network.continueResponse', { request: e.request.request });
  };
  wire.on('network.responseStarted', onResponse);
  return {
    reached: () => reached,
    stop: async () => {
      await wire.send('network.removeIntercept', { intercept });
      wire.off('network.responseStarted', onResponse);
    },
  };
}
