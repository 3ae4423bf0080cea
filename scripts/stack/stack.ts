/**
 * The compose topology (deploy/compose.yaml) as local processes on loopback (decision 0130):
 * a throwaway PostgreSQL cluster (test/fixtures/postgres.ts), redis-server with
 * deploy/redis.conf, two reference API instances, two portal instances and Debian's Caddy
 * running deploy/Caddyfile itself, each with the settings compose gives it (settings.ts) on
 * free ports. `npm run stack` (scripts/stack.ts), the stack test (test/stack/) and
 * `npm run bench -- --stack` start it here.
 *
 * Like compose's `restart: unless-stopped`, a process that exits without being asked to is
 * started again (same port, back-off from 100 ms); `stop()` stops everything in order (Caddy,
 * the portals draining, the APIs, Redis, PostgreSQL) and removes the folder. A watchdog process
 * (reaper.ts) does the same if this process dies without stopping.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pgBinDir, startPostgres, type PgCluster } from '#test/fixtures/postgres.ts';
import { freePort } from '#test/fixtures/ports.ts';
import {
  startApiProcess, startPortalProcess, startProcess, type ApiProcess, type PortalProcess, type PortalProcessOptions, type RunningProcess,
} from '#test/fixtures/process.ts';
import { redisServerAvailable, startRedis, type RedisProcess } from '#test/fixtures/redis.ts';
import { CADDYFILE, REDIS_CONF, apiEnv, caddyAddresses, portalEnv } from './settings.ts';

/** The Debian packages the stack needs that are not installed (caddy, redis-server, postgresql). */
export function missingPackages(): string[] {
  return [
    spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0 ? null : 'caddy',
    redisServerAvailable() ? null : 'redis-server',
    pgBinDir() ? null : 'postgresql',
  ].filter((m) => m !== null);
}

/**
 * For the stack's tests: false when the packages are there, else why the test is skipped —
 * outside CI only: in CI (.ci/run installs them) a missing package is an error.
 */
export function skipWithoutPackages(): string | false {
  const missing = missingPackages();
  if (missing.length === 0) return false;
  if (process.env['CI'] && process.env['CI'] !== 'false') throw new Error(`${missing.join(', ')} missing: .ci/run installs them`);
  return `not installed: ${missing.join(', ')} (apt-get install ${missing.join(' ')})`;
}

export interface StackOptions {
  /** Settings added to deploy/portal.env for this run (the stack test shortens nothing here; kept for experiments). */
  portalEnv?: Record<string, string>;
  /** Settings added to deploy/homepage-api.env for this run (the stack test shortens access tokens). */
  apiEnv?: Record<string, string>;
  /** Every line every process writes, with the service's name. */
  onLine?: (service: string, line: string) => void;
  /** What the stack does (starts, exits, restarts), a line each. */
  log?: (message: string) => void;
  /** Lines kept per process (a long-running stack keeps the last ones only). */
  keepLines?: number;
  /** false: the processes' lines are not read once they are ready (the bench). */
  linesAfterReady?: boolean;
}

/** One supervised process: started again when it exits unasked, as compose's `restart: unless-stopped`. */
export interface Service<P extends RunningProcess = RunningProcess> {
  readonly name: string;
  readonly port: number;
  /** The running process, or undefined while it is down. */
  current(): P | undefined;
  /** The running process once it is ready (now, or after the restart under way). */
  up(): Promise<P>;
  /** Sends a signal to the process (SIGKILL: a crash; SIGTERM: a stop that drains); it is started again when it exits. */
  kill(signal: NodeJS.Signals): void;
  /** How many times it was started again. */
  restarts(): number;
  stop(): Promise<void>;
}

export interface Stack {
  /** Caddy: where members come in. */
  url: string;
  caddy: Service;
  portals: [Service<PortalProcess>, Service<PortalProcess>];
  apis: [Service<ApiProcess>, Service<ApiProcess>];
  redis: Service<RedisProcess>;
  postgres: PgCluster;
  /** The API's database (role and database `homepage`, as compose makes them). */
  databaseUrl: string;
  redisUrl: string;
  /** Stops everything in order and removes the stack's folders; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * A rolling deploy of the portals (decision 0145): each in turn is stopped (it drains, Caddy
 * routes to the other) and started again on the build now in dist/, and the next waits until it
 * is back and ready. Pages opened on the previous build keep working: both portals serve the
 * previous build's files from the shared archive.
 */
export async function rollPortals(stack: Pick<Stack, 'portals'>, log: (message: string) => void = () => undefined): Promise<void> {
  for (const portal of stack.portals) {
    log(`${portal.name}: stopping (draining), then starting on the new build`);
    portal.kill('SIGTERM');
    const proc = await portal.up();
    for (let waited = 0; ; waited += 100) {
      if (await fetch(`${proc.url}/readyz`).then((r) => r.ok, () => false)) break;
      if (waited > 60_000) throw new Error(`${portal.name} was not ready within 60 s of its restart`);
      await sleep(100);
    }
    log(`${portal.name}: up on the new build`);
  }
}

/** The watchdog: told every process group and folder, it cleans up if this process dies first. */
function startReaper(): { tell(line: string): void; done(): void } {
  const child: ChildProcess = spawn(process.execPath, [join(import.meta.dirname, 'reaper.ts')], {
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.unref();
  const stdin = child.stdin as (NodeJS.WritableStream & Pick<Socket, 'unref'>) | null;
  stdin?.unref();
  return {
    tell: (line) => void stdin?.write(`${line}\n`),
    done: () => {
      stdin?.write('done\n');
      stdin?.end();
    },
  };
}

interface ServiceHooks {
  log: (message: string) => void;
  reaper: { tell(line: string): void };
}

function supervise<P extends RunningProcess>(name: string, port: number, start: () => Promise<P>, hooks: ServiceHooks): Service<P> & { first: Promise<P> } {
  let current: P | undefined;
  let stopping = false;
  let restarts = 0;
  let failuresInARow = 0;
  let launching: Promise<void> | undefined;
  /** Every process started and not yet exited (the current one, and one still ending after kill()). */
  const alive = new Set<P>();
  let resolveUp!: (p: P) => void;
  let rejectUp!: (e: unknown) => void;
  const newUp = () => {
    const up = new Promise<P>((resolve, reject) => {
      resolveUp = resolve;
      rejectUp = reject;
    });
    // A stop while waiting for a restart must not leave an unhandled rejection behind.
    up.catch(() => undefined);
    return up;
  };
  let upPromise = newUp();
  const backOff = () => Math.min(100 * 2 ** (failuresInARow - 1), 5_000);

  /** Starts the process (again); the first start fails the stack, later ones are retried with back-off. */
  const launch = (isFirst: boolean): Promise<void> => {
    launching = (async () => {
      if (stopping) return;
      let proc: P;
      try {
        proc = await start();
      } catch (err) {
        if (isFirst || stopping) throw err;
        failuresInARow += 1;
        hooks.log(`${name} did not start (${(err as Error).message.split('\n')[0]}): trying again in ${backOff()} ms`);
        await sleep(backOff());
        return launch(false);
      }
      const pid = proc.child.pid;
      if (pid !== undefined) hooks.reaper.tell(`pid ${pid}`);
      alive.add(proc);
      if (stopping) {
        await proc.stop();
        return;
      }
      current = proc;
      const startedAt = performance.now();
      resolveUp(proc);
      void proc.exited.then(async ({ code, signal }) => {
        alive.delete(proc);
        await proc.stop(); // exited already: only removes its throwaway folder
        if (pid !== undefined) hooks.reaper.tell(`unpid ${pid}`);
        if (current === proc) {
          current = undefined;
          upPromise = newUp();
        }
        if (stopping) return;
        const ranMs = performance.now() - startedAt;
        failuresInARow = ranMs > 10_000 ? 1 : failuresInARow + 1;
        restarts += 1;
        hooks.log(`${name} exited (${signal ?? `code ${code}`}) after ${(ranMs / 1000).toFixed(1)} s: starting it again in ${backOff()} ms`);
        await sleep(backOff());
        await launch(false).catch((err: unknown) => hooks.log(`${name} not restarted: ${(err as Error).message}`));
      });
    })();
    return launching;
  };
  const first = upPromise;
  launch(true).catch((err: unknown) => rejectUp(err));
  return {
    name,
    port,
    first,
    current: () => current,
    up: () => upPromise,
    kill(signal) {
      const proc = current;
      if (!proc) return;
      // Down from now on: up() waits for the next start, not for the process being ended.
      current = undefined;
      upPromise = newUp();
      proc.child.kill(signal);
    },
    restarts: () => restarts,
    async stop() {
      stopping = true;
      rejectUp(new Error(`${name} stopped`));
      current = undefined;
      await Promise.all([...alive].map(async (proc) => {
        const timer = setTimeout(() => proc.child.kill('SIGKILL'), 30_000);
        await proc.stop();
        clearTimeout(timer);
      }));
      // A start under way ends by stopping what it started.
      await launching?.catch(() => undefined);
    },
  };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'reading-portal-stack-'));
  const reaper = startReaper();
  reaper.tell(`remove ${dir}`);
  const hooks: ServiceHooks = { log, reaper };
  const processOptions = (service: string): PortalProcessOptions => ({
    cleanEnv: true,
    detached: true,
    ...(options.keepLines !== undefined ? { keepLines: options.keepLines } : {}),
    ...(options.linesAfterReady !== undefined ? { linesAfterReady: options.linesAfterReady } : {}),
    ...(options.onLine ? { onLine: (line: string) => options.onLine?.(service, line) } : {}),
  });
  const services: Service[] = [];
  let postgres: PgCluster | undefined;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Caddy first (no new requests), then the portals drain, then what they call.
    const order = [['caddy'], ['portal-a', 'portal-b'], ['homepage-api-a', 'homepage-api-b'], ['redis']];
    for (const names of order) await Promise.all(services.filter((s) => names.includes(s.name)).map((s) => s.stop()));
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
    reaper.done();
    log('stack stopped');
  };

  try {
    postgres = await startPostgres({ fsync: true });
    reaper.tell(`postgres ${join(postgres.dir, 'data')}`);
    reaper.tell(`remove ${postgres.dir}`);
    const dbPassword = randomBytes(24).toString('hex');
    await postgres.admin(`CREATE ROLE homepage LOGIN PASSWORD '${dbPassword}'`);
    await postgres.admin('CREATE DATABASE homepage OWNER homepage');
    const databaseUrl = `postgres://homepage:${dbPassword}@127.0.0.1:${postgres.port}/homepage`;
    log(`postgres on 127.0.0.1:${postgres.port}`);

    const redisPassword = randomBytes(24).toString('hex');
    const redisPort = await freePort();
    const redisDir = join(dir, 'redis');
    mkdirSync(redisDir);
    const redis = supervise('redis', redisPort, () => startRedis({ ...processOptions('redis'), configFile: REDIS_CONF, port: redisPort, password: redisPassword, dir: redisDir }), hooks);
    services.push(redis);
    const redisUrl = (await redis.first).url;

    const apiPorts = [await freePort(), await freePort()] as const;
    const apis = (['homepage-api-a', 'homepage-api-b'] as const).map((name, i) =>
      supervise(name, apiPorts[i] ?? 0, () => startApiProcess({ ...apiEnv({ port: apiPorts[i] ?? 0, databaseUrl }), ...options.apiEnv }, processOptions(name)), hooks),
    );
    services.push(...apis);
    await Promise.all(apis.map((a) => a.first));
    const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`);

    const sessionSecret = randomBytes(36).toString('base64url');
    // The previous builds' files, shared by both portals as compose's portal-assets volume is (decision 0145).
    const assetArchive = join(dir, 'assets');
    mkdirSync(assetArchive);
    const portalPorts = [await freePort(), await freePort()] as const;
    const portals = (['portal-a', 'portal-b'] as const).map((name, i) => {
      const port = portalPorts[i] ?? 0;
      // Its DATA_DIR inside the stack's folder (what the container's file system is to compose).
      const dataDir = join(dir, name);
      mkdirSync(dataDir);
      return supervise(name, port, async () => startPortalProcess(
        { ...portalEnv({ port, apiUrls, redisUrl, sessionSecret, metricsPort: await freePort() }), DATA_DIR: dataDir, ASSET_ARCHIVE_DIR: assetArchive, ...options.portalEnv },
        processOptions(name),
      ), hooks);
    });
    services.push(...portals);
    await Promise.all(portals.map((p) => p.first));

    const caddyPort = await freePort();
    const caddyHome = join(dir, 'caddy');
    mkdirSync(caddyHome);
    const caddyEnv = {
      ...caddyAddresses({ port: caddyPort, healthPort: await freePort(), portals: [portalPorts[0], portalPorts[1]] }),
      HOME: caddyHome, XDG_DATA_HOME: join(caddyHome, 'data'), XDG_CONFIG_HOME: join(caddyHome, 'config'),
    };
    const caddy = supervise('caddy', caddyPort, () => startProcess('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], caddyEnv, {
      ...processOptions('caddy'),
      stderrLines: true,
      ready: (l) => l['msg'] === 'serving initial configuration',
    }), hooks);
    services.push(caddy);
    await caddy.first;
    const url = `http://127.0.0.1:${caddyPort}`;
    // Ready when Caddy routes to a portal that says it is ready.
    for (let waited = 0; ; waited += 100) {
      const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (waited > 30_000) throw new Error('Caddy did not reach a ready portal within 30 s');
      await sleep(100);
    }
    return {
      url,
      caddy,
      portals: [portals[0] as Service<PortalProcess>, portals[1] as Service<PortalProcess>],
      apis: [apis[0] as Service<ApiProcess>, apis[1] as Service<ApiProcess>],
      redis,
      postgres,
      databaseUrl,
      redisUrl,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
