/**
 * The process entry as ops run it: `node server/main.ts` with HOMEPAGE_API_URL unset
 * starts the embedded reference API, serves pages, logs JSON, and on SIGTERM turns not
 * ready, finishes, and exits 0. A bad setting stops it at once with a message.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..', '..', '..');

t.test('starts with the embedded API, serves, and stops gracefully on SIGTERM', async (t) => {
  // The metrics port is already taken (a second portal on one laptop): the portal serves on, and says so.
  const taken = createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => taken.close(() => r())));
  const metricsPort = String((taken.address() as AddressInfo).port);
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-proc-')), LOG_LEVEL: 'info', HOMEPAGE_API_URL: '', METRICS_PORT: metricsPort },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('did not start')), 20_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry['msg'] === 'portal listening') {
          clearTimeout(timer);
          resolve(String(entry['url']).replace('localhost', '127.0.0.1'));
        }
      } catch {
        lines.push({ raw: line });
      }
    });
  });
  t.match(lines.find((l) => l['msg'] === 'portal listening'), { homepageApi: 'embedded', level: 'info', name: 'portal' });
  t.ok(lines.some((l) => l['name'] === 'homepage-api'), 'the embedded API logs JSON too');
  t.ok(lines.some((l) => l['level'] === 'warn' && l['msg'] === 'metrics listener not started: set METRICS_PORT (0 turns it off)'), 'a taken metrics port is a warning');
  const pub = await fetch(`${url}/metrics`, { redirect: 'manual' });
  t.not(pub.status, 200, 'no /metrics on the public port');
  t.notOk((await pub.text()).includes('portal_'), 'no metrics text on the public port');

  const page = await fetch(`${url}/main/homemain`);
  t.equal(page.status, 200);
  t.match(await page.text(), /2026년 하반기 종이책 구매 영수증 인증 유의사항/, 'the notice strip comes from the embedded API');
  t.equal((await fetch(`${url}/readyz`)).status, 200);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
  t.equal(code, 0, 'exits 0 after SIGTERM');
  t.ok(lines.some((l) => l['msg'] === 'shutting down' && l['signal'] === 'SIGTERM'), 'the shutdown is logged');
});

t.test('a bad setting stops the process with a message naming it', async (t) => {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: 'eighty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.equal(code, 1);
  t.match(out, /PORT must be an integer/);
  t.match(out, /"level":"fatal"/);
});

t.test('an access token no longer than the refresh grace stops the portal and the API at start (decision 0114)', async (t) => {
  for (const entry of ['server/main.ts', 'server/homepage-api/main.ts']) {
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOMEPAGE_API_PORT: '0', HOST: '127.0.0.1', HOMEPAGE_API_URL: '', METRICS_PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-grace-')), ACCESS_TOKEN_TTL_S: '2', REFRESH_GRACE_S: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    t.equal(code, 1, `${entry} exits 1`);
    t.match(out, /"level":"fatal".*ACCESS_TOKEN_TTL_S \(2\) must be longer than REFRESH_GRACE_S \(2\)/, `${entry} says why`);
  }
});
