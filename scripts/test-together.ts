/**
 * `npm test`'s server stage: several npm scripts at once (decision 0139). The first streams
 * its output as it runs; the others start once the first has printed `--when`'s text (tap
 * rebuilds its plugin set in node_modules before its first test: two taps building at once
 * would remove each other's files), and their output is held and printed whole when each
 * ends, so a log reads one suite at a time. Exits 1 if any of them failed, after all ended.
 *
 *   node scripts/test-together.ts --when='# Subtest' test:server test:stack test:unit
 */
import { spawn } from 'node:child_process';

const when = process.argv.find((a) => a.startsWith('--when='))?.slice('--when='.length);
const scripts = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [first, ...rest] = scripts;
if (!first) throw new Error('name the npm scripts to run together');

interface Outcome {
  script: string;
  code: number;
}

/** Runs one script; `onOutput` sees the first's output as it streams (the others' is held). */
function run(script: string, live: boolean, onOutput?: (text: string) => void): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const held: Buffer[] = [];
  const take = (to: NodeJS.WriteStream) => (b: Buffer) => {
    if (live) {
      to.write(b);
      onOutput?.(b.toString());
    } else held.push(b);
  };
  child.stdout.on('data', take(process.stdout));
  child.stderr.on('data', take(process.stderr));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) {
        process.stdout.write(`\n──── npm run ${script} (held while it ran) ────\n`);
        process.stdout.write(Buffer.concat(held));
      }
      process.stdout.write(`\ntest-together: ${script} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${String(code)}`})`} in ${seconds} s\n`);
      resolve({ script, code: code ?? 1 });
    });
  });
}

let startRest: () => void = () => undefined;
const restStarted = new Promise<void>((resolve) => {
  startRest = resolve;
});
let seen = '';
const firstRun = run(first, true, (text) => {
  if (!when) return startRest();
  seen = (seen + text).slice(-4096);
  if (seen.includes(when)) startRest();
});
// The first may end without printing the text (it failed to start): the others run anyway.
void firstRun.then(() => startRest());
const others = restStarted.then(() => Promise.all(rest.map((s) => run(s, false))));
const outcomes = [await firstRun, ...(await others)];
const failed = outcomes.filter((o) => o.code !== 0);
if (failed.length > 0) {
  console.error(`test-together: failed: ${failed.map((o) => o.script).join(', ')}`);
  process.exit(1);
}
