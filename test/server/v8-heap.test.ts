/**
 * The servers' V8 heap settings (decision 0167): allocation-site pretenuring is off in every
 * process the project starts, set by server/v8-heap.ts before any other module runs.
 *
 * A child process keeps object literals alive across scavenges, the pattern that made V8
 * allocate a homepage call's objects in the old generation under load. With V8's defaults it
 * decides to pretenure their allocation sites (the control: the scenario does trigger it);
 * with server/v8-heap.ts imported first, no site is ever pretenured.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import t from 'tap';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Literals made by one allocation site, kept until 100,000 are held, then let go. */
const SCENARIO = `
const make = (i) => ({ i, tag: 'x', list: [i, i + 1] });
let keep = [];
for (let round = 0; round < 200; round++) {
  for (let i = 0; i < 20000; i++) keep.push(make(i));
  if (keep.length > 100000) keep = [];
}
console.log('scenario done', keep.length);
`;

/** V8's pretenuring decisions for the scenario, with or without server/v8-heap.ts first. */
function decisions(withSettings: boolean): { out: string; tenured: number } {
  const args = ['--trace-pretenuring', '--trace-pretenuring-statistics'];
  if (withSettings) args.push('--import', join(ROOT, 'server', 'v8-heap.ts'));
  const run = spawnSync(process.execPath, [...args, '--input-type=module', '-e', SCENARIO], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`the scenario failed (${run.status}): ${run.stderr}`);
  return { out: run.stdout, tenured: run.stdout.split('\n').filter((line) => /=> (?:maybe )?tenure$/.test(line)).length };
}

t.test('with V8 defaults the scenario pretenures its allocation sites (the control)', async (t) => {
  const { out, tenured } = decisions(false);
  t.match(out, /scenario done/);
  t.ok(tenured > 0, `V8 decided to pretenure ${tenured} time(s)`);
});

t.test('with server/v8-heap.ts first, no allocation site is ever pretenured', async (t) => {
  const { out, tenured } = decisions(true);
  t.match(out, /scenario done/);
  t.equal(tenured, 0, out.split('\n').slice(0, 5).join('\n'));
});

t.test('each process entry imports server/v8-heap.ts before any other module', async (t) => {
  for (const [entry, specifier] of [
    ['server/main.ts', './v8-heap.ts'],
    ['server/homepage-api/main.ts', '#server/v8-heap.ts'],
  ] as const) {
    const firstImport = readFileSync(join(ROOT, entry), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('import '));
    t.equal(firstImport, `import '${specifier}';`, entry);
  }
});
