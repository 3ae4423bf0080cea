/**
 * `npm run stack` as a person runs it (scripts/stack.ts, decision 0130): it prints the URL;
 * through Caddy a member signs in, writes a diary and signs out; on SIGTERM it stops
 * everything and leaves nothing running — no process it started (Caddy, portals, APIs,
 * Redis, the watchdog), no PostgreSQL, no port still answering, no folder. Then the watchdog
 * alone: when the process that fed it dies without saying `done` (kill -9), it kills what it
 * was told of, stops PostgreSQL and removes the folders; after `done` it touches nothing.
 *
 * Needs Debian's caddy, redis-server and postgresql (.ci/run installs them); outside CI,
 * without them, skipped with a message.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loopbackAddress, seededIsbn, StackMember } from '#scripts/stack/member.ts';
import { skipWithoutPackages } from '#scripts/stack/stack.ts';
import { startPostgres } from '#test/fixtures/postgres.ts';
import { startProcess } from '#test/fixtures/process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const skip = skipWithoutPackages();

/** Running, not ended (a zombie waiting for init to reap it has ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The processes of `pids` still running once they all ended, or after 15 s. */
async function leftAfterEnding(pids: number[]): Promise<number[]> {
  const started = performance.now();
  while (pids.some(alive) && performance.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(alive);
}

/** The process ids whose parent is `pid`, and theirs (from /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** The postmaster listening on `port` (PostgreSQL detaches from whoever started it). */
function postmasterOn(port: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('/postgres') && cmd.join(' ').includes(`-p ${port} `)) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

t.test('npm run stack: a member signs in, writes and signs out through Caddy; SIGTERM leaves nothing running', { skip }, async (t) => {
  const stack = await startProcess(process.execPath, ['scripts/stack.ts'], {}, {
    ready: (l) => String(l['raw']).startsWith('stack: ready: '),
    readyTimeoutMs: 150_000,
  });
  t.teardown(() => stack.stop('SIGKILL'));
  const url = String(stack.readyLine['raw']).slice('stack: ready: '.length);
  const banner = await stack.waitForLine((l) => String(l['raw']).includes('behind Caddy:'));
  const ports = [...String(banner['raw']).matchAll(/:(\d+)/g)].map((m) => Number(m[1]));
  ports.push(Number(new URL(url).port));
  t.equal(ports.length, 7, 'Caddy, two portals, two APIs, Redis and PostgreSQL on their ports');
  const pid = stack.child.pid ?? 0;
  const children = descendants(pid);
  const postmaster = postmasterOn(ports[5] ?? 0);
  t.ok(postmaster, 'PostgreSQL runs');
  t.ok(children.length >= 7, `the stack's processes: ${children.length}`);
  const folders = () => readdirSync(tmpdir()).filter((n) => n.startsWith('reading-portal-stack-'));
  t.ok(folders().length >= 1, 'its folder exists');

  const member = new StackMember(url, 'reader01', loopbackAddress(1));
  t.teardown(() => member.close());
  t.equal((await member.signIn()).status, 200, 'signed in through Caddy');
  const isbn = await seededIsbn(member);
  const diary = await member.writeDiary(isbn, `스택에서 쓴 일지 ${Date.now()}`);
  t.equal(diary.status, 200, 'a diary written');
  t.match(diary.json, { result: 'success', activity_type: 'diary' });
  t.match((await member.send('GET', '/mypage/mypage', { html: true })).text, /김서연/, 'my page greets the member');
  t.equal((await member.signOut()).status, 200, 'signed out');
  t.notMatch((await member.send('GET', '/mypage/mypage', { html: true })).text, /김서연/, 'a visitor again');

  const mine = new Set(folders());
  stack.child.kill('SIGTERM');
  const { code } = await stack.exited;
  t.equal(code, 0, 'the stack exits 0 on SIGTERM');
  t.same(await leftAfterEnding(children), [], 'no process it started is left');
  t.same(await leftAfterEnding(postmaster === undefined ? [] : [postmaster]), [], 'PostgreSQL stopped');
  for (const port of ports) t.notOk(await answers(port), `nothing answers on ${port}`);
  t.same(folders().filter((f) => mine.has(f)), [], 'its folder is removed');
});

t.test('the watchdog: the stack killed with -9 leaves nothing behind; after done, it touches nothing', { skip }, async (t) => {
  const pg = await startPostgres();
  t.teardown(() => pg.stop());
  const folder = mkdtempSync(join(tmpdir(), 'reaper-test-'));
  const sleeper = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
  t.teardown(() => void (sleeper.exitCode === null && sleeper.kill('SIGKILL')));
  const sleeperExit = new Promise((resolve) => sleeper.once('exit', resolve));
  const postmaster = Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

  const feed = (lines: string[]) => {
    const reaper = spawn(process.execPath, [join(ROOT, 'scripts', 'stack', 'reaper.ts')], { stdio: ['pipe', 'ignore', 'pipe'] });
    const exit = new Promise<string>((resolve) => {
      let err = '';
      reaper.stderr.on('data', (c: Buffer) => (err += c.toString()));
      reaper.once('exit', () => resolve(err));
    });
    for (const line of lines) reaper.stdin.write(`${line}\n`);
    // The end of its input: what the death of the stack process looks like to it.
    reaper.stdin.end();
    return exit;
  };
  const told = [`pid ${sleeper.pid}`, `postgres ${join(pg.dir, 'data')}`, `remove ${folder}`, `remove ${pg.dir}`];

  await feed([...told, 'done']);
  t.ok(alive(sleeper.pid ?? 0) && alive(postmaster) && existsSync(folder), 'after done: everything as it was');

  const said = await feed(told);
  await sleeperExit;
  t.same(await leftAfterEnding([sleeper.pid ?? 0]), [], 'the process group is killed');
  t.same(await leftAfterEnding([postmaster]), [], 'PostgreSQL is stopped');
  t.notOk(existsSync(folder) || existsSync(pg.dir), 'the folders are removed');
  t.match(said, /the stack ended without stopping; stopped what it left: \d+, postgres \d+/, 'and it says so');
});
