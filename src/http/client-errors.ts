import { randomUUID } from 'node:crypto';
// Not `import http from 'node:http'`: an ESM import of node:http builds its namespace, which
// loads Node's fetch implementation (undici, about 14 MB) through the WebSocket getters.
const { STATUS_CODES } = process.getBuiltinModule('node:http');
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { API_VERSION } from './envelope.ts';
import type { ErrorReason } from './error-reasons.ts';
import type { ErrorName } from './errors.ts';

/**
 * Answers that Node's HTTP layer gives before Fastify sees a request (headers too large, a
 * malformed request line or chunked body, a request that did not arrive in time), in the same
 * error envelope as every other answer (docs/api.md#errors). The status stays the one HTTP defines
 * (408, 431, 400); the name is the closest of the closed set (docs/decisions.md#requests-and-errors).
 */

interface ClientErrorAnswer {
  status: number;
  name: ErrorName;
  message: string;
  reason: ErrorReason;
}

function answerFor(code: string | undefined): ClientErrorAnswer {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      name: 'BAD_REQUEST',
      message: 'The request did not arrive in time: send the headers and the whole body within the request timeout.',
      reason: 'request_timeout',
    };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      name: 'PAYLOAD_TOO_LARGE',
      message: 'The request headers are too large.',
      reason: 'headers_too_large',
    };
  }
  return {
    status: 400,
    name: 'BAD_REQUEST',
    message: 'The request could not be parsed as HTTP/1.1 (request line, headers or chunked body).',
    reason: 'malformed_http',
  };
}

/** The raw bytes of a JSON error answer on a connection Fastify never routed. */
export function clientErrorResponse(code: string | undefined, requestId: string = randomUUID()): string {
  const answer = answerFor(code);
  const body = JSON.stringify({
    success: false,
    error: { code: answer.status, name: answer.name, message: answer.message, details: { reason: answer.reason } },
    metadata: { api_version: API_VERSION, timestamp: new Date().toISOString(), request_id: requestId },
  });
  return [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** For Fastify's `clientErrorHandler` option: answer on the raw socket, then close it. */
export function clientErrorHandler(log: FastifyBaseLogger, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  log.debug({ err: { code: error.code, message: error.message } }, 'client error');
  // As Node's own handler does: no answer when the request in flight has already begun its
  // own (a key refused before its malformed body was read), so the client never gets two.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && inFlight?.headersSent !== true) socket.write(clientErrorResponse(error.code));
  socket.destroy(error);
}
