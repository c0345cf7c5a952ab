import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { App } from '../../src/http/types.ts';

/**
 * Checks real responses against the OpenAPI document the app serves, so the document cannot
 * drift from what the routes answer. Use it in any integration test:
 *
 *   const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
 *   assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, res);
 *
 * `url` may be the concrete URL that was called (ids, query string) or the route pattern
 * (`/bookings/:booking_id`). The assertion fails when the operation or the status is not
 * documented, when the body is not of a documented media type, or when it does not match the
 * schema (JSON Schema 2020-12, formats checked, `$ref`s into the document resolved).
 */

type JsonObject = Record<string, unknown>;

interface ResponseLike {
  statusCode: number;
  body: string;
  headers?: Record<string, unknown>;
}

interface Checker {
  doc: JsonObject;
  ajv: Ajv2020;
  paths: { template: string; pattern: RegExp; params: number }[];
  compiled: Map<string, ValidateFunction>;
}

const DOC_ID = 'urn:staydesk:openapi';
const checkers = new WeakMap<App, Checker>();

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** `#/components/...` inside an operation's schema becomes a reference into the registered document. */
function anchorRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchorRefs);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : anchorRefs(v);
  }
  return out;
}

function checkerFor(app: App): Checker {
  let checker = checkers.get(app);
  if (checker !== undefined) return checker;
  const doc = JSON.parse(JSON.stringify(app.swagger())) as JsonObject;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormatsModule.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID }, DOC_ID);
  const paths = Object.keys(isObject(doc.paths) ? doc.paths : {}).map((template) => ({
    template,
    pattern: templateRegExp(template),
    params: (template.match(/\{/g) ?? []).length,
  }));
  // A literal segment beats a parameter: /bookings/search before /bookings/{id}.
  paths.sort((a, b) => a.params - b.params);
  checker = { doc, ajv, paths, compiled: new Map() };
  checkers.set(app, checker);
  return checker;
}

function mediaTypeOf(headers: Record<string, unknown> | undefined): string {
  const raw = headers?.['content-type'];
  const value = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : '';
  return value.split(';')[0]?.trim().toLowerCase() ?? '';
}

function pickResponse(responses: JsonObject, status: number): { key: string; response: JsonObject } | null {
  for (const key of [String(status), `${String(status)[0] ?? ''}XX`, 'default']) {
    const response = responses[key];
    if (isObject(response)) return { key, response };
  }
  return null;
}

export function assertMatchesOpenApi(app: App, method: string, url: string, response: ResponseLike): void {
  const checker = checkerFor(app);
  const path = (url.split('?')[0] ?? '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const verb = method.toLowerCase();
  const paths = checker.doc.paths as JsonObject;
  const found =
    checker.paths.find((p) => p.template === path) ??
    checker.paths.find((p) => p.pattern.test(path) && isObject((paths[p.template] as JsonObject)[verb]));
  assert.ok(found !== undefined, `OpenAPI: no path matches ${method} ${url}`);
  const operation = (paths[found.template] as JsonObject)[verb];
  assert.ok(isObject(operation), `OpenAPI: ${found.template} has no ${method} operation`);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const picked = pickResponse(responses, response.statusCode);
  assert.ok(
    picked !== null,
    `OpenAPI: ${method} ${found.template} does not document status ${response.statusCode} (documented: ${Object.keys(responses).join(', ')}); body: ${response.body.slice(0, 300)}`,
  );
  const content = picked.response.content;
  if (!isObject(content) || Object.keys(content).length === 0) {
    // The document promises no body shape for this status; nothing more to check.
    return;
  }
  const mediaType = mediaTypeOf(response.headers) || 'application/json';
  const entry = content[mediaType];
  assert.ok(
    isObject(entry),
    `OpenAPI: ${method} ${found.template} ${picked.key} documents ${Object.keys(content).join(', ')}, but the response is ${mediaType}`,
  );
  if (!isObject(entry.schema)) return;
  if (!mediaType.includes('json')) return;

  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    assert.fail(
      `OpenAPI: ${method} ${url} answered ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 300)}`,
    );
  }
  const cacheKey = `${verb} ${found.template} ${picked.key} ${mediaType}`;
  let validate = checker.compiled.get(cacheKey);
  if (validate === undefined) {
    validate = checker.ajv.compile(anchorRefs(entry.schema) as JsonObject);
    checker.compiled.set(cacheKey, validate);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
    assert.fail(
      `OpenAPI: ${method} ${url} answered ${response.statusCode} with a body that does not match ${found.template} ${picked.key}:\n  ${problems.join('\n  ')}\nbody: ${response.body.slice(0, 500)}`,
    );
  }
}
