/**
 * The yardstick of `npm run bench`: the same pages rendered by bare React. The portal's
 * own SSR entry renders each page once (its loaders run once, against the homepage API
 * given in HOMEPAGE_API_URL); every request then only streams that same tree again with
 * `renderToPipeableStream` inside the same template, from a plain node:http server. What
 * the portal spends beyond this is its own request path.
 *
 *   HOMEPAGE_API_URL=http://127.0.0.1:4000 PORT=3100 node scripts/bench/bare-ssr.ts /main/homemain /board/notice/homenotice
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { AnyAnswer } from '#shared/contract/common.ts';
import { queryString } from '#shared/http.ts';
import type { LoadContext, RenderOutcome, SsrEntry } from '#shared/ssr.ts';
import { compileTemplate } from '#server/portal/ssr/template.ts';

const root = join(import.meta.dirname, '..', '..');
const api = process.env['HOMEPAGE_API_URL'];
const port = Number(process.env['PORT'] ?? 3100);
if (!api) throw new Error('HOMEPAGE_API_URL is required');

const entryModule = (await import(pathToFileURL(join(root, 'dist/server/entry-server.js')).href)) as { default: SsrEntry };
const entry = entryModule.default;
const template = compileTemplate(readFileSync(join(root, 'dist/client/index.html'), 'utf8'));

const loadContext: LoadContext = {
  homepage: {
    async request(method, path, init) {
      const qs = queryString(init.query);
      const res = await fetch(`${api}/api/v1/homepage${path}${qs ? `?${qs}` : ''}`, { method });
      return (await res.json()) as AnyAnswer;
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
  session: { user: null },
};

interface Prepared {
  page: Extract<RenderOutcome, { kind: 'page' }>;
  head: string;
  tail: string;
}

const prepared = new Map<string, Prepared>();
for (const path of process.argv.slice(2)) {
  const outcome = await entry.render({
    request: new Request(`http://bench.invalid${path}`, { headers: { accept: 'text/html' } }),
    loadContext,
    sessionEnded: () => false,
  });
  if (outcome.kind !== 'page') throw new Error(`${path} did not render a page`);
  prepared.set(path, {
    page: outcome,
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

const server = createServer((req, res) => {
  const p = prepared.get((req.url ?? '').split('?')[0] ?? '');
  if (!p) {
    res.writeHead(404).end();
    return;
  }
  p.page.start({
    nonce: undefined,
    waitForAll: false,
    onReady(pipe) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const body = new Wrap(p.head, p.tail);
      body.pipe(res);
      pipe(body);
    },
    onShellError(error) {
      res.writeHead(500).end(String(error));
    },
    onError() {},
  });
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'bare ssr listening', port })));
