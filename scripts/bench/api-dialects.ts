/**
 * The reference API's throughput on PostgreSQL beside SQLite (issue 18, decision 0109): one
 * API process per dialect (on CPU 0 when taskset exists), a member read (GET /user/point) and
 * an earning write (POST /activity/bookdiary, a new text each time) under autocannon, 10
 * connections. `npm run bench` runs it last; alone: `node scripts/bench/api-dialects.ts`.
 * PostgreSQL is a throwaway cluster (test/fixtures/postgres.ts, fsync on, as in production).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { freePort, startPostgres } from '#test/fixtures/postgres.ts';

export interface DialectRow {
  what: string;
  sqlite: number;
  postgres: number;
}

async function startApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const taskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const args = ['server/homepage-api/main.ts'];
  const child = spawn(taskset ? 'taskset' : process.execPath, taskset ? ['-c', '0', process.execPath, ...args] : args, {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOMEPAGE_API_PORT: String(port), ACTIVITY_WRITES_PER_MINUTE: '10000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API did not start')), 90_000);
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    const poll = async () => {
      try {
        if ((await fetch(`${url}/readyz`)).ok) {
          clearTimeout(timer);
          resolve();
          return;
        }
      } catch {
        // not listening yet
      }
      setTimeout(() => void poll(), 250);
    };
    void poll();
    if (child.stdout) createInterface({ input: child.stdout }).resume();
  });
  return { url, child };
}

async function measure(url: string, durationS: number): Promise<{ read: number; write: number }> {
  const base = `${url}/api/v1/homepage`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: 'reader01', user_pass: 'chungbuk2026!' }),
  });
  const token = ((await login.json()) as { access_token?: string }).access_token ?? '';
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const isbn = ((await (await fetch(`${base}/book/search?query=${encodeURIComponent('소년이 온다')}`)).json()) as { book_list?: { isbn: string }[] }).book_list?.[0]?.isbn ?? '9788936434120';
  await autocannon({ url: `${base}/user/point`, headers, connections: 10, duration: 2 });
  const read = await autocannon({ url: `${base}/user/point`, headers, connections: 10, duration: durationS });
  let n = 0;
  const write = await autocannon({
    url: `${base}/activity/bookdiary`, headers, connections: 10, duration: durationS, method: 'POST',
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify({ isbn, content: `벤치 일지 ${process.pid}-${n++}` }) }) }],
  });
  const ok = (r: autocannon.Result) => (r.non2xx > 0 ? r.requests.average * (1 - r.non2xx / Math.max(1, r.requests.total)) : r.requests.average);
  return { read: ok(read), write: ok(write) };
}

/** Requests per second (2xx only) of a member read and an earning write, on each dialect. */
export async function benchDialects(durationS = 10): Promise<DialectRow[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-dialects-'));
  const pg = await startPostgres({ fsync: true });
  const children: ChildProcess[] = [];
  try {
    const lite = await startApi({ DATA_DIR: tmp });
    children.push(lite.child);
    const onSqlite = await measure(lite.url, durationS);
    lite.child.kill('SIGTERM');
    const onPg = await startApi({ DATABASE_URL: await pg.createDatabase() });
    children.push(onPg.child);
    const onPostgres = await measure(onPg.url, durationS);
    return [
      { what: 'member read (GET /user/point)', sqlite: onSqlite.read, postgres: onPostgres.read },
      { what: 'earning write (POST /activity/bookdiary)', sqlite: onSqlite.write, postgres: onPostgres.write },
    ];
  } finally {
    for (const c of children) c.kill('SIGKILL');
    pg.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const r of await benchDialects(Number(process.env['DURATION_S'] ?? 10))) {
    console.log(`${r.what}: PostgreSQL ${r.postgres.toFixed(0)} req/s, SQLite ${r.sqlite.toFixed(0)} req/s (${(r.postgres / r.sqlite).toFixed(2)}×)`);
  }
  process.exit(0);
}
