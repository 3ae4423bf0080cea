/**
 * buildApp(config): the whole portal as one Fastify instance. The process entry
 * (main.ts) listens with it; tests build it and use inject() or a free port.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { fastifyTrustProxy, type Config } from './config.ts';
import { AuthCookies } from './auth/cookies.ts';
import { FailureCounter } from './auth/login-limits.ts';
import { MemberAuth } from './auth/member-auth.ts';
import { MemoryHeldPairs } from './auth/held-pairs.ts';
import { MemoryRefreshFlight } from './auth/refresh-flight.ts';
import { MemoryRevocations, revocationJournal } from './auth/revocations.ts';
import { Journal } from './auth/journal.ts';
import { sealKey } from './auth/seal.ts';
import { REVOCATION_DEADLINE_MS, revokeUpstream, SignOut } from './auth/sign-out.ts';
import { MemoryOutbox, type OutboxEntry, type OutboxOptions } from './auth/sign-out-outbox.ts';
import { PasswordSignIn } from './auth/sign-in.ts';
import { createHomepageClient, type HomepageClient } from './homepage/client.ts';
import { withPublicCache } from './homepage/public-cache.ts';
import { loggerOptions, stdoutDestination } from '../logger.ts';
import { OneLinePerRequest } from '../access-log.ts';
import type { Tracing } from '../tracing.ts';
import { healthRoutes } from './plugins/health.ts';
import { inappPlugin } from './plugins/inapp.ts';
import { securityPlugin } from './plugins/security.ts';
import { ssrPlugin } from './ssr/plugin.ts';
import { archiveBuild } from './ssr/asset-archive.ts';
import { builtEntryName } from './ssr/manifest.ts';
import { authRoutes } from './routes/auth.ts';
import { cardRoutes } from './routes/card.ts';
import { displayRoutes } from './routes/display.ts';
import { gatewayRoutes } from './routes/gateway.ts';
import { pageRoutes } from './routes/pages.ts';
import { pwaRoutes } from './routes/pwa.ts';
import { PortalMetrics } from './ops/metrics.ts';
import { metricsPlugin } from './ops/metrics-plugin.ts';
import { overloadProtection } from './ops/overload.ts';
import { sharedRateLimitStore } from './shared-state/rate-limit-store.ts';
import { RedisLink } from './shared-state/redis.ts';
import { SharedFailureCounter } from './shared-state/login-failures.ts';
import { SharedHeldPairs } from './shared-state/held-pairs.ts';
import { SharedRefreshFlight } from './shared-state/refresh-flight.ts';
import { SharedRevocations } from './shared-state/revocations.ts';
import { SharedOutbox } from './shared-state/sign-out-outbox.ts';
import { wantsJson } from './wants-json.ts';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuildOptions {
  /** Override the logger (tests pass a stream to capture logs, or false). */
  logger?: FastifyServerOptions['logger'];
  /** Use this homepage client instead of one built from config (tests). */
  homepage?: HomepageClient;
  /** Read by /readyz; the process entry flips it when shutting down. */
  lifecycle?: { shuttingDown: boolean };
  /** OpenTelemetry, when the process entry started it (decision 0128): request spans and ids in the log. */
  tracing?: Tracing | undefined;
  /** The clock of the sessions' timing (refresh sharing, sign-out records); tests move it. */
  now?: () => number;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  if (config.homepageApiUrls.length === 0 && !opts.homepage) throw new Error('buildApp needs config.homepageApiUrls');
  const lifecycle = opts.lifecycle ?? { shuttingDown: false };
  const app = Fastify({
    logger: opts.logger ?? { ...loggerOptions({ level: config.logLevel, name: 'portal' }), stream: stdoutDestination() },
    genReqId,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The portal's own TLS (decision 0017); read once at start.
    ...(config.tls ? { https: { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) } } : {}),
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: 72_000,
    requestTimeout: 120_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 256 },
    // One line per request, written when it is answered, not two (decision 0035).
    logController: new OneLinePerRequest(),
    // Bodies and params are validated as sent: a number is not quietly turned into a string.
    ajv: { customOptions: { coerceTypes: false } },
    // With traces on, each request's span starts with its logger, which carries the ids (decision 0128).
    ...(opts.tracing ? { childLoggerFactory: opts.tracing.childLoggerFactory } : {}),
  });
  // First, so that its span ends after every later hook (decision 0128).
  opts.tracing?.instrument(app);

  app.setErrorHandler(async (err: Error & { statusCode?: number; validation?: unknown; msg?: unknown }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ err: { message: err.message } }, 'request refused');
    if (reply.sent) return;
    const msg =
      status >= 500
        ? messages.error.temporary
        : status === 429
          ? typeof err.msg === 'string' ? err.msg : serverMessages.error.tooMany
          : serverMessages.error.badRequest;
    if (wantsJson(req)) return reply.code(status).send({ result: 'error', msg });
    return reply.code(status).type('text/plain; charset=utf-8').send(msg);
  });

  // HTML and JSON compressed on the fly; each written chunk is flushed so a streamed page
  // still arrives in pieces. Built assets carry their own precompressed files (decision 0034).
  // gzip first when a browser takes both (every browser does): flushed as a page streams,
  // brotli 4 gives the same bytes for more CPU. Brotli's window 256 KiB (lgwin 18), not its
  // default 4 MiB: a streamed page's encoder, held in native memory V8 counts as its own, set
  // off full garbage collections — 2–3.5 ms a page (decision 0165).
  await app.register(compress, {
    encodings: ['gzip', 'br'],
    threshold: 1024,
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 6, flush: zlib.constants.Z_SYNC_FLUSH },
  });
  const metrics = new PortalMetrics();
  await app.register(metricsPlugin, { metrics });
  await overloadProtection(app, config.overload, metrics);
  // Shared state of several instances (decision 0020); without REDIS_URL, this process's memory.
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, app.log, metrics) : undefined;
  if (redis) {
    await redis.connect();
    app.addHook('onClose', () => redis.close());
  }

  const upstream =
    opts.homepage ??
    createHomepageClient({ baseUrl: config.homepageApiUrls, timeoutMs: config.homepageTimeoutMs, observe: metrics.upstream });
  app.addHook('onClose', async () => {
    if (!opts.homepage) await upstream.close();
  });
  // Public reads are cached (decision 0033); /readyz asks the upstream itself.
  const homepage = withPublicCache(upstream, { ttlS: config.cache.ttlS, maxEntries: config.cache.maxEntries, onRead: metrics.cache });
  // Callback hooks: no promise per request on every answer (decision 0123).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // Draining (decision 0014): once shutting down, every answer closes its connection and
  // connections left idle are closed, so closing never waits for keep-alive timeouts.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_req, _reply, done) => {
    if (lifecycle.shuttingDown) setImmediate(() => app.server.closeIdleConnections());
    done();
  });

  if (config.auth.sessionSecretGenerated) {
    app.log.warn('SESSION_SECRET is unset: a random one is used, so session cookies are re-read through the refresh token after a restart');
  }
  const now = opts.now ?? Date.now;
  // Signed-out sessions and the sign-outs the API has not confirmed outlive a restart: journals
  // under DATA_DIR, and Redis with REDIS_URL (decision 0024).
  const signedOut = revocationJournal(join(config.dataDir, 'signed-out-sessions.jsonl'), app.log);
  // With Redis, each instance hears every sign-out and checks from memory while it does (decision 0160).
  const sharedRevocations = redis ? new SharedRevocations(redis, app.log, { now, journal: signedOut }) : undefined;
  if (sharedRevocations) metrics.trackRevocations(sharedRevocations);
  const auth = new MemberAuth(homepage, new AuthCookies(config.scheme), {
    // Refreshed pairs are held until the browser sends them back (decision 0142).
    ...(redis && sharedRevocations
      ? {
          flight: new SharedRefreshFlight(redis, config.homepageTimeoutMs + 5_000, now),
          revocations: sharedRevocations,
          held: new SharedHeldPairs(redis, config.auth.refreshHoldS * 1000, now),
        }
      : { flight: new MemoryRefreshFlight(now), revocations: new MemoryRevocations(now, signedOut), held: new MemoryHeldPairs(config.auth.refreshHoldS * 1000, now) }),
    onRefresh: (outcome, source) => metrics.refresh(outcome, source),
  });
  const hour = 60 * 60 * 1000;
  const failures = redis
    ? new SharedFailureCounter(config.auth.loginFailuresPerHour, hour, redis)
    : new FailureCounter(config.auth.loginFailuresPerHour, hour);
  const signIn = new PasswordSignIn(auth, homepage, failures, metrics);
  const outboxOptions: OutboxOptions = {
    send: async (tokens) => (await revokeUpstream(homepage, tokens, { requestId: randomUUID(), log: app.log, deadlineMs: REVOCATION_DEADLINE_MS })).confirmed,
    key: sealKey(config.auth.sessionSecret, 'portal sign-out outbox v1'),
    now,
    log: app.log,
    onAttempt: metrics.signOutRetry,
    journal: new Journal<OutboxEntry>(join(config.dataDir, 'sign-out-outbox.jsonl'), app.log),
  };
  const outbox = redis ? new SharedOutbox(redis, outboxOptions) : new MemoryOutbox(outboxOptions);
  app.addHook('onClose', () => outbox.close());
  metrics.trackSignOutOutbox(() => outbox.pending());
  const signOut = new SignOut(auth, homepage, outbox, (confirmed) => metrics.signOut(confirmed ? 'confirmed' : 'pending'));
  await app.register(cookie, { secret: config.auth.sessionSecret });
  // Routes opt in with `config.rateLimit` (the sign-in routes, decision 0008).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis) } : {}),
    onExceeded: () => metrics.rateLimited('ip'),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, result: 'error', msg: serverMessages.login.tooMany }),
  });
  await app.register(securityPlugin, { dev: config.dev, scheme: config.scheme });
  await app.register(inappPlugin, { scheme: config.scheme });
  await app.register(healthRoutes, { homepage: upstream, isShuttingDown: () => lifecycle.shuttingDown });
  // This build's name, on every gateway answer: an open tab of an older build moves to it at its next change of page (decision 0145).
  const build = config.dev ? undefined : await builtEntryName(PROJECT_ROOT);
  await app.register(gatewayRoutes, { auth, ...(build ? { build } : {}) });
  await app.register(ssrPlugin, {
    root: PROJECT_ROOT,
    dev: config.dev,
    renderTimeoutMs: config.renderTimeoutMs,
    shellDataWaitMs: config.shellDataWaitMs,
    publicConfig: config.public,
    auth,
    signIn,
    onTiming: metrics.ssr,
    pageCacheTtlS: config.cache.pageTtlS,
    onPageCache: (outcome) => metrics.cache('page', outcome),
  });
  await app.register(authRoutes, { auth, signIn, signOut, homepage, config: config.auth, testLogin: config.public.testLogin, siteName: config.public.siteName });
  await app.register(cardRoutes, { auth });
  await app.register(displayRoutes, { scheme: config.scheme });
  await app.register(pwaRoutes, { root: PROJECT_ROOT, dev: config.dev, siteName: config.public.siteName });
  await app.vite.ready();
  // The previous builds' files stay served for open tabs (decision 0145).
  const assetArchive = config.dev || !build ? undefined : config.assetArchive;
  if (assetArchive && build) {
    const kept = await archiveBuild(join(PROJECT_ROOT, 'dist/client/assets'), assetArchive.dir, build, assetArchive.days);
    app.log.info({ assetArchive: { dir: assetArchive.dir, build, ...kept } }, 'previous builds\' files kept');
  }

  await app.register(pageRoutes, { auth, loginPerMinute: config.auth.loginPerMinute, ...(assetArchive ? { assetArchive: assetArchive.dir } : {}) });

  return app;
}
