/**
 * The stack's watchdog (decision 0130): a process of its own session, started by the stack,
 * that reads on its standard input what the stack started — `pid N` (a process group),
 * `unpid N`, `postgres DIR` (a cluster's data folder), `remove DIR` — until `done`. When the
 * input ends without `done`, the stack died without stopping what it started (kill -9, an
 * out-of-memory kill, a test runner's timeout): it kills every process group it was told of,
 * stops PostgreSQL at once (SIGQUIT to the postmaster of each data folder), and removes the
 * folders, so nothing is left running.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const groups = new Set<number>();
const clusters = new Set<string>();
const folders = new Set<string>();
let done = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postmasterOf(dataDir: string): number | undefined {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function reap(): Promise<void> {
  const left: string[] = [];
  for (const pid of groups) {
    if (!alive(pid)) continue;
    left.push(String(pid));
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      process.kill(pid, 'SIGKILL');
    }
  }
  for (const dataDir of clusters) {
    const pid = postmasterOf(dataDir);
    if (pid === undefined || !alive(pid)) continue;
    left.push(`postgres ${pid}`);
    // SIGQUIT: PostgreSQL's immediate shutdown (its children end with it).
    process.kill(pid, 'SIGQUIT');
    for (let waited = 0; alive(pid) && waited < 10_000; waited += 100) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  if (left.length > 0) process.stderr.write(`stack: the stack ended without stopping; stopped what it left: ${left.join(', ')}\n`);
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const [word = '', ...rest] = line.split(' ');
    const arg = rest.join(' ');
    if (word === 'pid') groups.add(Number(arg));
    else if (word === 'unpid') groups.delete(Number(arg));
    else if (word === 'postgres') clusters.add(arg);
    else if (word === 'remove') folders.add(arg);
    else if (word === 'done') done = true;
  })
  .on('close', () => {
    if (done) process.exit(0);
    void reap().then(() => process.exit(0));
  });
