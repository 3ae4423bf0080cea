/**
 * The request's one log line, when it is answered (portal and reference API alike): the request
 * (its URL redacted by the serializer), status, time — instead of Fastify's two ("incoming
 * request" and "request completed"), which cost a pino line more per request for nothing an
 * operator reads (issue 41). Its fields are fixed, and nothing in them can hold a secret once the
 * URL is redacted, so a success line skips pino's redaction paths (the headers under `req` and
 * `res`, which the serialized request does not carry; decision 0123). The secret keys
 * (`withoutSecrets`, decision 0140) still apply. Error lines keep everything: an error may carry
 * anything. With traces on, the line carries the request's trace and span ids.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { requestTrace } from './tracing.ts';

const INFO = pino.levels.values['info'] ?? 30;

export class OneLinePerRequest extends LogController {
  #access: FastifyBaseLogger | undefined;
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) };
    if (error) {
      request.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    // The route's own level (health and metrics log at warn) still decides.
    if ((pino.levels.values[request.log.level] ?? 0) > INFO) return;
    this.#access ??= request.server.log.child({}, { redact: { paths: [] } });
    this.#access.info({ reqId: request.id, ...requestTrace(request)?.logIds, ...fields }, 'request completed');
  }
}
