/**
 * Errors as the API answers them (decisions D2): `{ result: "error", msg }` with a
 * Korean msg, never a stack or an English text. Handlers throw ApiError; request
 * validation failures get a message naming the field in Korean.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorAnswer } from '#shared/contract/common.ts';
import { apiFieldLabels, apiMessages } from '#shared/messages-api.ts';
import { messages } from '#shared/messages.ts';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly msg: string;
  readonly code: string | undefined;
  constructor(statusCode: number, msg: string, code?: string) {
    super(msg);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.msg = msg;
    this.code = code;
  }
}

export const notFound = (msg: string = messages.error.notFound) => new ApiError(404, msg);
export const badRequest = (msg: string) => new ApiError(400, msg);
export const conflict = (msg: string) => new ApiError(409, msg);

/** Response schemas of the error statuses a route can answer. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S) {
  const out: Record<number, typeof ErrorAnswer> = {};
  for (const s of statuses) out[s] = ErrorAnswer;
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

/** A Korean message for the first validation issue, naming the field when it is known. */
export function validationMessage(validation: unknown): string {
  const first: unknown = Array.isArray(validation) ? validation[0] : undefined;
  if (!isAjvIssue(first)) return apiMessages.validation.general;
  const field =
    first.keyword === 'required' && typeof first.params['missingProperty'] === 'string'
      ? first.params['missingProperty']
      : (first.instancePath.split('/').filter((p) => p && !/^\d+$/.test(p)).pop() ?? '');
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

export function errorHandler(err: AnyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) {
    req.log.info({ status: err.statusCode, code: err.code }, 'request refused');
    return reply.code(err.statusCode).send({ result: 'error', msg: err.msg, ...(err.code ? { code: err.code } : {}) });
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    req.log.info({ validation: fe.validation, context: fe.validationContext }, 'request validation failed');
    return reply.code(400).send({ result: 'error', msg: validationMessage(fe.validation) });
  }
  const status = fe.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ result: 'error', msg: messages.error.temporary });
  }
  req.log.info({ err: { message: err.message, code: fe.code } }, 'request refused');
  return reply.code(status).send({ result: 'error', msg: apiMessages.validation.general });
}
