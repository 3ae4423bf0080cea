import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import viteFastify from '@fastify/vite/plugin';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';
import { serviceWorker } from './scripts/vite-service-worker.ts';

const root = fileURLToPath(new URL('./client', import.meta.url));

/**
 * Client chunks (decision 0034): the framework in one long-cached file, the shell every
 * page needs in another, then one chunk per page. Fewer, larger files compress better and
 * cost fewer requests on a slow phone network.
 */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|zustand)\//;
const RUNTIME = /rolldown[:/]runtime/;
const SHELL =
  /\/(client\/(shell|session|api)\/(?!mobile-menu\.tsx|login-gate(-messages)?\.tsx?|use-guard\.ts|floating-bar-panel\.tsx|icons-lazy\.tsx|dialog-box\.tsx|display-settings(-messages)?\.tsx?|focus-reveal\.ts|top-menu\.tsx|write(-messages)?\.ts|outbox\.ts|device-notes-(panel|messages)\.tsx?|build-switch\.ts|session-watch\.tsx|actions\.ts|portal\.ts)|client\/(app|routes|hydration)\.tsx?$|client\/components\/(deferred|format|notice-rows)\.tsx?$|shared\/(routes|messages|http|safe-redirect|session|ssr|public-config|paths)\.ts$)/;

const PROGRAMME = /\/shared\/(messages-programme|contract\/programme)\.ts$/;

/**
 * React Router's production build (decision 0158). Its package exports name only its
 * development build (remix-run/react-router#14102, open): dev-only warnings and checks in every
 * browser and on every server render. Its production build ships beside it; the portal's build
 * takes it, for the browser and for the server bundle (which therefore bundles React Router and
 * its own dependencies, cookie and set-cookie-parser, as its files import them, rather than
 * importing it from node_modules at run time).
 */
const routerBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the client build, compressed once at the
 * highest levels; @fastify/static serves them to browsers that accept them (decision 0034).
 * The gzip files of the large assets come from Zopfli: the same format any gzip reader takes,
 * 3–4% smaller than zlib's level 9 (decision 0122). 15 iterations: each call costs ~1.5 s, so
 * files under 16 KiB, where it saves a few bytes, get zlib's level 9.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => /\.(js|css|svg|json)$/.test(name))
          .map(async (name) => {
            const source = await readFile(join(dir, name));
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              source.length >= 16 * 1024 ? zopfliGzip(source, { numiterations: 15 }) : zlibGzip(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gz)]);
          }),
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  root,
  resolve: { alias: command === 'build' ? ROUTER_PRODUCTION : [] },
  plugins: [
    viteFastify({ clientModule: '/entry-server.tsx' }),
    react(),
    precompress(),
    serviceWorker(fileURLToPath(new URL('./client/pwa/service-worker.ts', import.meta.url))),
  ],
  build: {
    target: 'es2022',
    emptyOutDir: true,
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    // Small images inline; font subsets never (each is fetched only when its text is on the page),
    // nor the logo: an immutable file cached across builds (and by the service worker), not a
    // string in the shell's JavaScript (decision 0060).
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') || file.endsWith('/logo.svg') ? false : undefined),
    // The server writes modulepreload links for a page's chunks; no client-side helper needed.
    modulePreload: false,
  },
  environments: {
    client: {
      build: {
        sourcemap: process.env['SOURCEMAP'] === '1',
        rollupOptions: {
          // The precompression plugin is most of a build's time by design (decision 0122).
          checks: { bundlerTimings: false },
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', test: (id: string) => FRAMEWORK.test(id) || SHELL.test(id) || RUNTIME.test(id) },
                // The programme's facts travel with its messages: one chunk, not two (decision 0133).
                { name: 'messages-programme', test: (id: string) => PROGRAMME.test(id) },
              ],
            },
          },
        },
      },
    },
    // @fastify/vite loads the SSR bundle by the entry's own name (entry-server.js). Not minified
    // (decision 0174): a render's error in the log names its functions, and a CPU profile reads;
    // the server never sends this bundle, and it costs the same CPU a page.
    ssr: {
      resolve: { noExternal: command === 'build' ? ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] : [] },
      build: { minify: false, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
    },
  },
}));
