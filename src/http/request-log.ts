import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when its answer has gone out: the request (method, URL with
 * its secrets redacted, host, client address: log-redaction.ts), the status code, the time it
 * took and the request's `request_id`, which every line logged for a request carries. Fastify's
 * own logging writes two lines per request (one on arrival, one on completion); serializing and
 * writing a line costs about as much as the framework's whole work for a small route
 * (docs/benchmarks.md, "What each hook costs"), so at the default level (info) only the second
 * is written, and it names the request itself. At `debug` the arrival line is written too, for
 * following a request that does not finish.
 */
export class OneLinePerRequest extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error !== null && error !== undefined) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
