import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** The error body of docs/api.md#errors. */
export interface ErrorEnvelope {
  success: false;
  error: { code: number; name: string; message: string; details: Record<string, unknown> };
  metadata: { api_version: string; timestamp: string; request_id: string };
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** True for an ISO 8601 UTC timestamp that round-trips through Date (so "2027-02-30T…" fails). */
export function isIsoTimestamp(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    ISO_UTC.test(value) &&
    new Date(value).toISOString().slice(0, 19) === value.slice(0, 19)
  );
}

/**
 * Asserts the exact error envelope: `{success: false, error: {code, name, message, details},
 * metadata: {api_version: '1.0', timestamp, request_id}}` with code = HTTP status, JSON content
 * type, and request_id = the x-request-id response header. Extra top-level fields are allowed
 * only when named in `extraFields` (e.g. webhooks' `updated`). Returns the parsed body.
 */
export function assertErrorEnvelope(
  res: LightMyRequestResponse,
  status: number,
  name: string,
  options: { extraFields?: string[] } = {},
): ErrorEnvelope {
  assert.equal(res.statusCode, status, `expected ${status} ${name}, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json<ErrorEnvelope>();
  assert.deepEqual(Object.keys(body).sort(), ['error', 'metadata', 'success', ...(options.extraFields ?? [])].sort());
  assert.equal(body.success, false);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'details', 'message', 'name']);
  assert.equal(body.error.code, status);
  assert.equal(body.error.name, name);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0, 'the message says something');
  assert.ok(
    typeof body.error.details === 'object' && body.error.details !== null && !Array.isArray(body.error.details),
    'details is an object',
  );
  assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'request_id', 'timestamp']);
  assert.equal(body.metadata.api_version, '1.0');
  assert.ok(isIsoTimestamp(body.metadata.timestamp), `metadata.timestamp ${body.metadata.timestamp}`);
  assert.equal(typeof body.metadata.request_id, 'string');
  assert.equal(body.metadata.request_id, res.headers['x-request-id'], 'metadata.request_id is the x-request-id header');
  return body;
}

const NAME_OF: Record<number, string> = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 409: 'CONFLICT' };

/** An error envelope with this status and `details.reason`. */
export function assertRefused(res: LightMyRequestResponse, status: 400 | 404 | 409, reason: string): ErrorEnvelope {
  const body = assertErrorEnvelope(res, status, NAME_OF[status] ?? '');
  assert.equal(body.error.details.reason, reason, res.body);
  return body;
}
