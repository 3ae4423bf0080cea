/**
 * The installable portal (decision 0061): GET /manifest.webmanifest, the web app manifest
 * (Korean names, KRDS colours, icons with maskable variants), and GET /offline.html, the page
 * the service worker (dist/client/sw.js, built by scripts/vite-service-worker.ts) keeps in its
 * cache and shows when a page cannot be reached. Both are made from the configuration (the
 * site name) and the build (the stylesheet); neither carries member data.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { serverMessages } from '#shared/messages-server.ts';
import { BACKGROUND_COLOR, ICONS, MANIFEST_PATH, OFFLINE_PATH, THEME_COLOR } from '#shared/pwa.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { escapeHtml } from '../ssr/template.ts';

export interface PwaRoutesOptions {
  root: string;
  dev: boolean;
  siteName: string;
}

export function webManifest(siteName: string) {
  const t = serverMessages.app;
  return {
    id: HOME_PATH,
    name: siteName,
    short_name: t.shortName,
    description: t.description,
    lang: 'ko',
    dir: 'ltr',
    start_url: HOME_PATH,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['books', 'education'],
    icons: [
      { src: ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ICONS.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: ICONS.svg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/**
 * The offline page: the portal's stylesheet and classes, no script (it runs under the
 * portal's CSP from the cache), and a retry link to the address the member asked for
 * (`href=""` is the current document's address, which stays the requested page).
 */
export function offlinePage(siteName: string, stylesheets: readonly string[]): string {
  const t = serverMessages.app;
  const e = escapeHtml;
  return (
    '<!doctype html><html lang="ko"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="theme-color" content="${THEME_COLOR}">` +
    `<title>${e(t.offlineTitle)} | ${e(siteName)}</title>` +
    stylesheets.map((href) => `<link rel="stylesheet" href="${e(href)}">`).join('') +
    `<link rel="icon" href="${ICONS.svg}" type="image/svg+xml"><link rel="manifest" href="${MANIFEST_PATH}">` +
    '</head><body><div class="app"><main class="main" id="main"><div class="container section">' +
    '<div class="status-panel">' +
    `<img src="${ICONS.svg}" alt="" width="56" height="56">` +
    `<p class="offline__site">${e(siteName)}</p>` +
    `<h1 class="status-panel__title">${e(t.offlineTitle)}</h1>` +
    `<p class="lead">${e(t.offlineBody)}</p>` +
    `<p class="offline__actions"><a class="btn btn--primary" href="">${e(t.retry)}</a>` +
    `<a class="btn btn--tertiary" href="${HOME_PATH}">${e(t.home)}</a></p>` +
    '</div></div></main></div></body></html>'
  );
}

/** The entry's stylesheets, from the production build's client manifest. */
async function builtStylesheets(root: string, dev: boolean): Promise<string[]> {
  if (dev) return ['/styles/index.css'];
  try {
    type Chunk = { css?: string[] };
    const manifest = JSON.parse(await readFile(join(root, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    return (manifest['index.html']?.css ?? []).map((f) => `/${f}`);
  } catch {
    return [];
  }
}

export const pwaRoutes: FastifyPluginAsync<PwaRoutesOptions> = async (app, opts) => {
  const manifest = JSON.stringify(webManifest(opts.siteName));
  const offline = offlinePage(opts.siteName, await builtStylesheets(opts.root, opts.dev));

  app.get(MANIFEST_PATH, async (_req, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(manifest),
  );
  // Fetched by the service worker when it installs (revalidated: a new build brings a new stylesheet).
  app.get(OFFLINE_PATH, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(offline),
  );
};
