/**
 * `npm run bench -- --stack`: what the production stack serves per core.
 * The stack (scripts/stack: Caddy, two portals, Redis, two reference API instances,
 * PostgreSQL, compose's settings, LOG_LEVEL=info as in production) takes a member mix through
 * Caddy, closed loop (each virtual member sends its next request when the last is answered):
 *
 *   40 % pages     — a full server render: the member home, my page, my activity, the notice
 *                    list, a book search (what a member opens or reloads);
 *   55 % gateway   — the JSON calls the pages make once running (points, my diaries, member
 *                    information, notices, a book search);
 *    5 % writes    — an earning write (a book diary, each with its own text).
 *
 * Why: after the first page the portal runs in the browser and moves between screens with
 * gateway calls, so reads outnumber page loads; a member writes a diary or two in a visit of
 * a dozen screens, and 5 % is the busy evening of a month's last days rather than the day's
 * average. Writes are kept under the API's ten a minute per member (no 429s); when no member
 * may write yet, a read goes instead (the printed mix says what ran).
 *
 * Figures: requests per second, p50/p99 per kind, and the CPU the stack's processes used
 * (Caddy, portals, APIs, Redis, PostgreSQL with its backends, from /proc) — so "requests per
 * second per core" is the requests served per CPU-second the stack spent, which holds on a
 * machine shared with the load generator (whose CPU is printed apart).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { loopbackAddress, membersWhoCanSignIn, seededIsbn, StackMember } from '../stack/member.ts';
import { startStack, type Stack } from '../stack/stack.ts';

type Kind = 'page' | 'read' | 'write';
const WEIGHTS: Record<Kind, number> = { page: 0.4, read: 0.55, write: 0.05 };
const PAGES = ['/main/homemain', '/mypage/mypage', '/activity/activity', '/board/notice/homenotice', `/search/booksearch?q=${encodeURIComponent('한강')}`];
const READS = [
  '/api/v1/homepage/user/point',
  '/api/v1/homepage/activity/getbookdiaryinfolist?page=1&size=10',
  '/api/v1/homepage/user/info',
  '/api/v1/homepage/board/notice?display_yn=Y&page=1&size=5',
  `/api/v1/homepage/book/search?query=${encodeURIComponent('소년')}`,
];
/** Under the API's ACTIVITY_WRITES_PER_MINUTE (10). */
const WRITES_PER_MEMBER_MINUTE = 8;

export interface StackBenchOptions {
  durationS: number;
  warmupS: number;
  members: number;
  /** Virtual members sending at once. */
  concurrency: number;
}

interface Done {
  kind: Kind;
  ms: number;
  ok: boolean;
}

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system, with waited-for children) of a process, 0 if it is gone. */
export function cpuSeconds(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (withChildren ? own + Number(f[13]) + Number(f[14]) : own) / TICKS;
  } catch {
    return 0;
  }
}

/** The postmaster's children (the backends and workers) now. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU seconds so far of each part of the stack. */
function stackCpu(stack: Stack): Record<string, number> {
  const pidOf = (s: { current(): { child: { pid?: number | undefined } } | undefined }) => s.current()?.child.pid ?? 0;
  const postmaster = Number(readFileSync(join(stack.postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    caddy: cpuSeconds(pidOf(stack.caddy)),
    portals: stack.portals.reduce((sum, p) => sum + cpuSeconds(pidOf(p)), 0),
    apis: stack.apis.reduce((sum, a) => sum + cpuSeconds(pidOf(a)), 0),
    postgres: cpuSeconds(postmaster, true) + childrenOf(postmaster).reduce((sum, c) => sum + cpuSeconds(c), 0),
    redis: cpuSeconds(pidOf(stack.redis)),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function benchStack(opts: StackBenchOptions): Promise<void> {
  console.log(`stack bench: starting the stack (compose's settings) …`);
  const stack = await startStack({ keepLines: 50, linesAfterReady: false });
  try {
    const ids = await membersWhoCanSignIn(stack.databaseUrl, opts.members);
    const members = ids.map((id, i) => new StackMember(stack.url, id, loopbackAddress(i + 1)));
    for (const m of members) {
      const signed = await m.signIn();
      if (signed.status !== 200) throw new Error(`${m.userId} could not sign in: ${signed.status}`);
      // A browser that runs the portal's script (streamed pages), as members' are.
      m.useCookies(`${m.cookies()}; portal_js=1`);
    }
    const isbn = await seededIsbn(members[0] as StackMember);
    const writesAt = new Map<StackMember, number[]>(members.map((m) => [m, []]));
    let written = 0;
    /** A member who may write now without passing the per-minute limit, or undefined. */
    const writer = (): StackMember | undefined => {
      const now = performance.now();
      for (let i = 0; i < members.length; i++) {
        const m = members[(written + i) % members.length] as StackMember;
        const times = (writesAt.get(m) ?? []).filter((at) => now - at < 61_000);
        writesAt.set(m, times);
        if (times.length < WRITES_PER_MEMBER_MINUTE) return m;
      }
      return undefined;
    };

    let recording = false;
    let running = true;
    const done: Done[] = [];
    const act = async (): Promise<void> => {
      const r = Math.random();
      let kind: Kind = r < WEIGHTS.write ? 'write' : r < WEIGHTS.write + WEIGHTS.page ? 'page' : 'read';
      let member = members[Math.floor(Math.random() * members.length)] as StackMember;
      if (kind === 'write') {
        const w = writer();
        if (w) {
          member = w;
          writesAt.get(w)?.push(performance.now());
          written += 1;
        } else kind = 'read';
      }
      const started = performance.now();
      let ok: boolean;
      try {
        const answer = kind === 'page'
          ? await member.send('GET', PAGES[Math.floor(Math.random() * PAGES.length)] ?? '/', { html: true })
          : kind === 'read'
            ? await member.send('GET', READS[Math.floor(Math.random() * READS.length)] ?? '/')
            : await member.writeDiary(isbn, `부하 시험 일지 ${process.pid}-${written}`);
        ok = answer.status === 200 && (kind === 'page' || (answer.json as { result?: string } | undefined)?.result === 'success');
      } catch {
        ok = false;
      }
      if (recording) done.push({ kind, ms: performance.now() - started, ok });
    };
    const users = Array.from({ length: opts.concurrency }, async () => {
      while (running) await act();
    });

    console.log(`stack bench: ${opts.members} members signed in; ${opts.concurrency} at once, ${opts.warmupS} s warm-up, ${opts.durationS} s measured`);
    await sleep(opts.warmupS * 1_000);
    const cpuBefore = stackCpu(stack);
    const selfBefore = process.cpuUsage();
    const started = performance.now();
    recording = true;
    await sleep(opts.durationS * 1_000);
    recording = false;
    const wallS = (performance.now() - started) / 1_000;
    const cpuAfter = stackCpu(stack);
    const self = process.cpuUsage(selfBefore);
    running = false;
    await Promise.all(users);
    await Promise.all(members.map((m) => m.close()));

    const row = (label: string, xs: Done[]) => {
      const ms = xs.map((d) => d.ms).sort((a, b) => a - b);
      return `| ${label} | ${xs.length} (${((xs.length / Math.max(1, done.length)) * 100).toFixed(0)} %) | ${(xs.length / wallS).toFixed(0)} | ${percentile(ms, 50).toFixed(0)} ms | ${percentile(ms, 99).toFixed(0)} ms | ${xs.filter((d) => !d.ok).length} |`;
    };
    const busy: Record<string, number> = {};
    for (const key of Object.keys(cpuAfter)) busy[key] = ((cpuAfter[key] ?? 0) - (cpuBefore[key] ?? 0)) / wallS;
    const cores = Object.values(busy).reduce((a, b) => a + b, 0);
    const rps = done.length / wallS;
    const all = done.map((d) => d.ms).sort((a, b) => a - b);
    console.log([
      '',
      '| requests | count (share) | req/s | p50 | p99 | failed |',
      '|---|---|---|---|---|---|',
      row('all', done),
      row('pages (server render)', done.filter((d) => d.kind === 'page')),
      row('gateway reads', done.filter((d) => d.kind === 'read')),
      row('earning writes (book diary)', done.filter((d) => d.kind === 'write')),
      '',
      `CPU of the stack: ${cores.toFixed(2)} cores busy (${Object.entries(busy).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}); ` +
        `the load generator: ${((self.user + self.system) / 1e6 / wallS).toFixed(2)} cores`,
      `stack: ${(rps / Math.max(cores, 0.01)).toFixed(0)} requests per second per core (${rps.toFixed(0)} req/s on ${cores.toFixed(2)} cores), ` +
        `p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms`,
    ].join('\n'));
  } finally {
    await stack.stop();
  }
}
