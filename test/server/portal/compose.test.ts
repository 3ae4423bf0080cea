/**
 * deploy/compose.yaml without Docker: validated against the Compose Specification's JSON
 * schema and linted with every rule of dclint (which bundles that schema), then checked
 * for what the stack must have — two portal instances on Redis with one shared secret,
 * two reference API instances on PostgreSQL (official image, named volume), Caddy in front, health checks, secrets only from
 * the environment — and every variable it sets is one the processes read and
 * docs/operations.md explains. Then that compose and `npm run stack` (scripts/stack) take
 * their settings from the same list (decision 0130): the env files, redis.conf and the
 * Caddyfile, which Debian's Caddy adapts with compose's defaults and with the stack's addresses.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DCLinter } from 'dclint';
import { parse } from 'yaml';
import { PortalEnv } from '#server/portal/config.ts';
import { ApiEnv } from '#server/homepage-api/settings.ts';
import { TRACING_ENV } from '#server/tracing.ts';
import { messages } from '#shared/messages.ts';
import { CADDYFILE, REDIS_CONF, apiEnv, caddyAddresses, envFile, portalEnv } from '#scripts/stack/settings.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const composeFile = join(root, 'deploy', 'compose.yaml');
const operations = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');

interface Service {
  image?: string;
  env_file?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: Record<string, { aliases?: string[] }>;
  ports?: string[];
  expose?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const service = (name: string): Service => {
  const s = compose.services[name];
  if (!s) throw new Error(`no service ${name}`);
  return s;
};

/** The Caddyfile without its comments. */
const caddyfileText = () => readFileSync(CADDYFILE, 'utf8').split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');

/** What dclint reports per file (its declarations leave the message type unresolved). */
type Linted = { messages: { rule: string; message: string }[] }[];

t.test('valid against the Compose schema, and clean under every dclint rule', async (t) => {
  const linter = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] });
  const [result]: Linted = linter.lintFiles([composeFile], false);
  t.ok(result, 'the file was linted');
  t.same(result?.messages.map((m) => `${m.rule}: ${m.message}`), [], 'no schema error, no lint finding');

  // The same linter on a broken copy: a wrong type and an unknown key are schema errors.
  const copy = join(mkdtempSync(join(tmpdir(), 'compose-')), 'compose.yaml');
  writeFileSync(copy, readFileSync(composeFile, 'utf8').replace('    restart: unless-stopped\n', '    restart: 3\n    healthcheck_typo: {}\n'));
  const [bad]: Linted = linter.lintFiles([copy], false);
  t.ok(bad?.messages.some((m) => m.rule === 'invalid-schema'), 'a broken copy fails the schema');
});

t.test('two portal instances, two reference API instances on PostgreSQL, Redis and Caddy, each with a health check', async (t) => {
  t.same(Object.keys(compose.services).sort(), ['caddy', 'homepage-api-a', 'homepage-api-b', 'portal-a', 'portal-b', 'postgres', 'redis']);
  for (const [name, s] of Object.entries(compose.services)) t.ok(s.healthcheck?.test.length, `${name} has a health check`);

  const [a, b] = [service('portal-a'), service('portal-b')];
  t.same(a, b, 'the two portal instances are configured alike');
  const env = { ...envFile('portal.env'), ...a.environment };
  t.match(env['REDIS_URL'], /^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/, 'Redis, its password from the environment');
  t.match(env['SESSION_SECRET'], /^\$\{SESSION_SECRET:\?[^}]+\}$/, 'one SESSION_SECRET, required from the environment');
  t.equal(env['TRUST_PROXY'], '1', 'one proxy hop');
  t.equal(env['HOST'], '0.0.0.0');
  t.match(env['HOMEPAGE_API_URL'], /^\$\{HOMEPAGE_API_URL:-http:\/\/homepage-api-a:4000,http:\/\/homepage-api-b:4000\}$/, 'both API instances, by name (decision 0130)');
  t.equal(env['METRICS_PORT'], '9464');
  t.equal(env['METRICS_HOST'], '0.0.0.0', 'metrics on the stack network (the default is loopback only)');
  t.notOk(a.ports, 'portal instances publish no port: only Caddy does');
  t.same(Object.keys(a.depends_on ?? {}).sort(), ['homepage-api-a', 'homepage-api-b', 'redis']);

  const api = service('homepage-api-a');
  t.same(api, service('homepage-api-b'), 'the two API instances are configured alike');
  t.same(api.command, ['npm', 'run', 'start:api'], 'the reference API is its own service (npm run start:api)');
  t.match(api.environment?.['DATABASE_URL'], /^postgres:\/\/homepage:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/homepage$/, 'PostgreSQL, its password from the environment');
  t.same(Object.keys(api.depends_on ?? {}), ['postgres']);
  t.match(api.healthcheck?.test.join(' '), /\/readyz/, 'ready only while the database answers');
  // Traces (decision 0153): on when deploy/.env names a collector, one new trace in ten, both houses.
  for (const [name, file] of [['portal-a', 'portal.env'], ['homepage-api-a', 'homepage-api.env']] as const) {
    t.equal(service(name).environment?.['OTEL_EXPORTER_OTLP_ENDPOINT'], '${OTEL_EXPORTER_OTLP_ENDPOINT:-}', `${name}: the collector from the environment, unset by default`);
    const traces = envFile(file);
    t.same([traces['OTEL_TRACES_SAMPLER'], traces['OTEL_TRACES_SAMPLER_ARG']], ['parentbased_traceidratio', '0.1'], `${file}: one new trace in ten`);
  }
  const pg = service('postgres');
  t.match(pg.image, /^postgres:\d+/, 'the official image');
  t.ok(pg.volumes?.includes('pg-data:/var/lib/postgresql/data'), 'a named volume');
  t.ok('pg-data' in compose.volumes);
  t.match(pg.healthcheck?.test.join(' '), /pg_isready/);

  const caddy = service('caddy');
  t.ok(caddy.volumes?.includes('./Caddyfile:/etc/caddy/Caddyfile:ro'));
  t.same(Object.keys(caddy.depends_on ?? {}).sort(), ['portal-a', 'portal-b']);
  const caddyfile = readFileSync(join(root, 'deploy', 'Caddyfile'), 'utf8');
  t.match(caddyfile, /reverse_proxy \{\$PORTAL_A:portal-a:3000\} \{\$PORTAL_B:portal-b:3000\}/, 'the portals, by name unless the stack says otherwise');
  t.match(caddyfile, /health_uri \/readyz/, 'Caddy routes only to ready instances');
  t.match(caddyfile, /respond \/metrics 404/, 'metrics are not public');
});

t.test('secrets only from the environment; every variable is read by its process and explained', async (t) => {
  // Traces' variables are both houses' (server/tracing.ts), read beside each schema.
  const portalVars = new Set([...Object.keys(PortalEnv.properties), ...TRACING_ENV]);
  const apiVars = new Set([...Object.keys(ApiEnv.properties), ...TRACING_ENV]);
  for (const name of ['portal-a', 'homepage-api-a']) {
    const vars = name === 'portal-a' ? portalVars : apiVars;
    for (const key of Object.keys(service(name).environment ?? {})) t.ok(vars.has(key), `${name}: ${key} is a variable the process reads`);
  }
  const text = readFileSync(composeFile, 'utf8');
  for (const [name, file] of [['portal-a', 'portal.env'], ['homepage-api-a', 'homepage-api.env']] as const) {
    const vars = name === 'portal-a' ? portalVars : apiVars;
    for (const key of Object.keys(envFile(file))) t.ok(vars.has(key), `${file}: ${key} is a variable the process reads`);
  }
  for (const [name, s] of Object.entries(compose.services)) {
    for (const [key, value] of Object.entries(s.environment ?? {})) {
      if (/SECRET|PASSWORD|AUTH/.test(key)) t.match(value, /^\$\{[A-Z_]+:\?[^}]+\}$/, `${name}: ${key} comes from the environment, required`);
    }
  }
  const everything = new Set<string>();
  for (const s of Object.values(compose.services)) for (const key of Object.keys(s.environment ?? {})) everything.add(key);
  for (const m of text.matchAll(/\$\{([A-Z_]+)/g)) if (m[1]) everything.add(m[1]);
  for (const file of ['portal.env', 'homepage-api.env'] as const) for (const key of Object.keys(envFile(file))) everything.add(key);
  for (const m of caddyfileText().matchAll(/\{\$([A-Z_]+)/g)) if (m[1]) everything.add(m[1]);
  for (const key of everything) t.match(operations, new RegExp(`\`${key}\``), `docs/operations.md explains ${key}`);
});

t.test('compose and the stack take their settings from one list (decision 0130)', async (t) => {
  const sample = { port: 3001, apiUrls: ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'], redisUrl: 'redis://:x@127.0.0.1:6380', sessionSecret: 'x'.repeat(48), metricsPort: 9465 };
  for (const [names, file, stackEnv] of [
    [['portal-a', 'portal-b'], 'portal.env', portalEnv(sample)],
    [['homepage-api-a', 'homepage-api-b'], 'homepage-api.env', apiEnv({ port: 4001, databaseUrl: 'postgres://homepage:x@127.0.0.1:5433/homepage' })],
  ] as const) {
    const settings = envFile(file);
    t.ok(Object.keys(settings).length > 0, `${file} holds settings`);
    for (const name of names) {
      const s = service(name);
      t.equal(s.env_file, file, `${name} reads ${file}`);
      const own = Object.keys(s.environment ?? {});
      t.same(own.filter((k) => k in settings), [], `${name}: nothing in environment: repeats ${file} (compose would let it win)`);
      t.same(Object.keys(stackEnv).sort(), [...Object.keys(settings), ...own].sort(), `${name}: the stack sets exactly the variables compose does`);
      for (const [key, value] of Object.entries(settings)) t.equal(stackEnv[key], value, `${name}: ${key} is ${file}'s in the stack too`);
    }
  }

  const redis = service('redis');
  t.ok(redis.volumes?.includes('./redis.conf:/usr/local/etc/redis/redis.conf:ro'), 'compose mounts deploy/redis.conf');
  t.match(redis.command?.join(' '), /exec redis-server \/usr\/local\/etc\/redis\/redis\.conf --requirepass "\$\$REDIS_PASSWORD"$/, 'and runs Redis with it, adding only the password');
  t.equal(REDIS_CONF, join(root, 'deploy', 'redis.conf'), 'the stack runs the same file');

  const placeholders = new Set([...caddyfileText().matchAll(/\{\$([A-Z_]+):/g)].map((m) => m[1]));
  t.same([...placeholders].sort(), Object.keys(caddyAddresses({ port: 8080, healthPort: 8081, portals: [3001, 3002] })).sort(), 'the stack sets every placeholder of the Caddyfile');
  t.same(Object.keys(service('caddy').environment ?? {}), ['SITE_ADDRESS'], 'compose sets only the site address: the defaults are its names');
});

const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const caddyAvailable = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
if (!caddyAvailable && inCi) throw new Error('caddy is missing: .ci/run installs it (apt-get install caddy)');

t.test('Debian\'s Caddy adapts the Caddyfile with compose\'s defaults and with the stack\'s addresses', { skip: caddyAvailable ? false : 'caddy is not installed (apt-get install caddy)' }, async (t) => {
  interface Handler { handler: string; upstreams?: { dial: string }[]; load_balancing?: { try_duration?: number }; body?: string; routes?: Route[] }
  interface Route { match?: { method?: string[] }[]; handle: Handler[] }
  interface Adapted { apps: { http: { servers: Record<string, { listen: string[]; routes: Route[]; errors?: { routes: Route[] } }> } } }
  const adapt = (env: Record<string, string>): Adapted => {
    const r = spawnSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile', '--validate'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), ...env } });
    if (r.status !== 0) throw new Error(`caddy adapt failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Adapted;
  };
  const handlers = (routes: Route[]): Handler[] => routes.flatMap((r) => r.handle.flatMap((h) => [h, ...handlers(h.routes ?? [])]));
  const summary = (a: Adapted) => Object.values(a.apps.http.servers).map((s) => ({
    listen: s.listen,
    upstreams: handlers(s.routes).filter((h) => h.handler === 'reverse_proxy').map((h) => h.upstreams?.map((u) => u.dial)),
  }));
  t.same(summary(adapt({})), [
    { listen: ['0.0.0.0:80'], upstreams: [['portal-a:3000', 'portal-b:3000'], ['portal-a:3000', 'portal-b:3000']] },
    { listen: ['0.0.0.0:8081'], upstreams: [] },
  ], 'compose: the service names (reads, writes), port 80 and the health check on 8081');
  const local = adapt(caddyAddresses({ port: 18080, healthPort: 18081, portals: [13001, 13002] }));
  t.same(summary(local), [
    { listen: ['127.0.0.1:18080'], upstreams: [['127.0.0.1:13001', '127.0.0.1:13002'], ['127.0.0.1:13001', '127.0.0.1:13002']] },
    { listen: ['127.0.0.1:18081'], upstreams: [] },
  ], 'the stack: loopback only, its own ports');

  const site = Object.values(local.apps.http.servers)[0];
  const proxies = site?.routes.filter((r) => r.handle.some((h) => h.handler === 'reverse_proxy')) ?? [];
  t.same(proxies.map((r) => [r.match?.[0]?.method ?? 'any other', r.handle[0]?.load_balancing?.try_duration ?? 'never']), [
    [['GET', 'HEAD'], 5_000_000_000],
    ['any other', 'never'],
  ], 'reads are tried on the other instance for 5 s; writes are never tried again (decision 0130)');
  const bodies = handlers(site?.errors?.routes ?? []).map((h) => h.body).filter((b) => b !== undefined);
  t.same(bodies.map((b) => b.startsWith('{') ? JSON.parse(b) as unknown : b.includes(messages.error.temporary) && b.includes(`<title>${messages.error.pageTitle}</title>`)), [
    true,
    { result: 'error', msg: messages.error.temporary },
  ], 'Caddy\'s own failures answer the portal\'s Korean message, as a page or as JSON');
});
