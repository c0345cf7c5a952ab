import { createHash } from 'node:crypto';
import { ERROR_REASONS, ERROR_REASON_NAMES } from './error-reasons.ts';
import { operationErrors, type OperationFacts } from './openapi-errors.ts';
import { OPERATION_NAMES, REQUEST_BODY_DOCS } from './openapi-operations.ts';
import type { RouteAuth } from './types.ts';

/**
 * Reshapes the document @fastify/swagger builds from the route schemas into one that client
 * generators read well, in one place so that no route has to repeat it (docs/api.md#openapi):
 * - every operation gets an `operationId` (a fixed name for the partner routes, else one made of
 *   its method and path), integer path ids are typed as integers;
 * - error answers list the statuses and `details.reason` values that route can give
 *   (openapi-errors.ts) instead of one shared list, and every answer documents its headers;
 * - request and answer bodies, and every schema used more than once, become named schemas in
 *   `components` referenced by `$ref`, which keeps the document small;
 * - request examples and the payment webhook's body (read raw, so it has no route schema).
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export interface RouteFacts {
  auth: RouteAuth;
  rateLimited: boolean;
}

const HEADERS: Json = {
  'X-Request-Id': {
    description: 'The request id: the one the caller sent (1–64 of A-Z a-z 0-9 . _ : -), else a new UUID.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the minute is over.', schema: { type: 'integer' } },
  'Retry-After': {
    description:
      'Seconds to wait before retrying. A `draft_limit` 429 gives the time until a held draft expires: ' +
      'free a draft (cancel or pay it) instead of waiting.',
    schema: { type: 'integer' },
  },
  'Idempotent-Replayed': {
    description:
      'Sent as `true` when the answer is the stored first answer to this idempotency_key (nothing was created).',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** `/bookings/:id` schemas of a string of digits are ids; generators should type them as integers. */
function integerIds(operation: Json): void {
  for (const param of Array.isArray(operation.parameters) ? operation.parameters : []) {
    if (!isObject(param) || param.in !== 'path' || !isObject(param.schema)) continue;
    if (param.schema.pattern === '^[0-9]+$') param.schema = { type: 'integer', minimum: 0 };
  }
}

function operationId(method: string, path: string, slug: string): string {
  const key = `${method.toUpperCase()} ${path.replace(`/api/v1/${slug}/`, '/v1/').replace(`/${slug}/`, '/')}`;
  const named = OPERATION_NAMES[key];
  if (named !== undefined) return named;
  const verb = { get: 'get', post: 'create', put: 'set', patch: 'update', delete: 'delete' }[method] ?? method;
  const words = path
    .replace(`/api/v1/${slug}/`, '/v1/')
    .replace(`/${slug}/`, '/')
    .replace('/admin/api/', '/admin/')
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'))
    .map((s) => pascal(s.replace('.csv', ' csv').replace('.ics', '')));
  const name = `${verb}${words.join('')}`;
  return /\{[^}]+\}$/.test(path) || method !== 'get' ? name : name.replace(/^get/, 'list');
}

function errorResponse(status: number, reasons: readonly string[], declared: unknown, headers: string[]): Json {
  const base = isObject(declared) && !isGenericError(declared) ? declared : ref('schemas', 'ErrorEnvelope');
  const schema =
    reasons.length === 0
      ? base
      : {
          allOf: [
            base,
            {
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: {
                    details: { type: 'object', required: ['reason'], properties: { reason: { enum: reasons } } },
                  },
                },
              },
            },
          ],
        };
  const description = STATUS_TEXT[status] ?? 'Error';
  return {
    description,
    headers: Object.fromEntries(headers.map((h) => [h, ref('headers', h)])),
    content: { 'application/json': { schema } },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: details.reason says what to change',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  408: 'The request did not all arrive in time (the connection is closed)',
  409: 'Conflict',
  413: 'Payload too large',
  431: 'Request headers too large (the connection is closed)',
  429: 'Too many requests: wait Retry-After seconds (except draft_limit: free a draft)',
  500: 'Internal error (the request id is logged)',
  503: 'Unavailable for a moment: retry after Retry-After seconds',
};
const STATUS_NAME: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  408: 'RequestTimeout',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  431: 'HeadersTooLarge',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'Unavailable',
};

/** Error answers that several operations share become `components.responses`. */
function shareResponses(paths: Json, components: Json): void {
  const all: { responses: Json; status: string; h: string }[] = [];
  const counts = new Map<string, number>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      const responses = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
      for (const status of Object.keys(responses)) {
        if (Number(status) < 400) continue;
        const h = hash(responses[status]);
        all.push({ responses, status, h });
        counts.set(h, (counts.get(h) ?? 0) + 1);
      }
    }
  }
  const shared = (components.responses ??= {}) as Json;
  const names = new Map<string, string>();
  for (const { responses, status, h } of all) {
    if ((counts.get(h) ?? 0) < 2) continue;
    let name = names.get(h);
    if (name === undefined) {
      const base = STATUS_NAME[Number(status)] ?? `Status${status}`;
      name = base;
      for (let i = 2; name in shared; i++) name = `${base}${i}`;
      names.set(h, name);
      shared[name] = responses[status];
    }
    responses[status] = ref('responses', name);
  }
}

let genericErrorHash: string | undefined;
function isGenericError(schema: Json): boolean {
  return hash(schema) === genericErrorHash;
}

/**
 * As @fastify/swagger writes a schema: `const: x` becomes `enum: [x]`, and `patternProperties`
 * (a record's) `additionalProperties` of its first pattern's schema.
 */
function asSwaggerWrites(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSwaggerWrites);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === 'const') return ['enum', [v]];
      if (k === 'patternProperties' && isObject(v))
        return ['additionalProperties', asSwaggerWrites(Object.values(v)[0])];
      return [k, asSwaggerWrites(v)];
    }),
  );
}

function reasonRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reasonRefs);
  if (!isObject(value)) return value;
  if (Array.isArray(value.enum) && value.enum.length === ERROR_REASON_NAMES.length)
    return ref('schemas', 'ErrorReason');
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reasonRefs(v)]));
}

function hash(value: unknown): string {
  return createHash('sha1').update(canonical(value)).digest('base64');
}
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function reshapeOperation(
  method: string,
  path: string,
  operation: Json,
  facts: OperationFacts,
  named: Map<string, Json>,
  examples: Readonly<Record<string, unknown>>,
): void {
  const id = String(operation.operationId);
  integerIds(operation);
  // A route anyone may call says so: no credential (an invoice's or calendar's token is its URL).
  if (operation.security === undefined && facts.auth === 'public') operation.security = [];
  const responses = isObject(operation.responses) ? operation.responses : {};
  const declared = new Map<number, unknown>();
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) continue;
    const schema = isObject(response) ? (response.content as Json | undefined) : undefined;
    declared.set(Number(status), (schema?.['application/json'] as Json | undefined)?.schema);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- rebuilt below from the route's facts
    delete responses[status];
  }
  const rateHeaders = facts.rateLimited ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] : [];
  for (const [status, reasons] of operationErrors(facts)) {
    const headers = ['X-Request-Id', ...(status === 429 || status === 503 ? ['Retry-After'] : []), ...rateHeaders];
    responses[String(status)] = errorResponse(status, reasons, declared.get(status), headers);
  }
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400 || !isObject(response)) continue;
    const replay = id === 'createBooking' ? ['Idempotent-Replayed'] : [];
    response.headers = Object.fromEntries(
      ['X-Request-Id', ...rateHeaders, ...replay].map((h) => [h, ref('headers', h)]),
    );
    const json = isObject(response.content) ? (response.content['application/json'] as Json | undefined) : undefined;
    if (isObject(json?.schema) && json.schema.$ref === undefined) {
      named.set(`${pascal(id)}Response`, json.schema);
      json.schema = ref('schemas', `${pascal(id)}Response`);
    }
  }
  const body = isObject(operation.requestBody) ? operation.requestBody : undefined;
  const doc = REQUEST_BODY_DOCS[id];
  // A copy: the schema in it is replaced by a reference below, and every document starts from the same.
  if (doc !== undefined) operation.requestBody = { ...(body ?? {}), ...structuredClone(doc) };
  const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
  const json = isObject(content) ? (content['application/json'] as Json | undefined) : undefined;
  if (json !== undefined && isObject(json.schema) && json.schema.$ref === undefined) {
    named.set(`${pascal(id)}Request`, json.schema);
    json.schema = ref('schemas', `${pascal(id)}Request`);
  }
  const example = examples[id];
  if (json !== undefined && example !== undefined) json.example = example;
}

/** Replaces every subtree equal to a named schema, or repeated and large, by a `$ref`. */
function hoist(document: Json, schemas: Json, named: Map<string, Json>): void {
  const byHash = new Map<string, string>();
  for (const [name, schema] of named) {
    const h = hash(schema);
    if (!byHash.has(h)) byHash.set(h, name);
    schemas[name] = schema;
  }
  // Count large subtrees to find the repeated ones; name each after the property that holds it.
  const counts = new Map<string, { n: number; name: string }>();
  // The per-route `details.reason` overlays (allOf) stay with their response.
  const count = (node: unknown, key: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n) => {
        count(n, key);
      });
      return;
    }
    if (!isObject(node)) return;
    if (('type' in node || 'anyOf' in node) && canonical(node).length > 160) {
      const h = hash(node);
      const seen = counts.get(h);
      counts.set(h, { n: (seen?.n ?? 0) + 1, name: seen?.name ?? pascal(key) });
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'allOf') count(v, k === 'items' ? `${key} item` : k);
  };
  count(schemas, 'Schema');
  count(document.paths, 'Schema');
  const used = new Set(Object.keys(schemas));
  for (const [h, { n, name }] of counts) {
    if (n < 2 || byHash.has(h)) continue;
    let unique = name === '' || /^\d/.test(name) ? 'Schema' : name;
    for (let i = 2; used.has(unique); i++) unique = `${name}${i}`;
    used.add(unique);
    byHash.set(h, unique);
  }
  const replace = (node: unknown, self: string | null): unknown => {
    if (Array.isArray(node)) return node.map((n) => replace(n, null));
    if (!isObject(node)) return node;
    if (self === null && ('type' in node || 'anyOf' in node || 'allOf' in node)) {
      const name = byHash.get(hash(node));
      if (name !== undefined) {
        schemas[name] ??= node;
        return ref('schemas', name);
      }
      // A named schema or null (`type: [t, 'null']`, src/http/nullable.ts): the name, or null.
      const nullable = Array.isArray(node.type) && node.type.length === 2 && node.type[1] === 'null';
      const orNull = nullable ? byHash.get(hash({ ...node, type: (node.type as unknown[])[0] })) : undefined;
      if (orNull !== undefined) return { anyOf: [ref('schemas', orNull), { type: 'null' }] };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v, null)]));
  };
  // Components first, each named schema keeping its own body; new ones may be added on the way.
  for (let done = new Set<string>(), pending = Object.keys(schemas); pending.length > 0;) {
    for (const name of pending) {
      done.add(name);
      schemas[name] = replace(schemas[name], name);
    }
    pending = Object.keys(schemas).filter((n) => !done.has(n));
  }
  document.paths = replace(document.paths, null);
}

export function reshapeDocument(
  document: Json,
  context: {
    slug: string;
    routes: ReadonlyMap<string, RouteFacts>;
    named: Readonly<Record<string, unknown>>;
    examples: Readonly<Record<string, unknown>>;
  },
): Json {
  const components = isObject(document.components) ? document.components : (document.components = {});
  const schemas = (components.schemas ??= {}) as Json;
  components.headers = HEADERS;
  const named = new Map<string, Json>(
    Object.entries(context.named).map(([name, schema]) => [
      name,
      asSwaggerWrites(JSON.parse(JSON.stringify(schema))) as Json,
    ]),
  );
  const errorEnvelope = named.get('ErrorEnvelope');
  genericErrorHash = errorEnvelope === undefined ? undefined : hash(errorEnvelope);
  // The closed table of reasons, once, with what each means.
  named.set('ErrorReason', {
    type: 'string',
    enum: ERROR_REASON_NAMES,
    description: ERROR_REASON_NAMES.map((r) => `${r}: ${ERROR_REASONS[r].meaning}`).join('\n'),
  });
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      operation.operationId ??= operationId(method, path, context.slug);
      const route = context.routes.get(`${method.toUpperCase()} ${path}`);
      const parameters = Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : [];
      reshapeOperation(
        method,
        path,
        operation,
        {
          method: method.toUpperCase(),
          path,
          slug: context.slug,
          auth: route?.auth ?? 'public',
          rateLimited: route?.rateLimited ?? false,
          hasBody:
            operation.requestBody !== undefined || REQUEST_BODY_DOCS[String(operation.operationId)] !== undefined,
          hasParams: parameters.some((p) => p.in === 'path'),
          hasQuery: parameters.some((p) => p.in === 'query'),
        },
        named,
        context.examples,
      );
    }
  }
  // Every `details.reason` of the whole table points at it.
  document.paths = reasonRefs(document.paths);
  for (const [name, schema] of named) if (name !== 'ErrorReason') named.set(name, reasonRefs(schema) as Json);
  hoist(document, schemas, named);
  shareResponses(document.paths as Json, components);
  return document;
}
