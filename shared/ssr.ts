/**
 * The contract between the Fastify SSR plugin (server/plugins/ssr.ts) and the
 * Vite-built SSR entry (client/entry-server.tsx). Types only.
 */
import type { ErrorAnswer } from './contract/common.ts';
import type { PublicConfig } from './public-config.ts';
import type { SessionUser } from './session.ts';

export type Query = Record<string, string | number | undefined>;

/** How loaders read the homepage API: in-process on the server, over /api in the browser. */
export interface HomepageSource {
  get<T extends { result: 'success' }>(path: `/${string}`, query?: Query): Promise<T | ErrorAnswer>;
}

export interface ClientSession {
  user: SessionUser | null;
  /** The server ended the session during this request (a 401 from the homepage API). */
  ended?: boolean;
}

export interface LoadContext {
  homepage: HomepageSource;
  config: PublicConfig;
  session: ClientSession;
}

export interface RenderArgs {
  request: Request;
  loadContext: LoadContext;
  /** Whether a loader's call ended the member's session (asked after the loaders ran). */
  sessionEnded(): boolean;
}

export interface StartOptions {
  nonce: string | undefined;
  /** Crawlers get the whole document at once; browsers get the shell as soon as it is ready. */
  waitForAll: boolean;
  onReady(pipe: (destination: NodeJS.WritableStream) => void): void;
  onShellError(error: unknown): void;
  onError(error: unknown): void;
}

export type RenderOutcome =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      title: string;
      /** Source of the matched page module (relative to client/), for modulepreload links. */
      pageModule: string | undefined;
      /** PortalData as JSON, already escaped for embedding in an HTML element. */
      dataJson: string;
      start(opts: StartOptions): { abort(reason?: unknown): void };
    };

export interface SsrEntry {
  render(args: RenderArgs): Promise<RenderOutcome>;
}

/** Everything the browser needs to hydrate, in one JSON data block. */
export interface PortalData {
  config: PublicConfig;
  session: ClientSession;
  router: unknown;
}

export const PORTAL_DATA_ID = '__portal_data';
