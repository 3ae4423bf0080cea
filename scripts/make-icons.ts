/**
 * `node scripts/make-icons.ts`: draws the installed app's PNG icons (client/public/icons)
 * from the portal's SVG logo with the system Chromium (no other image tool needed). Run it
 * again when the logo changes and commit the PNGs.
 *
 * - icon-192/512: the logo as it is (rounded square, transparent corners), purpose "any".
 * - maskable-192/512: the same book on a full-bleed KRDS-blue square, the drawing inside the
 *   central 80 % circle that launchers may cut out (purpose "maskable").
 * - apple-touch-icon (180): the full-bleed square too (iOS rounds it itself).
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { THEME_COLOR } from '#shared/pwa.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, 'client/public/icons');
const logo = readFileSync(join(root, 'client/styles/logo.svg'), 'utf8');

/** The logo's drawing (its paths), without the rounded background. */
const paths = [...logo.matchAll(/<path [^>]+\/>/g)].map((m) => m[0]).join('');
if (!paths) throw new Error('client/styles/logo.svg has no <path> elements');
// The book is centred at (32, 33) of a 64 × 64 box; 0.8 keeps it well inside the safe circle.
const fullBleed =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOR}"/>` +
  `<g transform="translate(32 32) scale(0.8) translate(-32 -33)">${paths}</g></svg>`;

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'maskable-192.png', svg: fullBleed, size: 192 },
  { file: 'maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: join(out, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
