/**
 * The built SSR bundle keeps its functions' names (decision 0174): an error thrown in a render
 * is logged with a stack that names the page's code (`RouteError`, `render`), not the minifier's
 * two letters, and a CPU profile of the portal reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PROJECT_ROOT } from '#server/portal/app.ts';

const bundle = readFileSync(join(PROJECT_ROOT, 'dist/server/entry-server.js'), 'utf8');

t.test('the SSR entry is built unminified: its functions keep their names', async (t) => {
  t.match(bundle, /\basync function render\(/, "the entry's render");
  t.match(bundle, /\bfunction RouteError\(/, 'the error page');
  t.match(bundle, /\bfunction jsonForHtml\(/, 'the hydration data');
});

t.test('one statement a line: a stack\'s line number finds the code', async (t) => {
  const lines = bundle.split('\n').length;
  t.ok(lines > 1000, `${lines} lines`);
});
