/**
 * The installable portal on the server (decision 0061): the web app manifest with what
 * browsers need to install it, its icons, the service worker served so that a new build
 * reaches members at once (no-cache) with a precache list of the build's static files only,
 * the offline page it shows, and the CSP that lets both load.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PROJECT_ROOT } from '#server/portal/app.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ method: 'GET', url, headers });

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(buf: Buffer): { width: number; height: number } {
  if (buf.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

t.test('the manifest: Korean names, KRDS colours, standalone from home, icons of 192 and 512 px', async (t) => {
  const res = await get('/manifest.webmanifest');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/manifest\+json/);
  t.match(res.headers['cache-control'], /max-age=3600/);
  const m = res.json<Record<string, unknown> & { icons: Icon[] }>();
  t.equal(m['name'], '충북 독서포인트');
  t.equal(m['short_name'], '독서포인트');
  t.equal(m['lang'], 'ko');
  t.equal(m['display'], 'standalone');
  t.equal(m['start_url'], '/main/homemain');
  t.equal(m['scope'], '/');
  t.equal(m['theme_color'], '#0b50d0');
  t.equal(m['background_color'], '#ffffff');
  for (const [size, purpose] of [[192, 'any'], [512, 'any'], [192, 'maskable'], [512, 'maskable']] as const) {
    const icon = m.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    t.ok(icon, `${purpose} ${size}`);
    if (!icon) continue;
    const file = await get(icon.src);
    t.equal(file.statusCode, 200, icon.src);
    t.equal(file.headers['content-type'], 'image/png', icon.src);
    t.same(pngSize(file.rawPayload), { width: size, height: size }, `${icon.src} is ${size} px`);
  }
});

t.test('the manifest follows SITE_NAME', async (t) => {
  const other = await buildTestPortal(api.url, { SITE_NAME: '청주 책읽기' });
  t.teardown(() => other.close());
  const res = await other.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  t.equal(res.json<{ name: string }>().name, '청주 책읽기');
});

t.test('every page links the manifest, the theme colour and the touch icon', async (t) => {
  const res = await get('/main/homemain', { accept: 'text/html' });
  t.match(res.body, /<link rel="manifest" href="\/manifest.webmanifest"/);
  t.match(res.body, /<meta name="theme-color" content="#0b50d0"/);
  t.match(res.body, /<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"/);
  const touch = await get('/icons/apple-touch-icon.png');
  t.same(pngSize(touch.rawPayload), { width: 180, height: 180 });
});

t.test('the service worker: JavaScript, never cached long, allowed at the root', async (t) => {
  const res = await get('/sw.js');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /javascript/);
  t.equal(res.headers['cache-control'], 'no-cache');
  t.equal(res.headers['service-worker-allowed'], '/');
  t.match(res.body, /addEventListener\(`fetch`/);
  t.match(res.body, /addEventListener\(`push`/);
  t.match(res.body, /addEventListener\(`notificationclick`/);
});

t.test('its precache list: the offline page, icons and the build’s files — nothing of the API or pages', async (t) => {
  const sw = readFileSync(join(PROJECT_ROOT, 'dist/client/sw.js'), 'utf8');
  const list = /new Set\(`([^`]+)`\.split\(`,`\)\)|new Set\((\[[^\]]+\])\)/.exec(sw);
  t.ok(list, 'the list is in the worker');
  const entries: string[] = list?.[1] ? list[1].split(',') : (JSON.parse(list?.[2] ?? '[]') as string[]);
  t.ok(entries.includes('/offline.html'));
  t.ok(entries.includes('/icons/icon-192.png'));
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const entry = manifest['index.html'];
  t.ok(entry && entries.includes(`/${entry.file}`), 'the browser entry');
  for (const css of entry?.css ?? []) t.ok(entries.includes(`/${css}`), css);
  t.ok(entries.includes(`/${manifest['pages/challenge/challenge-page.tsx']?.file ?? 'missing'}`), 'page chunks');
  for (const e of entries) {
    t.notOk(e.startsWith('/api/'), `${e} is not an API call`);
    t.ok(e === '/offline.html' || e.startsWith('/assets/') || e.startsWith('/icons/') || e === '/favicon.svg', `${e} is a static file`);
    t.notOk(/\.(woff2|br|gz|map)$/.test(e), `${e}: no fonts, compressed copies or maps`);
    if (e !== '/offline.html') t.ok(existsSync(join(PROJECT_ROOT, 'dist/client', e)), `${e} exists`);
  }
  const cache = /portal-static-[0-9a-f]{16}/.exec(sw);
  t.ok(cache, 'its cache is named after the build');
});

t.test('the offline page: Korean, styled by the build, no script, revalidated', async (t) => {
  const res = await get('/offline.html');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/html/);
  t.equal(res.headers['cache-control'], 'no-cache');
  t.match(res.body, /<html lang="ko">/);
  t.match(res.body, /<h1[^>]*>인터넷에 연결되어 있지 않습니다<\/h1>/);
  t.match(res.body, /<a class="btn btn--primary" href="">다시 시도<\/a>/);
  t.notMatch(res.body, /<script/);
  const css = /<link rel="stylesheet" href="([^"]+)">/.exec(res.body)?.[1];
  t.match(css, /^\/assets\/index-[A-Za-z0-9_-]{8}\.css$/);
  const sheet = await get(css ?? '/missing.css');
  t.equal(sheet.statusCode, 200);
});

t.test('the CSP lets this origin’s worker and manifest load', async (t) => {
  const res = await get('/main/homemain', { accept: 'text/html' });
  const csp = String(res.headers['content-security-policy']);
  t.match(csp, /worker-src 'self'/);
  t.match(csp, /manifest-src 'self'/);
});

t.test('the worker and the offline page may load this origin’s files, and nothing else runs', async (t) => {
  for (const path of ['/sw.js', '/offline.html']) {
    const csp = String((await get(path)).headers['content-security-policy']);
    t.match(csp, /default-src 'self'/, `${path}: this origin's files (the worker's fetches, the stylesheet)`);
    t.match(csp, /script-src 'none'/, `${path}: no script in it`);
  }
  const json = String((await get('/healthz')).headers['content-security-policy']);
  t.match(json, /default-src 'none'/, 'other answers keep the policy that allows nothing');
});
