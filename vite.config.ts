import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import viteFastify from '@fastify/vite/plugin';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./client', import.meta.url));

export default defineConfig({
  root,
  plugins: [viteFastify({ clientModule: '/entry-server.tsx' }), react()],
  build: {
    target: 'es2022',
    emptyOutDir: true,
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    assetsInlineLimit: 2048,
  },
  environments: {
    // @fastify/vite loads the SSR bundle by the entry's own name (entry-server.js).
    ssr: { build: { rollupOptions: { output: { entryFileNames: 'entry-server.js' } } } },
  },
});
