/**
 * `npm run stack`: the compose topology (deploy/compose.yaml) as local processes, for people
 * without Docker (decision 0130, docs/operations.md "The stack without Docker"): Caddy with
 * deploy/Caddyfile, two portals, Redis, two reference API instances and a throwaway PostgreSQL
 * cluster, on loopback and free ports, with compose's settings. Builds first if needed (as
 * `npm start` does), prints the URL, and on Ctrl-C, SIGTERM or SIGHUP — or its own crash —
 * stops everything in order and removes its folders. `--verbose` prints every log line (by
 * default: warnings, errors and what the stack does).
 *
 * A deploy without Docker (decision 0145): type `roll` and Enter, or send SIGUSR2, and the
 * stack builds the project again (`npm run build`) and rolls the two portals to the new build
 * one after the other; tabs opened on the previous build keep working.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { missingPackages, rollPortals, startStack } from './stack/stack.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const root = join(import.meta.dirname, '..');
const verbose = process.argv.includes('--verbose');
const say = (message: string) => console.log(`stack: ${message}`);

const missing = missingPackages();
if (missing.length > 0) {
  say(`needs Debian's ${missing.join(', ')} (apt-get install ${missing.join(' ')}); with Docker, use deploy/compose.yaml instead`);
  process.exit(1);
}

const build = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-build.ts')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** A log line worth showing by default: pino's warn (40) and above, Caddy's and Redis's warnings. */
function notable(line: string): boolean {
  if (line.startsWith('{')) {
    try {
      const entry = JSON.parse(line) as { level?: unknown };
      return (typeof entry.level === 'number' && entry.level >= 40) || entry.level === 'warn' || entry.level === 'error';
    } catch {
      return true;
    }
  }
  return /WARNING|ERR|error/.test(line); // redis-server's own text lines
}

say('starting PostgreSQL, Redis, two reference API instances, two portals and Caddy…');
const started = startStack({
  keepLines: 1_000,
  log: say,
  onLine: (service, line) => {
    if (verbose || notable(line)) console.log(`${service.padEnd(15)}| ${line}`);
  },
});
let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  stopping ??= (async () => {
    say('stopping (Caddy, the portals draining, the APIs, Redis, PostgreSQL)…');
    // A stack still starting is stopped once up; one that failed to start stopped itself.
    await started.then((s) => s.stop(), () => undefined);
    process.exit(code);
  })();
  return stopping;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
// `npm run stack` runs this under `sh -c`: a SIGTERM sent to npm ends npm and the shell, not
// this process. Whoever started it is gone when it is adopted by another parent: stop then too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    say('the process that started the stack has ended');
    void stop(0);
  }
}, 500).unref();
process.on('uncaughtException', (err) => {
  console.error(err);
  void stop(1);
});
process.on('unhandledRejection', (err) => {
  console.error(err);
  void stop(1);
});

const stack = await started;
const [a, b] = stack.portals;
const [x, y] = stack.apis;
say(`ready: ${stack.url}`);
say(`  members sign in as reader01 / ${MEMBER_PASSWORD} (README "Members")`);
say(`  behind Caddy: portal-a :${a.port}, portal-b :${b.port} → homepage-api-a :${x.port}, homepage-api-b :${y.port}, redis :${stack.redis.port}, postgres :${stack.postgres.port}`);
say('  Ctrl-C stops everything');

let rolling: Promise<void> | undefined;
const roll = () => {
  if (rolling) {
    say('a roll is already under way');
    return;
  }
  rolling = (async () => {
    say('building the new version (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) {
      say('the build failed: the portals stay on the build they run');
      return;
    }
    await rollPortals(stack, say);
    say('both portals run the new build');
  })()
    .catch((err: unknown) => say(`the roll stopped: ${(err as Error).message}`))
    .finally(() => {
      rolling = undefined;
    });
};
process.on('SIGUSR2', roll);
say('  type "roll" and Enter (or send SIGUSR2) to build again and roll the portals to the new build');
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'roll') roll();
});
