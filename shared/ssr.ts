/**
 * The contract between the Fastify SSR plugin (server/portal/ssr/plugin.ts) and the
 * Vite-built SSR entry (client/entry-server.tsx). Types only.
 */
import type { LoginBody } from './contract/auth.ts';
import type { AnyAnswer } from './contract/common.ts';
import type { PublicConfig } from './public-config.ts';
import type { LoginResponse, SessionUser } from './session.ts';

export type Query = Record<string, string | number | undefined>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The homepage API as a transport: in-process on the server (the member's token attached,
 * refresh-and-retry), over the portal's gateway in the browser. Pages never use it
 * directly: client/api/homepage.ts puts the contract's types on top. Never throws for
 * upstream trouble: failures come back as an error answer with the Korean message.
 */
export interface HomepageTransport {
  /**
   * `idempotencyKey`: the write's Idempotency-Key (decision 0141; shared/contract/idempotency.ts:
   * the key bare or quoted), the same on every retry of one intended write; the server's
   * transport sends it upstream (a value that is not a key is a bug: it throws).
   */
  request(method: HttpMethod, path: `/${string}`, init: { query?: Query; body?: unknown; signal?: AbortSignal; idempotencyKey?: string }): Promise<AnyAnswer>;
}

/**
 * The portal's own sign-in routes as functions, for page actions: in-process on the server
 * (a form posted without JavaScript), over /api in the browser.
 */
export interface PortalTransport {
  /** POST /api/login/login; on success the session cookies are set. */
  login(body: LoginBody): Promise<LoginResponse>;
  /** POST /api/token/refresh/auto: the session re-read from the refresh token. */
  refreshSession(): Promise<LoginResponse>;
}

export interface ClientSession {
  user: SessionUser | null;
  /** The server ended the session during this request (a 401 from the homepage API). */
  ended?: boolean;
}

export interface LoadContext {
  homepage: HomepageTransport;
  portal: PortalTransport;
  config: PublicConfig;
  session: ClientSession;
}

export interface RenderArgs {
  request: Request;
  loadContext: LoadContext;
  /** Whether a loader's call ended the member's session (asked after the loaders ran). */
  sessionEnded(): boolean;
  /** How long the shell waits for deferred data; what is later streams in behind it (decision 0126). */
  dataWaitMs: number;
}

export interface StartOptions {
  nonce: string | undefined;
  /** Crawlers get the whole document at once; browsers get the shell as soon as it is ready. */
  waitForAll: boolean;
  onReady(pipe: (destination: NodeJS.WritableStream) => void): void;
  onShellError(error: unknown): void;
  onError(error: unknown): void;
}

/**
 * What a page says about itself in the document head, from its loader's data: a page module
 * may export `meta(data): PageMeta` (the book page names the book). Plain text: the
 * server's template escapes it. Without it, the page table's title is used.
 */
export interface PageMeta {
  /** The page's own title (the site name is added): `<title>` and `og:title`. */
  title?: string;
  /** `<meta name="description">` and `og:description` (the site's description without it). */
  description?: string;
  /** Open Graph type: `book` on a book's page, else `website`. */
  type?: 'website' | 'book';
}

export type RenderOutcome =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The document title (the page's title and the site name). */
      title: string;
      /** The page's own title, for link previews (`og:title`; `og:site_name` names the site). */
      pageTitle: string;
      /** The page's description and Open Graph type, when its module says (PageMeta). */
      description: string | undefined;
      ogType: 'website' | 'book';
      /** Source of the matched page module (relative to client/), for modulepreload links. */
      pageModule: string | undefined;
      /**
       * PortalData as JSON, already escaped for embedding in an HTML element; resolves once
       * every deferred value has settled (or the render was aborted).
       */
      data(): Promise<string>;
      start(opts: StartOptions): { abort(reason?: unknown): void };
    };

export interface SsrEntry {
  render(args: RenderArgs): Promise<RenderOutcome>;
  /** The footer's HTML for a configuration: outside the hydrated root, no script needed. */
  footer(config: PublicConfig): string;
}

/** Everything the browser needs to hydrate, in one JSON data block. */
export interface PortalData {
  config: PublicConfig;
  session: ClientSession;
  router: unknown;
}

export const PORTAL_DATA_ID = '__portal_data';

/**
 * Set by the browser entry once the portal's script runs: pages for this browser may
 * stream late content behind Suspense (it needs JavaScript to be put in place).
 */
export const JS_COOKIE = 'portal_js';
