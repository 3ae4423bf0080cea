/**
 * Stream first (decisions 0030, 0034): with a held upstream, the head and the shell
 * arrive before the page's data — compressed or not — and the data and the settled
 * hydration block follow; crawlers and browsers without the JavaScript cookie get the
 * whole page in one piece; built assets answer compressed and cached for a year.
 */
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import t from 'tap';
import { PROJECT_ROOT } from '#server/portal/app.ts';
import { startFakeUpstream, type RecordedRequest } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal } from '#test/fixtures/portal.ts';
import type { ServerResponse } from 'node:http';

const NOTICE = { notice_info_key: 3, notice_subject: '늦게 도착한 공지', notice_type: '1', display_yn: 'Y', reg_date: '2026-11-20T09:00:00+09:00' };

/** An upstream that answers code lookups at once and holds every notice list until released. */
async function heldUpstream() {
  const held: ServerResponse[] = [];
  const upstream = await startFakeUpstream((req: RecordedRequest, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url.startsWith('/api/v1/homepage/board/notice')) {
      held.push(res);
      return;
    }
    res.end(JSON.stringify({ result: 'success', code_value: '/login/login', code_name: '로그인' }));
  });
  const release = () => {
    for (const res of held.splice(0)) res.end(JSON.stringify({ result: 'success', notice_list: [NOTICE], page: 1, size: 5, total: 1 }));
  };
  return { upstream, release, heldCount: () => held.length };
}

/** A portal (with `env`) in front of a held upstream, listening on a free port; closed at the test's end. */
async function heldPortal(t: { teardown(fn: () => Promise<void>): void }, env?: Record<string, string>) {
  const { upstream, release, heldCount } = await heldUpstream();
  const portal = await buildTestPortal(upstream.url, env);
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  t.teardown(async () => {
    release();
    await portal.close();
    await upstream.close();
  });
  return { address, release, heldCount, upstream };
}

/** GETs a page over HTTP and collects its (decoded) chunks as they arrive. */
function get(url: string, headers: Record<string, string>) {
  const chunks: string[] = [];
  let ended = false;
  const done = new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const enc = res.headers['content-encoding'];
      const body: Readable = enc === 'br' ? res.pipe(createBrotliDecompress()) : enc === 'gzip' ? res.pipe(createGunzip()) : res;
      body.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
      body.on('end', () => {
        ended = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
      body.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return { chunks, done, ended: () => ended, text: () => chunks.join('') };
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

for (const encoding of ['identity', 'gzip', 'br']) {
  t.test(`a browser that runs our script gets the head and the shell first (${encoding})`, async (t) => {
    const { address, release, heldCount } = await heldPortal(t);
    const page = get(`${address}/main/homemain`, {
      accept: 'text/html',
      'accept-encoding': encoding,
      'user-agent': BROWSER,
      cookie: 'portal_js=1',
    });
    await until(() => page.text().includes('class="skeleton"') && heldCount() >= 1, 'the shell while the notices are held');
    const first = page.text();
    t.notOk(page.ended(), 'the page is still open');
    t.match(first, /<title>홈 \| /, 'the head with the title');
    t.match(first, /<link rel="modulepreload"[^>]+\/assets\/app-/, 'the route\'s chunks preloaded');
    t.match(first, /<header class="site-header/, 'the shell');
    t.match(first, /class="skeleton"/, 'a skeleton where the notices will be');
    t.notMatch(first, /늦게 도착한 공지/, 'no data yet');
    t.notMatch(first, /__portal_data/, 'no hydration data yet');

    release();
    const res = await page.done;
    t.equal(res.status, 200);
    if (encoding !== 'identity') t.equal(res.headers['content-encoding'], encoding);
    const html = page.text();
    t.match(html, /늦게 도착한 공지/, 'the notices streamed in');
    const data = /id="__portal_data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    t.match(data, /"__deferred":"ok"/, 'the hydration block carries the settled value');
    t.match(data, /늦게 도착한 공지/);
  });
}

/** The window a brotli stream declares in its first bits (RFC 7932, 9.1): log2 of its size. */
function brotliWindowBits(first: number): number {
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

t.test('a streamed page is compressed within a 256 KiB brotli window, not the 4 MiB default (decision 0165)', async (t) => {
  const { address, release } = await heldPortal(t);
  const raw = await new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
    const req = request(`${address}/main/homemain`, { headers: { accept: 'text/html', 'accept-encoding': 'br', 'user-agent': BROWSER, cookie: 'portal_js=1' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        parts.push(c);
        release();
      });
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  t.equal(raw.encoding, 'br');
  t.equal(brotliWindowBits(raw.body[0] ?? 0), 18, 'the stream declares a window of 2^18 bytes');
  t.match(brotliDecompressSync(raw.body).toString('utf8'), /늦게 도착한 공지/, 'and it is the whole page');
});

t.test('data that arrives while the shell waits (SHELL_DATA_WAIT_MS) is written in place, in one piece', async (t) => {
  // A wait long enough for any loaded machine: the page waits for its released notices.
  const { address, release, heldCount } = await heldPortal(t, { SHELL_DATA_WAIT_MS: '1000' });
  const page = get(`${address}/main/homemain`, { accept: 'text/html', 'user-agent': BROWSER, cookie: 'portal_js=1' });
  await until(() => {
    if (heldCount() > 0) release();
    return page.ended();
  }, 'the page, its notices answered at once');
  await page.done;
  const html = page.text();
  t.match(html, /늦게 도착한 공지/, 'the notices are on the page');
  t.notMatch(html, /class="skeleton"/, 'no skeleton was sent');
  t.notMatch(html, /\$RC\(/, 'nothing swapped in later');
});

t.test('data already in memory (the public cache) is written in the shell, not streamed after it', async (t) => {
  // No page cache: the second page is rendered again, its notices read from the public cache.
  const { address, release, heldCount, upstream } = await heldPortal(t, { PAGE_CACHE_TTL_S: '0' });
  const headers = { accept: 'text/html', 'user-agent': BROWSER, cookie: 'portal_js=1' };
  const first = get(`${address}/main/homemain`, headers);
  // The notice strip's and the home's notice lists are asked one after the other.
  await until(() => {
    if (heldCount() > 0 && first.text().includes('class="skeleton"')) release();
    return first.ended();
  }, 'the first page, its notices released');
  await first.done;
  t.match(first.text(), /\$RC\(/, 'the first page streamed its notices in behind the shell');

  const asked = upstream.requests.length;
  const second = get(`${address}/main/homemain`, headers);
  await second.done;
  const html = second.text();
  t.equal(upstream.requests.filter((r) => r.url.startsWith('/api/v1/homepage/board/notice')).length, upstream.requests.slice(0, asked).filter((r) => r.url.startsWith('/api/v1/homepage/board/notice')).length, 'the notices came from the public cache');
  t.match(html, /늦게 도착한 공지/, 'the notices are on the page');
  t.notMatch(html, /class="skeleton"/, 'no skeleton for them');
  t.notMatch(html, /\$RC\(/, 'nothing swapped in later: written in place');
  const data = /id="__portal_data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
  t.match(data, /"__deferred":"ok"/, 'the hydration block still carries the settled value');
});

t.test('crawlers and browsers without the script cookie get the whole page at once', async (t) => {
  const { address, release, heldCount } = await heldPortal(t);
  const clients: Record<string, string>[] = [{ 'user-agent': BROWSER }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)', cookie: 'portal_js=1' }];
  for (const headers of clients) {
    const page = get(`${address}/main/homemain`, { accept: 'text/html', ...headers });
    await until(() => heldCount() >= 1, 'the held notices');
    t.equal(page.text(), '', `${headers['user-agent']?.slice(0, 20)}: nothing before the data`);
    release();
    await page.done;
    const html = page.text();
    t.match(html, /늦게 도착한 공지/);
    t.notMatch(html, /<template id="B:/, 'every boundary in place, no late swap');
    t.notMatch(html, /\$RC\(/, 'no script needed to show the content');
  }
});

t.test('built assets: precompressed, cached for a year', async (t) => {
  const { upstream, release } = await heldUpstream();
  release();
  upstream.set((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'success', notice_list: [], code_value: '/login/login', page: 1, size: 5, total: 0 }));
  });
  const portal = await buildTestPortal(upstream.url);
  t.teardown(async () => {
    await portal.close();
    await upstream.close();
  });
  const assets = readdirSync(join(PROJECT_ROOT, 'dist/client/assets'));
  const app = assets.find((f) => /^app-.*\.js$/.test(f));
  const css = assets.find((f) => /^index-.*\.css$/.test(f));
  const font = assets.find((f) => f.endsWith('.woff2'));
  t.ok(app && css && font, 'the build has them');
  for (const [file, enc] of [[app, 'br'], [app, 'gzip'], [css, 'br'], [app, undefined], [font, 'br']] as const) {
    const res = await portal.app.inject({ url: `/assets/${file}`, headers: enc ? { 'accept-encoding': enc } : {} });
    t.equal(res.statusCode, 200, `${file} ${enc ?? 'identity'}`);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    if (file !== font) t.equal(res.headers['content-encoding'], enc, 'served from the precompressed file');
  }
  // A browser's Accept-Encoding (Chrome's): built files in their precompressed brotli, pages
  // compressed on the fly in gzip — the same bytes as brotli 4 when flushed as they stream,
  // for less CPU (decision 0165).
  const CHROME = 'gzip, deflate, br, zstd';
  const built = await portal.app.inject({ url: `/assets/${app}`, headers: { 'accept-encoding': CHROME } });
  t.equal(built.headers['content-encoding'], 'br', 'a built file: its precompressed brotli');
  const page = await portal.app.inject({ url: '/main/homemain', headers: { accept: 'text/html', 'accept-encoding': CHROME } });
  t.equal(page.headers['content-encoding'], 'gzip', 'pages compressed on the fly, in gzip');
  t.equal(page.headers['cache-control'], 'no-store');
  t.match(gunzipSync(page.rawPayload).toString('utf8'), /<title>홈 \| /, 'the page itself');
  const plain = await portal.app.inject({ url: '/main/homemain', headers: { accept: 'text/html' } });
  const preloads = [...plain.body.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  t.ok(preloads.length > 0);
  t.equal(new Set(preloads).size, preloads.length, 'no duplicate preloads');
});
