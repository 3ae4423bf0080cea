/**
 * `npm start` builds only if needed: when dist/ is missing or older than any source
 * the bundles are made from (client/, shared/, vite.config.ts, package-lock.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const marker = join(root, 'dist', 'vite.config.json');

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

const sources = ['client', 'shared', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newest));

if (builtAt >= sourcesAt && !process.argv.includes('--force')) {
  console.log('build is up to date');
} else {
  console.log(builtAt ? 'sources changed since the last build: building' : 'no build yet: building');
  const res = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(res.status ?? 1);
}
