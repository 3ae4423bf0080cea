/**
 * The reference homepage API as its own Fastify app. It talks to nothing of the
 * portal: the portal reaches it only over HTTP (docs/decisions/D1-shape-of-the-system.md). Request and answer
 * schemas come from shared/contract; the OpenAPI 3.1 document is generated from them.
 */
import { OneLinePerRequest } from '../access-log.ts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { openDatabase, type Database } from './store/db.ts';
import { createStores, type Stores } from './store/index.ts';
import { seed } from './seed/index.ts';
import { DB_RETRY_AFTER_S, errorHandler } from './errors.ts';
import { frameworkErrors, MAX_PARAM_LENGTH, protocolRules } from './protocol.ts';
import { resolveSettings, type ApiSettings, type ApiSettingsInput } from './settings.ts';
import { boardHandlers } from './routes/board.ts';
import { authHandlers } from './routes/auth.ts';
import { commonHandlers } from './routes/common.ts';
import { codeHandlers } from './routes/code.ts';
import { userHandlers } from './routes/user.ts';
import { activityHandlers } from './routes/activity.ts';
import { challengeHandlers } from './routes/challenge.ts';
import { bookclubHandlers } from './routes/bookclub.ts';
import { adminHandlers, pointHandlers } from './routes/points.ts';
import { bookHandlers } from './routes/books.ts';
import { pushHandlers } from './routes/push.ts';
import { statisticsHandlers } from './routes/statistics.ts';
import { createReminders, type Reminders } from './push/reminders.ts';
import { startReminderSchedule, type ReminderSchedule } from './push/scheduler.ts';
import { webPushSender } from './push/sender.ts';
import type { Tracing } from '../tracing.ts';
import { ApiMetrics } from './metrics.ts';
import { IdempotencyKeys } from './idempotency.ts';
import { registerOperations, type Handlers } from './operation-table.ts';
import { polishDocument } from './openapi.ts';
import { AccessCache } from './auth/access-cache.ts';
import { HOMEPAGE_PREFIX } from '#shared/contract/operations.ts';

const API_PREFIX = HOMEPAGE_PREFIX;

export interface HomepageApiOptions {
  /** SQLite file path, or ':memory:' for throwaway tests; used when `databaseUrl` is not set. */
  dbFile: string;
  /** DATABASE_URL: a postgres:// URL puts the stores on PostgreSQL (decision 0109). */
  databaseUrl?: string | undefined;
  /** PostgreSQL connection pool size (DATABASE_POOL_MAX). */
  poolMax?: number | undefined;
  /** Seed realistic data at start (idempotent). */
  seed?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the environment's settings: token lifetimes, programme rules, push, clock, random. */
  settings?: ApiSettingsInput;
  /**
   * Run the reminders on their schedule (croner, Asia/Seoul): one schedule per API process,
   * so main.ts and worker.ts turn it on; tests run the reminders directly (app.reminders).
   */
  scheduleReminders?: boolean;
  /** OpenTelemetry, when the entry started it (decision 0128): request spans and database spans. */
  tracing?: Tracing | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    stores: Stores;
    /** Access-token checks kept while listening for sign-in changes (PostgreSQL; decision 0156), else null. */
    accessCache: AccessCache | null;
    settings: ApiSettings;
    reminders: Reminders;
    /** The reminders' schedule when this app runs it (scheduleReminders and VAPID keys). */
    reminderSchedule: ReminderSchedule | null;
    /** Its Prometheus series (GET /metrics). */
    apiMetrics: ApiMetrics;
    /** The members' writes' Idempotency-Keys (decision 0141): the repeats answered, the sweep. */
    idempotency: IdempotencyKeys;
  }
}

/** Every row of the operation table with its handler (decision 0149): a missing or extra one is a type error here. */
export function handlersOf(app: FastifyInstance): Handlers {
  return {
    ...authHandlers(app), ...commonHandlers(app), ...codeHandlers(app), ...userHandlers(app), ...pointHandlers(app),
    ...boardHandlers(app), ...activityHandlers(app), ...challengeHandlers(app), ...bookclubHandlers(app), ...bookHandlers(app),
    ...adminHandlers(app), ...pushHandlers(app), ...statisticsHandlers(app),
  } satisfies Handlers;
}

export async function buildHomepageApi(opts: HomepageApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // One line per request, as the portal writes (server/access-log.ts).
    logController: new OneLinePerRequest(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    // Unknown query parameters and body fields are refused (400), not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
    // With traces on, each request's span starts with its logger, which carries the ids (decision 0128).
    ...(opts.tracing ? { childLoggerFactory: opts.tracing.childLoggerFactory } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First, so that its span is active through every later hook and ends after them.
  opts.tracing?.instrument(app);
  protocolRules(app);

  const settings = resolveSettings(opts.settings);
  const opened = await openDatabase({ file: opts.dbFile, url: opts.databaseUrl, poolMax: opts.poolMax });
  // A span per statement and transaction inside a traced request; untraced, the database itself.
  const db = opts.tracing ? (await import('./store/traced.ts')).tracedDatabase(opened) : opened;
  // PostgreSQL: access-token checks kept for a few seconds while the instance hears every
  // sign-in change (decision 0156); the stores tell it of this instance's own changes first.
  const accessCache = db.listen ? new AccessCache() : null;
  const stores = createStores(db, { authChanging: (memberId) => accessCache?.changing(memberId) });
  try {
    if (opts.seed ?? true) await seed(db, settings, stores);
  } catch (err) {
    await db.close();
    throw err;
  }
  const listening = accessCache && db.listen
    ? db.listen('homepage_auth', {
        listening: () => {
          accessCache.listening();
          app.log.info('access checks kept: listening for sign-in changes');
        },
        message: (payload) => accessCache.heard(payload),
        lost: (err) => {
          accessCache.lost();
          app.log.warn({ reason: err.message }, 'not listening for sign-in changes: every access check reads the database until listening again');
        },
      })
    : undefined;
  const { vapid } = settings.push;
  const sender = settings.push.sender ?? (vapid ? webPushSender(vapid) : null);
  const reminders = createReminders({ stores, settings, sender, log: app.log });
  let schedule: ReminderSchedule | undefined;
  if (opts.scheduleReminders) {
    if (sender) schedule = startReminderSchedule(reminders, app.log);
    else app.log.info('push reminders are off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set');
  }
  const apiMetrics = new ApiMetrics();
  const idempotency = new IdempotencyKeys({ stores, settings, metrics: apiMetrics });
  idempotency.start(app.log);
  app.addHook('onClose', async () => {
    // A reminder run or a sweep under way finishes its writes before the database closes.
    await schedule?.stop();
    await reminders.idle();
    await idempotency.stop();
    await listening?.close();
    await db.close();
  });
  app.decorate('db', db);
  app.decorate('stores', stores);
  app.decorate('accessCache', accessCache);
  app.decorate('settings', settings);
  app.decorate('reminders', reminders);
  app.decorate('reminderSchedule', schedule ?? null);
  app.decorate('apiMetrics', apiMetrics);
  app.decorate('idempotency', idempotency);
  app.decorateRequest('auth', null);

  await app.register(swagger, {
    transformObject: (generated) => polishDocument('openapiObject' in generated ? generated.openapiObject : generated.swaggerObject),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '독서포인트 홈페이지 API',
        version: '1.0.0',
        contact: { name: '도서관 독서포인트 포털' },
        description: [
          '도서관 독서활동 포털이 부르는 홈페이지 API의 계약. 모든 답은 JSON이며 result("success" | "error")를 담고, ' +
            '오류 답은 회원에게 그대로 보여 주는 한국어 msg를 담는다. 날짜는 ISO 8601(+09:00), 여부 값은 "Y"/"N".',
          '',
          '모든 작업에 공통인 규칙:',
          '- 문서에 없는 쿼리 매개변수나 본문 항목은 버리지 않고 400으로 거절한다(msg에 그 이름).',
          '- 회원 전용 작업(bearerAuth)은 입력을 검사하기 전에 토큰부터 확인한다: 토큰이 없거나 틀리면 입력이 잘못되어도 401, 만료면 403.',
          '- 아는 경로에 그 경로가 받지 않는 HTTP 메서드(TRACE, PUT 등)로 요청하면 405와 Allow 헤더(받는 메서드 목록), 모르는 경로는 404.',
          '- 경로 매개변수가 200자를 넘으면 414, 주소 형식이 깨졌으면 400. 둘 다 { result: "error", msg }.',
          '- 회원의 쓰기 작업(POST·PUT·DELETE)은 선택 헤더 Idempotency-Key를 받는다(IETF draft-ietf-httpapi-idempotency-key-header): ' +
            '같은 회원이 보관 기간(기본 24시간) 안에 같은 키로 같은 요청(메서드, 경로, 쿼리, 본문)을 다시 보내면 다시 기록하지 않고 첫 성공 답(상태와 본문)을 ' +
            'Idempotent-Replayed: true 헤더와 함께 준다. 같은 키로 다른 요청이면 422(code: idempotency_key_reused), 첫 요청이 아직 처리 중이면 ' +
            '409(code: idempotency_in_progress). 거절된 요청(4xx)은 기록도 키도 남기지 않으므로 같은 키로 다시 보낼 수 있다.',
          '- 목록의 page는 1부터, size는 작업마다 정한 기본값과 최대 100(서점 목록 기본 50). from·to는 포함하는 날짜이며 from이 to보다 늦으면 400.',
        ].join('\n'),
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: '/auth/login이 준 접근 토큰(불투명 문자열)' },
        },
      },
    },
  });

  app.setErrorHandler(errorHandler);

  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  // Ready when the database answers within a second; else 503 with Retry-After (decision 0109).
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await Promise.race([db.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 1_000).unref())]);
      return { status: 'ready' };
    } catch {
      return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send({ status: 'database unavailable' });
    }
  });
  // Prometheus text, beside /readyz: the API's listener is the stack's inside (decision 0114).
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
    reply.type(app.apiMetrics.registry.contentType).send(await app.apiMetrics.registry.metrics()),
  );
  const openapi = () => app.swagger();
  app.get('/docs/openapi.json', { schema: { hide: true } }, openapi);
  app.get(`${API_PREFIX}/docs/openapi.json`, { schema: { hide: true } }, openapi);

  registerOperations(app, handlersOf(app));
  return app;
}
