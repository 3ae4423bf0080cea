/**
 * Errors as the API answers them (docs/decisions/D2-answers-and-codes.md): `{ result: "error", msg }` with a
 * Korean msg, never a stack or an English text. Handlers throw ApiError; request
 * validation failures get a message naming the field in Korean.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorAnswer } from '#shared/contract/common.ts';
import { apiFieldLabels, apiMessages } from '#shared/messages-api.ts';
import { messages } from '#shared/messages.ts';
import { isConnectionError, isUniqueViolation } from './store/db.ts';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly msg: string;
  readonly code: string | undefined;
  /** Seconds to wait before trying again (the Retry-After header of a 429). */
  readonly retryAfterS: number | undefined;
  constructor(statusCode: number, msg: string, code?: string, retryAfterS?: number) {
    super(msg);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.msg = msg;
    this.code = code;
    this.retryAfterS = retryAfterS;
  }
}

export const notFound = (msg: string = messages.error.notFound) => new ApiError(404, msg);
export const badRequest = (msg: string) => new ApiError(400, msg);
/**
 * The reason code of every rule a handler enforces beyond the request's schema (a date in the
 * future, `from` after `to`, a review's length, a wrong confirmation code…): one status (400) and
 * one code for all of them, documented on every operation's 400 (decision 0149).
 */
export const RULE_VIOLATED = 'rule_violated';
export const ruleBroken = (msg: string) => new ApiError(400, msg, RULE_VIOLATED);
export const conflict = (msg: string) => new ApiError(409, msg);
export const tooManyRequests = (msg: string, retryAfterS: number) => new ApiError(429, msg, undefined, retryAfterS);

/** What each error status means, for the OpenAPI document. */
const STATUS_MEANING: Record<number, string> = {
  400: '요청 오류: 형식·범위가 맞지 않는 값, 알 수 없는 쿼리 매개변수나 본문 항목(code 없음). 스키마에 맞지만 작업의 규칙에 어긋난 요청(오늘 이후의 날짜, from이 to보다 늦은 기간, 글자 수, 틀린 확인 코드 등)은 code: rule_violated',
  401: '로그인 필요: 접근 토큰이 없거나 알 수 없거나 취소됨(포털은 로그아웃)',
  403: '접근 토큰 만료(code: token_expired): 새로 발급받아 한 번 다시 요청',
  404: '없는 대상(다른 회원의 기록, 권한 없는 관리 기능 포함)',
  409: '상태 충돌: 이미 한 일, 정원 초과, 중복 영수증, 약관 미동의 등. 같은 Idempotency-Key의 첫 요청이 아직 처리 중이면 code: idempotency_in_progress(잠시 뒤 같은 키로 다시 보내면 첫 답을 받는다)',
  414: '경로 매개변수가 200자를 넘음',
  422: 'Idempotency-Key 재사용(code: idempotency_key_reused): 이 회원이 같은 키로 다른 요청(메서드, 경로, 쿼리, 본문)을 이미 보냈다. 아무것도 기록하지 않았다',
  429: '너무 잦은 요청: 회원의 활동 기록이 1분에 정한 수를 넘음(Retry-After: 다시 해 볼 수 있을 때까지의 초)',
};

/** Response schemas of the error statuses a route can answer, each with its meaning. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S) {
  const out: Record<number, typeof ErrorAnswer> = {};
  for (const s of statuses) out[s] = Type.Object(ErrorAnswer.properties, { title: 'ErrorAnswer', description: STATUS_MEANING[s] ?? '오류' });
  return out as { [K in S[number]]: typeof ErrorAnswer };
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function isAjvIssue(v: unknown): v is AjvIssue {
  return typeof v === 'object' && v !== null && 'keyword' in v && 'instancePath' in v && 'params' in v;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own message for a field that fails validation (a business rule the schema states). */
    fieldMessages?: Readonly<Record<string, string>>;
  }
}

/**
 * A Korean message for the first validation issue: the route's own message for the field
 * when it has one, else one naming the field when it is known.
 */
export function validationMessage(validation: unknown, fieldMessages: Readonly<Record<string, string>> = {}): string {
  const first: unknown = Array.isArray(validation) ? validation[0] : undefined;
  if (!isAjvIssue(first)) return apiMessages.validation.general;
  const extra = first.params['additionalProperty'];
  if (first.keyword === 'additionalProperties' && typeof extra === 'string') return apiMessages.validation.unknownField(extra);
  const field =
    first.keyword === 'required' && typeof first.params['missingProperty'] === 'string'
      ? first.params['missingProperty']
      : (first.instancePath.split('/').filter((p) => p && !/^\d+$/.test(p)).pop() ?? '');
  const own = first.keyword === 'required' ? undefined : fieldMessages[field];
  if (own) return own;
  const label = apiFieldLabels[field];
  if (!label) return apiMessages.validation.general;
  const limit = typeof first.params['limit'] === 'number' ? first.params['limit'] : undefined;
  switch (first.keyword) {
    case 'required':
      return apiMessages.validation.required(label);
    case 'maxLength':
      return limit === undefined ? apiMessages.validation.invalid(label) : apiMessages.validation.tooLong(label, limit);
    case 'minLength':
      return limit === undefined || limit <= 1
        ? apiMessages.validation.required(label)
        : apiMessages.validation.tooShort(label, limit);
    default:
      return apiMessages.validation.invalid(label);
  }
}

type AnyError = FastifyError | ApiError | Error;

/** Retry-After of the 503 answered while the database cannot be reached. */
export const DB_RETRY_AFTER_S = 5;

export function errorHandler(err: AnyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) {
    req.log.info({ status: err.statusCode, code: err.code }, 'request refused');
    if (err.retryAfterS !== undefined) void reply.header('retry-after', String(err.retryAfterS));
    return reply.code(err.statusCode).send({ result: 'error', msg: err.msg, ...(err.code ? { code: err.code } : {}) });
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    req.log.info({ validation: fe.validation, context: fe.validationContext }, 'request validation failed');
    return reply.code(400).send({ result: 'error', msg: validationMessage(fe.validation, req.routeOptions.config.fieldMessages) });
  }
  if (isConnectionError(err)) {
    // The database is down or busy: say when to come back, never hang (decision 0109).
    req.log.error({ err }, 'database unavailable');
    return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send({ result: 'error', msg: messages.error.temporary });
  }
  if (isUniqueViolation(err)) {
    req.log.info({ err: { message: err.message } }, 'write refused by a unique constraint');
    return reply.code(409).send({ result: 'error', msg: apiMessages.validation.alreadyRecorded });
  }
  const status = fe.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ result: 'error', msg: messages.error.temporary });
  }
  req.log.info({ err: { message: err.message, code: fe.code } }, 'request refused');
  return reply.code(status).send({ result: 'error', msg: apiMessages.validation.general });
}
