/**
 * A portal for one run of the journeys (test/fixtures/process.ts: node server/main.ts, the
 * production build, the embedded reference API with fresh data): over plain HTTP on loopback,
 * or over HTTPS with a self-signed certificate made here (TLS_CERT_FILE / TLS_KEY_FILE). It
 * keeps the path of every request the portal logged, so a journey can tell whether each
 * request its browser made reached the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { Agent, fetch } from 'undici';
import { E2E_ENV, startPortalProcess, type LogLine } from '#test/fixtures/process.ts';

export type Scheme = 'http' | 'https';
/** How long a portal of the suite may take to start (seeding its data included). */
export const PORTAL_START_MS = 90_000;
export const SCHEMES: readonly Scheme[] = ['http', 'https'];

export interface RunPortal {
  url: string;
  origin: string;
  scheme: Scheme;
  /** The request lines' `req.url` (path and query, redacted as the portal logs them). */
  logged: Set<string>;
  /** The portal's last `n` log lines, one short line each (what a timed-out wait reports). */
  recentLog(n: number): string[];
  /** GET a page beside the browser (the certificate trusted for this request only). */
  headersOf(path: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

interface Certificate {
  dir: string;
  cert: string;
  key: string;
  pem: string;
}

async function certificate(): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'engines-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  writeFileSync(cert, pems.cert);
  writeFileSync(key, pems.private, { mode: 0o600 });
  return { dir, cert, key, pem: pems.cert };
}

/** A log line, short: its time, who wrote it (the embedded API), the request and its status, or the message. */
function shortLine(l: LogLine): string {
  const time = typeof l['time'] === 'string' ? l['time'].slice(11, 23) : '?';
  const who = typeof l['name'] === 'string' && l['name'] !== 'portal' ? `${l['name']} ` : '';
  const req = l['req'] as { method?: string; url?: string } | undefined;
  const res = l['res'] as { statusCode?: number } | undefined;
  const what = req?.url ? `${req.method ?? '?'} ${req.url}${res?.statusCode ? ` ${res.statusCode} ${String(l['responseTime'] ?? '?')} ms` : ''}` : '';
  return `${time} ${who}${what || String(l['msg'] ?? l['raw'] ?? '').slice(0, 200)}`;
}

export async function startRunPortal(scheme: Scheme): Promise<RunPortal> {
  const tls = scheme === 'https' ? await certificate() : undefined;
  const logged = new Set<string>();
  const onLine = (line: string) => {
    if (!line.includes('"request completed"')) return;
    try {
      const entry = JSON.parse(line) as { req?: { url?: string } };
      if (entry.req?.url) logged.add(entry.req.url);
    } catch {
      // not a JSON line
    }
  };
  // The default environment otherwise: security follows the scheme of each request (decision 0017).
  const env: Record<string, string> = tls ? { TLS_CERT_FILE: tls.cert, TLS_KEY_FILE: tls.key } : {};
  // No overload shedding (as test/fixtures/portal.ts): three browsers and two CPU burners on two
  // cores starve the portal's event loop past its 1 s limit, and it answered 503 for the page's
  // own scripts, which then never hydrated (decision 0147). Shedding has its own tests (ops/overload.test.ts).
  env['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'] = '0';
  // A fresh DATA_DIR is seeded at start: beside three browsers and two CPU burners on two cores that
  // once took more than the default 30 s (decision 0147); a portal that truly cannot start still fails.
  const portal = await startPortalProcess({ ...E2E_ENV, ...env }, { onLine, readyTimeoutMs: PORTAL_START_MS }).catch((err: unknown) => {
    if (tls) rmSync(tls.dir, { recursive: true, force: true });
    throw err;
  });
  const origin = new URL(portal.url).origin;
  const dispatcher = tls ? new Agent({ connect: { ca: tls.pem } }) : new Agent();
  return {
    url: portal.url,
    origin,
    scheme,
    logged,
    // The embedded API's own "request completed" lines name no request: left out.
    recentLog: (n) => portal.lines.filter((l) => l['msg'] !== 'request completed' || l['req'] !== undefined).slice(-n).map(shortLine),
    headersOf: async (path) => {
      const res = await fetch(new URL(path, origin), { headers: { accept: 'text/html' }, dispatcher });
      await res.body?.cancel();
      return Object.fromEntries(res.headers);
    },
    stop: async () => {
      await dispatcher.close();
      await portal.stop();
      if (tls) rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}
