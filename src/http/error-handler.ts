import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestMetadata } from './envelope.ts';
import {
  badRequest,
  internalError,
  isAppError,
  notFound,
  payloadTooLarge,
  serviceUnavailable,
  type AppError,
} from './errors.ts';
import { validationToAppError } from './validation-errors.ts';

/**
 * The one place errors become HTTP answers. Expected failures arrive as AppError; Fastify's own
 * errors (bad JSON, too large, wrong content type) are mapped to the same envelope; anything
 * else is a 500 that says nothing of internals and is logged with the request id.
 */

export function fromFastify(error: FastifyError): AppError | null {
  if (error.validation) return validationToAppError(error.validation, error.validationContext);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest(
        'malformed_json',
        'The request body is not valid JSON, or it contains a forbidden __proto__ or constructor.prototype key.',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge('body_too_large', 'The request body is larger than 1 MiB.', {
        expected: '<= 1048576 bytes',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return badRequest('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.', {
        expected: 'application/json',
      });
    default:
      break;
  }
  // Other client errors from the framework (e.g. prototype poisoning in JSON, bad URL encoding).
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 413) return payloadTooLarge('body_too_large', 'The request body is too large.');
    return badRequest('bad_request', 'The request could not be understood.');
  }
  return null;
}

/** What a 503 for an unreachable store asks the caller to wait, in seconds. */
const STORE_RETRY_AFTER_SECONDS = '1';

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // Errors raised before routing have no route config.
  const routeConfig = request.routeOptions.config as FastifyContextConfig | undefined;
  // docs/api.md#limits: every limit's 429 says when to come back.
  if (error.status === 429 && typeof error.details.retry_after_seconds === 'number')
    void reply.header('retry-after', String(error.details.retry_after_seconds));
  // docs/api.md#failures: every 503 says when to try again.
  if (error.status === 503 && !reply.hasHeader('retry-after'))
    void reply.header('retry-after', STORE_RETRY_AFTER_SECONDS);
  return reply.status(error.status).send({
    success: false,
    ...routeConfig?.errorBody,
    ...error.bodyExtras,
    error: { code: error.status, name: error.name, message: error.message, details: error.details },
    metadata: requestMetadata(request.id),
  });
}

/**
 * Errors Fastify raises before routing (bad percent-encoding in the URL, an over-long path
 * parameter) skip the error handler; passed as the `frameworkErrors` server option, this gives
 * them the same envelope and request id as every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-request-id', request.id);
  const mapped =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? badRequest('param_too_long', 'A path parameter is too long.')
      : badRequest('bad_url', 'The request URL is not valid.');
  void sendError(request, reply, mapped);
}

/**
 * `health` hears of every store fault a request meets: it logs the cause once per change of the
 * store's state, so an outage of thousands of requests is two log lines, not a stack each.
 */
export function installErrorHandling(app: FastifyInstance, health: { noteFault(error: unknown): boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = isAppError(error) ? error : fromFastify(error);
    if (mapped !== null) {
      // A 503 is a state of the service (draining, the store away), logged once per change of
      // state elsewhere, not a stack per request; a change whose outcome is unknown is worth a line.
      if (mapped.status === 503) {
        if (mapped.details.reason === 'outcome_unknown')
          request.log.warn({ reason: 'outcome_unknown' }, mapped.message);
      } else if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, mapped);
    }
    if (health.noteFault(error)) {
      // The store is restarting, unreachable or cannot write: ask to retry (the pool reconnects by
      // itself; the disk gets room again). The access log line still records the 503.
      void reply.header('retry-after', STORE_RETRY_AFTER_SECONDS);
      return sendError(
        request,
        reply,
        serviceUnavailable(
          'store_unavailable',
          'The database cannot be reached or written for a moment; nothing was done: retry shortly.',
        ),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      request,
      reply,
      internalError(`Internal error. Quote request id ${request.id} when reporting it.`),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      notFound('unknown_route', `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`),
    ),
  );
}
