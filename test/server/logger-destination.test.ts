/**
 * The log destination (server/logger.ts `stdoutDestination`, decision 0121): lines are batched
 * before they reach stdout, yet none is lost. A child process writes through it; the test reads
 * the child's stdout as ops' log collector would.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Runs `body` in a child with `out`, a stdoutDestination; resolves with its stdout when it exits. */
function child(body: string): { stdout: () => string; lines: (n: number) => Promise<void>; kill: () => void; exited: Promise<number | null> } {
  const script = `import { stdoutDestination } from '#server/logger.ts';\nconst out = stdoutDestination({ flushMs: 50 });\n${body}`;
  const c = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  const waiters: { n: number; resolve: () => void }[] = [];
  c.stdout.setEncoding('utf8');
  c.stdout.on('data', (d: string) => {
    text += d;
    const have = text.split('\n').length - 1;
    for (const w of waiters.splice(0)) if (have >= w.n) w.resolve(); else waiters.push(w);
  });
  const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
  return {
    stdout: () => text,
    lines: (n) => new Promise<void>((resolve) => (text.split('\n').length - 1 >= n ? resolve() : waiters.push({ n, resolve }))),
    kill: () => c.kill('SIGKILL'),
    exited,
  };
}

t.test('every line of a burst is there when the process exits right after it', async (t) => {
  // 5,000 lines: batches handed to sonic-boom, the last one still held here when exit comes.
  const c = child(`for (let i = 0; i < 5000; i++) out.write(JSON.stringify({ n: i, msg: '줄 ' + i }) + '\\n');\nprocess.exit(0);`);
  t.equal(await c.exited, 0);
  const lines = c.stdout().trimEnd().split('\n');
  t.equal(lines.length, 5000, 'all 5,000 lines');
  t.same(lines.map((l) => (JSON.parse(l) as { n: number }).n), Array.from({ length: 5000 }, (_, i) => i), 'whole, once each, in order');
});

t.test('a line of an idle process is written without an exit or a full batch', async (t) => {
  const c = child(`out.write(JSON.stringify({ msg: 'one' }) + '\\n');\nsetInterval(() => undefined, 1000);`);
  t.teardown(() => c.kill());
  await c.lines(1);
  t.same(JSON.parse(c.stdout()), { msg: 'one' }, 'written after flushMs, the process still running');
});
