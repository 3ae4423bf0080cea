/**
 * Starts the portal the way the README does (node server/main.ts: production build,
 * embedded reference API) on a free loopback port with a throwaway DATA_DIR.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface PortalProcess {
  url: string;
  stop(): Promise<void>;
}

/** Access tokens live 8 s in e2e runs, so expiry during a session is exercised everywhere. */
export const E2E_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  TEST_LOGIN: 'Y',
  LOG_LEVEL: 'info',
  ACCESS_TOKEN_TTL_S: '8',
  LOGIN_RATE_PER_MINUTE: '1000',
  // No load balancer to tell in tests: stop at once.
  SHUTDOWN_DELAY_MS: '0',
  // Several portals at once: no metrics listener on the shared default port.
  METRICS_PORT: '0',
};

export interface PortalOptions {
  /** Every line the portal writes on stdout (its JSON log: one line per request, `req.url`). */
  onLine?: (line: string) => void;
}

export async function startPortal(env: Record<string, string> = {}, options: PortalOptions = {}): Promise<PortalProcess> {
  const root = join(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...E2E_ENV, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${logs.join('\n')}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`portal exited with ${code}:\n${logs.join('\n')}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      options.onLine?.(line);
      if (logs.length < 200) logs.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'portal listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url.replace('localhost', '127.0.0.1'));
        }
      } catch {
        // not a JSON log line
      }
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
