import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests of client and shared code: `*.test.ts(x)` beside the code.
// (tap owns test/server and test/lint, Playwright owns test/e2e/*.spec.ts.)
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'client', environment: 'jsdom', include: ['client/**/*.test.{ts,tsx}'], setupFiles: ['client/test-setup.ts'] },
      },
      { extends: true, test: { name: 'shared', environment: 'node', include: ['shared/**/*.test.ts'] } },
      // The pure rules of the engines' layout check and its plan (decisions 0132, 0144).
      { extends: true, test: { name: 'layout-rules', environment: 'node', include: ['test/engines/suites/layout/*.test.ts'] } },
    ],
  },
});
