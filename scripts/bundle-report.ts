/**
 * `npm run bundle:report`: what a first visit to each page downloads — the entry, its
 * imports and the page's own chunk (gzip and brotli sizes of the JavaScript), the CSS,
 * and the fonts preloaded for the first paint — against the budgets of decision 0034.
 * Exits 1 when a page is over budget (run in `npm run lint` after the build, so CI fails).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pages } from '#shared/routes.ts';
import { CLIENT_MANIFEST, chunkFiles, type ClientManifest } from '#server/portal/ssr/manifest.ts';

export const BUDGET = {
  /** JavaScript of a first visit, gzip as sent: the pages a visitor lands on (the 110 KB budget, read as 110,000 bytes; decision 0122). */
  landingJsGzipBytes: 110_000,
  landingPages: ['home', 'notice-list'],
  /**
   * Every other page (forms bring the particle library and the form kit; decisions 0034, 0122),
   * 114.5 KiB since the review form reads its rule texts from the programme's numbers and shows
   * a rating's number beside its stars (decisions 0131, 0133), 117.5 KiB since the write forms
   * keep their drafts and keys on the device and say their results aloud (decisions 0143, 0145:
   * the draft kit is about 2.5 KB of a write page's first visit).
   */
  jsGzipBytes: 117.5 * 1024,
  /** Fonts preloaded for the first paint (none: they swap in after it). */
  fontBytes: 150 * 1024,
} as const;

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist/client');
const manifest = JSON.parse(readFileSync(join(root, CLIENT_MANIFEST), 'utf8')) as ClientManifest;
const entryKey = manifest['index.html'] ? 'index.html' : undefined;
if (!entryKey) throw new Error('No entry in the client manifest: run `npm run build` first');

const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const path = join(dist, file);
    const buf = readFileSync(path);
    // What the server sends: the build's precompressed files (decision 0034); files under
    // 1 KiB have none, and are counted as zlib would compress them.
    const sent = (ext: string, compress: () => number) => (existsSync(`${path}${ext}`) ? statSync(`${path}${ext}`).size : compress());
    s = {
      raw: buf.length,
      gzip: sent('.gz', () => gzipSync(buf, { level: 9 }).length),
      brotli: sent('.br', () => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    };
    sizeCache.set(file, s);
  }
  return s;
}

/** Fonts the page head preloads (decision 0034: none — the faces load after the first paint). */
function preloadedFonts(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<link[^>]+rel="preload"[^>]+as="font"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
let over = 0;
const fonts = preloadedFonts();
const fontBytes = fonts.reduce((sum, f) => sum + statSync(join(dist, f.replace(/^\//, ''))).size, 0);
console.log(`fonts preloaded for the first paint: ${fonts.length} files, ${kb(fontBytes)} (budget ${kb(BUDGET.fontBytes)})`);
if (fontBytes > BUDGET.fontBytes) over++;

const seen = new Set<string>();
console.log('\npage                  JS files   raw        gzip       brotli     css gzip');
for (const page of pages) {
  const name = kebab(page.id === 'homeAlt' ? 'home' : page.id);
  if (seen.has(name)) continue;
  seen.add(name);
  const pageKey = `pages/${name}/${name}-page.tsx`;
  if (!manifest[pageKey]) continue;
  // The chunks a page needs on first visit: the entry, its static imports and the page's.
  const files = [...chunkFiles(manifest, [entryKey, pageKey])].filter((f) => f.endsWith('.js'));
  const total = files.reduce(
    (t, f) => {
      const s = sizes(f);
      return { raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
  const css = [...new Set([...(manifest[entryKey]?.css ?? []), ...(manifest[pageKey]?.css ?? [])])];
  const cssGzip = css.reduce((sum, f) => sum + sizes(f).gzip, 0);
  const budget = (BUDGET.landingPages as readonly string[]).includes(name) ? BUDGET.landingJsGzipBytes : BUDGET.jsGzipBytes;
  const landing = budget === BUDGET.landingJsGzipBytes;
  // A landing page's budget is counted in bytes: its exact figure and its room are shown, and
  // the brotli bytes the three engines download (issue 41's 100 KB as sent, decision 0175).
  const room = landing
    ? `  ${total.gzip.toLocaleString('en')} bytes, ${(budget - total.gzip).toLocaleString('en')} to spare; brotli ${total.brotli.toLocaleString('en')} bytes`
    : '';
  const flag = total.gzip > budget ? `  OVER BUDGET (${kb(budget)}: ${total.gzip.toLocaleString("en")} bytes)` : room;
  if (total.gzip > budget) over++;
  console.log(
    `${name.padEnd(22)}${String(files.length).padStart(4)}   ${kb(total.raw).padStart(9)}  ${kb(total.gzip).padStart(9)}  ${kb(total.brotli).padStart(9)}  ${kb(cssGzip).padStart(9)}${flag}`,
  );
}
console.log(
  `\nbudget: ${kb(BUDGET.landingJsGzipBytes)} (${BUDGET.landingJsGzipBytes.toLocaleString('en')} bytes) gzip of JavaScript on first visit to ${BUDGET.landingPages.join(', ')}; ${kb(BUDGET.jsGzipBytes)} elsewhere`,
);
if (over > 0) {
  console.error(`${over} over budget`);
  process.exit(1);
}
