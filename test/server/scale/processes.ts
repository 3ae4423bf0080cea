/**
 * Real processes for the scale-out tests: a throwaway `redis-server` (no persistence,
 * loopback, a free port) and portal processes started as ops start them
 * (`node server/main.ts` with an environment), with their JSON log lines kept.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A free loopback port (closed again before it is handed out). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${log.join('\n')}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      log.push(line);
      if (/Ready to accept connections/.test(line)) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => stop(child) };
}

export interface PortalProcess {
  url: string;
  lines: Record<string, unknown>[];
  /** Resolves with the first log line (from line `from` on, already seen or to come) that passes `test`. */
  waitForLine(test: (line: Record<string, unknown>) => boolean, from?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { test: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (raw) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      line = { raw };
    }
    lines.push(line);
    for (const w of [...waiters]) {
      if (!w.test(line)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const waitForLine = (test: (l: Record<string, unknown>) => boolean, from = 0) => {
    const seen = lines.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve) => waiters.push({ test, resolve }));
  };
  const listening = await Promise.race([
    waitForLine((l) => l['msg'] === 'portal listening'),
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`portal exited with ${code}: ${JSON.stringify(lines)}`)))),
  ]);
  return {
    url: String(listening['url']).replace('localhost', '127.0.0.1'),
    lines,
    waitForLine,
    stop: () => stop(child),
  };
}
