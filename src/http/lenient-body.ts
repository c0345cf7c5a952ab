import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * docs/decisions.md#lenient-input-exact-output: what v1 and webhook callers send to fields the
 * contract marks optional is read leniently before the route's schema checks it:
 * - an explicit `null` for an optional field means the field is absent (a field whose schema
 *   admits null keeps it, and a required field's null is still refused as missing);
 * - an e-mail address (a string field of format `email`) is trimmed.
 * Everything else is checked exactly as sent.
 */

interface ObjectSchema {
  type?: unknown;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
}
interface FieldSchema extends ObjectSchema {
  format?: unknown;
}

const admitsNull = (schema: FieldSchema): boolean =>
  schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));

/** Applies the rules above to `value` in place, as `schema` (a JSON Schema object) describes it. */
export function readLeniently(schema: ObjectSchema | undefined, value: unknown): void {
  // Objects nest only as deep as the schema does, so the walk is bounded by the schema.
  if (schema?.properties === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const fields = value as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(fields, name)) continue;
    const sent = fields[name];
    if (sent === null && !required.has(name) && !admitsNull(field)) Reflect.deleteProperty(fields, name);
    else if (typeof sent === 'string' && field.format === 'email') fields[name] = sent.trim();
    else readLeniently(field, sent);
  }
}

/** A preValidation hook: the body read leniently against the route's own body schema. */
export function lenientBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  readLeniently(request.routeOptions.schema?.body as ObjectSchema | undefined, request.body);
  done();
}
