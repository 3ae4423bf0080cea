/**
 * The yardstick of `npm run bench`: the same pages rendered by bare React. The portal's
 * own SSR entry renders each page once (its loaders run once, against the homepage API
 * given in HOMEPAGE_API_URL); every request then only streams that same tree again with
 * `renderToPipeableStream` inside the same template, from a plain node:http server. What
 * the portal spends beyond this is its own request path.
 *
 * Paths after `--member` render for a member signed in to the API with MEMBER
 * (`id:password`): the session user and the bearer token are the member's, as in the portal.
 * A member's page is never kept by the portal, so here too each request first fetches again
 * every answer its render used (through an undici pool, bodies parsed), then streams: bare
 * React with its data, nothing else (decision 0125).
 *
 * With ROUTE_EACH=1, a visitor's page is routed again on every request: the portal's SSR entry
 * runs React Router's query and the page's loaders (answered from the answers recorded at
 * start, as the portal's public cache answers them) and waits for the page's data as the
 * portal does (16 ms at most), then that fresh tree streams inside the same template. What
 * this costs beyond the prepared tree is what the router and the loaders cost a page; what the
 * portal costs beyond it is its own server path (the bench's informative row, decision 0168).
 * With SERVED_BY=fastify as well, the same pages are served by Fastify with nothing registered
 * on it (the reply sends the page's stream, as the portal's does): what the framework itself
 * costs a page, the rest being the portal's own hooks and page path (decision 0173).
 *
 *   HOMEPAGE_API_URL=http://127.0.0.1:4000 PORT=3100 MEMBER=reader01:… node scripts/bench/bare-ssr.ts /main/homemain --member /mypage/mypage
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { AnyAnswer } from '#shared/contract/common.ts';
import { queryString } from '#shared/http.ts';
import { sessionUserFrom, type MemberFields, type SessionUser } from '#shared/session.ts';
import type { LoadContext, RenderOutcome, SsrEntry } from '#shared/ssr.ts';
import Fastify, { type FastifyReply } from 'fastify';
import { Pool } from 'undici';
import { compileTemplate } from '#server/portal/ssr/template.ts';

const root = join(import.meta.dirname, '..', '..');
const api = process.env['HOMEPAGE_API_URL'];
const port = Number(process.env['PORT'] ?? 3100);
if (!api) throw new Error('HOMEPAGE_API_URL is required');

const entryModule = (await import(pathToFileURL(join(root, 'dist/server/entry-server.js')).href)) as { default: SsrEntry };
const entry = entryModule.default;
const template = compileTemplate(readFileSync(join(root, 'dist/client/index.html'), 'utf8'));

const pool = new Pool(api, { connections: 64, keepAliveTimeout: 10_000 });
/** ROUTE_EACH=1: visitors' pages run the router and loaders on each request (above). */
const routeEach = process.env['ROUTE_EACH'] === '1';
/** SERVED_BY=fastify: the pages served by a bare Fastify instead of node:http (above). */
const servedBy = process.env['SERVED_BY'] === 'fastify' ? 'fastify' : 'node:http';
/** A visitor's answers by method and URL, recorded by the first render. */
const recorded = new Map<string, AnyAnswer>();

/** The API paths a page's render asked for, and the headers it sent. */
interface Calls {
  paths: string[];
  headers: Record<string, string>;
}

function loadContext(member: { token: string; user: SessionUser } | null, calls: Calls): LoadContext {
  return {
    homepage: {
      async request(method, path, init) {
        const qs = queryString(init.query);
        const url = `/api/v1/homepage${path}${qs ? `?${qs}` : ''}`;
        if (method === 'GET') calls.paths.push(url);
        const key = `${method} ${url}`;
        const kept = member ? undefined : recorded.get(key);
        if (kept) return kept;
        const res = await fetch(`${api}${url}`, { method, headers: calls.headers });
        const answer = (await res.json()) as AnyAnswer;
        if (!member) recorded.set(key, answer);
        return answer;
      },
    },
    portal: {
      login: () => Promise.reject(new Error('not in the bench')),
      refreshSession: () => Promise.reject(new Error('not in the bench')),
    },
    config: {
      testLogin: false,
      siteName: '충북 독서포인트',
      libraryName: '충청북도립도서관',
      libraryUrl: 'https://library.chungbuk.go.kr',
      instituteName: '충청북도평생교육진흥원',
      instituteUrl: 'https://www.cbnile.or.kr',
      supportPhone: '043-220-5600',
      supportEmail: 'noreply@library.chungbuk.go.kr',
      redirectHosts: [],
    },
    session: { user: member?.user ?? null },
  };
}

async function signIn(): Promise<{ token: string; user: SessionUser }> {
  const [userId, ...pass] = (process.env['MEMBER'] ?? '').split(':');
  const res = await fetch(`${api}/api/v1/homepage/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, user_pass: pass.join(':'), keep: true }),
  });
  const answer = (await res.json()) as MemberFields & { access_token?: string };
  if (!res.ok || typeof answer.access_token !== 'string') throw new Error(`MEMBER could not sign in (${res.status})`);
  return { token: answer.access_token, user: sessionUserFrom(answer) };
}

interface Prepared {
  page: Extract<RenderOutcome, { kind: 'page' }>;
  head: string;
  tail: string;
  /** A member's page: the answers fetched again on each request. */
  refetch: Calls | undefined;
}

const prepared = new Map<string, Prepared>();
const args = process.argv.slice(2);
const memberAt = args.indexOf('--member');
const visitorPaths = memberAt < 0 ? args : args.slice(0, memberAt);
const memberPaths = memberAt < 0 ? [] : args.slice(memberAt + 1);
const member = memberPaths.length > 0 ? await signIn() : null;
for (const [path, who] of [...visitorPaths.map((p) => [p, null] as const), ...memberPaths.map((p) => [p, member] as const)]) {
  const calls: Calls = { paths: [], headers: who ? { authorization: `Bearer ${who.token}` } : {} };
  const outcome = await entry.render({
    request: new Request(`http://bench.invalid${path}`, { headers: { accept: 'text/html' } }),
    loadContext: loadContext(who, calls),
    sessionEnded: () => false,
    dataWaitMs: 0,
  });
  if (outcome.kind !== 'page') throw new Error(`${path} did not render a page`);
  prepared.set(path, {
    page: outcome,
    refetch: who ? calls : undefined,
    head: template.head({
      meta: {
        title: outcome.title,
        pageTitle: outcome.pageTitle,
        description: outcome.description ?? '',
        ogType: outcome.ogType,
        url: `http://bench.invalid${path}`,
        siteName: 'bench',
      },
      nonce: undefined,
      preload: [],
    }),
    tail: template.tail({ dataJson: await outcome.data(), nonce: undefined }),
  });
}

class Wrap extends Transform {
  readonly #tail: string;
  constructor(head: string, tail: string) {
    super();
    this.#tail = tail;
    this.push(head);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    cb(null, this.#tail);
  }
}

async function refetch(calls: Calls): Promise<void> {
  await Promise.all(
    calls.paths.map(async (path) => {
      const res = await pool.request({ path, method: 'GET', headers: calls.headers });
      await res.body.json();
    }),
  );
}

/** The page routed again: the router's query and loaders, then the fresh tree (ROUTE_EACH=1). */
async function routed(path: string): Promise<Extract<RenderOutcome, { kind: 'page' }>> {
  const outcome = await entry.render({
    request: new Request(`http://bench.invalid${path}`, { headers: { accept: 'text/html' } }),
    loadContext: loadContext(null, { paths: [], headers: {} }),
    sessionEnded: () => false,
    dataWaitMs: 16,
  });
  if (outcome.kind !== 'page') throw new Error(`${path} did not render a page`);
  return outcome;
}

/**
 * Streams page `p`: `ready` gets the body to send once React's shell is ready (the response is
 * then piped into), `failed` whatever failed before.
 */
function stream(p: Prepared, ready: (body: Transform) => void, failed: (status: number, error: unknown) => void): void {
  p.page.start({
    nonce: undefined,
    waitForAll: false,
    onReady(pipe) {
      const body = new Wrap(p.head, p.tail);
      ready(body);
      pipe(body);
    },
    onShellError(error) {
      failed(500, error);
    },
    onError() {},
  });
}

/** The page of `path`: routed again (ROUTE_EACH), its answers fetched again (a member's), or as prepared, at once. */
function answer(p: Prepared, path: string, ready: (body: Transform) => void, failed: (status: number, error: unknown) => void): void {
  if (routeEach && !p.refetch) routed(path).then((page) => stream({ ...p, page }, ready, failed), (err: unknown) => failed(500, err));
  else if (p.refetch) refetch(p.refetch).then(() => stream(p, ready, failed), (err: unknown) => failed(502, err));
  else stream(p, ready, failed);
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

if (servedBy === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('/*', (req, reply) => {
    const path = pathOf(req.url);
    const p = prepared.get(path);
    if (!p) return reply.code(404).send();
    return new Promise<FastifyReply>((resolve) => {
      answer(
        p,
        path,
        (body) => resolve(reply.code(200).type('text/html; charset=utf-8').send(body)),
        (status, error) => resolve(reply.code(status).send(String(error))),
      );
    });
  });
  await app.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ msg: 'bare ssr listening', port, servedBy }));
} else {
  const server = createServer((req, res) => {
    const path = pathOf(req.url);
    const p = prepared.get(path);
    if (!p) {
      res.writeHead(404).end();
      return;
    }
    answer(
      p,
      path,
      (body) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        body.pipe(res);
      },
      (status, error) => res.writeHead(status).end(String(error)),
    );
  });
  server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'bare ssr listening', port, servedBy })));
}
// A clean exit on SIGTERM, so `--cpu-prof` can write its profile.
process.once('SIGTERM', () => process.exit(0));
