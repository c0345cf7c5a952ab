import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../db/unavailable.ts';
import { requestMetadata } from './envelope.ts';
import { AppError, badRequest, isAppError } from './errors.ts';
import { validationToAppError } from './validation-errors.ts';

/**
 * The one place errors become HTTP answers. Expected failures arrive as AppError; Fastify's own
 * errors (bad JSON, too large, wrong content type) are mapped to the same envelope; anything
 * else is a 500 that says nothing of internals and is logged with the request id.
 */

function fromFastify(error: FastifyError): AppError | null {
  if (error.validation) return validationToAppError(error.validation, error.validationContext);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The request body is not valid JSON, or it contains a forbidden __proto__ or constructor.prototype key.', { reason: 'malformed_json' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB.', { reason: 'body_too_large', expected: '<= 1048576 bytes' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return badRequest('Send the body as JSON with Content-Type: application/json.', {
        reason: 'unsupported_media_type',
        expected: 'application/json',
      });
    default:
      break;
  }
  // Other client errors from the framework (e.g. prototype poisoning in JSON, bad URL encoding).
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.', { reason: 'body_too_large' });
    return badRequest('The request could not be understood.', { reason: 'bad_request' });
  }
  return null;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // Errors raised before routing have no route config.
  const routeConfig = request.routeOptions.config as FastifyContextConfig | undefined;
  // decisions.md 5: every limit's 429 says when to come back.
  if (error.status === 429 && typeof error.details.retry_after_seconds === 'number') void reply.header('retry-after', String(error.details.retry_after_seconds));
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
      ? badRequest('A path parameter is too long.', { reason: 'param_too_long' })
      : badRequest('The request URL is not valid.', { reason: 'bad_url' });
  void sendError(request, reply, mapped);
}

/** What a 503 for an unreachable store asks the caller to wait, in seconds. */
const STORE_RETRY_AFTER_SECONDS = '1';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = isAppError(error) ? error : fromFastify(error);
    if (mapped !== null) {
      if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, mapped);
    }
    if (isStoreUnavailable(error)) {
      // The store is restarting or unreachable: the pool reconnects by itself, so ask to retry.
      request.log.warn({ err: error }, 'store unavailable');
      void reply.header('retry-after', STORE_RETRY_AFTER_SECONDS);
      return sendError(request, reply, new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable for a moment; retry shortly.', { reason: 'store_unavailable' }));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, new AppError('INTERNAL_ERROR', `Internal error. Quote request id ${request.id} when reporting it.`));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError('NOT_FOUND', `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`, { reason: 'unknown_route' }),
    ),
  );
}
