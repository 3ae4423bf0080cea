/**
 * A Vite plugin that builds the service worker (client/pwa/service-worker.ts) into
 * dist/client/sw.js once the client build is written (decision 0061). Its precache list is
 * the build's own output — every script, stylesheet and image of dist/client/assets (font
 * subsets excepted: they are cached as pages use them) — plus the offline page and the
 * icons; its cache name carries a hash of that list and of the files without a hash in
 * their name, so any change in a build installs a new worker and drops the old cache.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { serverMessages } from '../shared/messages-server.ts';
import { HOME_PATH } from '../shared/routes.ts';
import { CACHE_PREFIX } from '../client/pwa/sw-policy.ts';
import { ICONS, OFFLINE_PATH } from '../shared/pwa.ts';

/** Files of client/public the worker keeps (besides the build's hashed assets). */
const PUBLIC_FILES = [ICONS.svg, ICONS.any192];

/** The build's files the worker precaches: scripts, stylesheets and images, not fonts or compressed copies. */
export function precacheList(files: readonly string[]): string[] {
  return files
    .filter((f) => f.startsWith('assets/') && /\.(js|css|svg|png|webp|avif)$/.test(f))
    .map((f) => `/${f}`)
    .sort();
}

export function serviceWorker(entry: string): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const precache = [OFFLINE_PATH, ...PUBLIC_FILES, ...precacheList(Object.keys(bundle))];
      const version = createHash('sha256').update(precache.join('\n')).update(JSON.stringify(serverMessages.app));
      for (const file of PUBLIC_FILES) version.update(await readFile(join(dir, file)));
      const define: Record<string, string> = {
        __SW_PRECACHE__: JSON.stringify(precache),
        __SW_CACHE__: JSON.stringify(`${CACHE_PREFIX}${version.digest('hex').slice(0, 16)}`),
        __SW_OFFLINE__: JSON.stringify(OFFLINE_PATH),
        __SW_HOME__: JSON.stringify(HOME_PATH),
        __SW_ICON__: JSON.stringify(ICONS.any192),
        __SW_PUSH_TITLE__: JSON.stringify(serverMessages.app.shortName),
        __SW_PUSH_BODY__: JSON.stringify(serverMessages.app.pushFallback),
      };
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define,
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry, formats: ['iife'], name: 'portalServiceWorker', fileName: () => 'sw.js' },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('The service worker build produced no script');
      await writeFile(join(dir, 'sw.js'), chunk.code);
    },
  };
}
