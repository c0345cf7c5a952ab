import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * docs/decisions.md#lenient-input-exact-output: what v1 and webhook callers send to fields the
 * contract marks optional is read leniently before the route's schema checks it:
 * - an explicit `null` for an optional field means the field is absent (a field whose schema
 *   admits null keeps it, and a required field's null is still refused as missing);
 * - an e-mail address (a string field of format `email`) is trimmed.
 * Everything else is checked exactly as sent.
 */

export interface ObjectSchema {
  type?: unknown;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
}
interface FieldSchema extends ObjectSchema {
  format?: unknown;
}

const admitsNull = (schema: FieldSchema): boolean =>
  schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));

/** What a lenient read does to one object: its rules compiled once per schema (not per request). */
type LenientRead = (value: unknown) => void;

interface FieldRule {
  name: string;
  /** An explicit null is dropped: the field is optional and its schema does not admit null. */
  dropsNull: boolean;
  trims: boolean;
  inner: LenientRead | null;
}

const compiled = new WeakMap<object, LenientRead | null>();

/**
 * The rules above for one schema, as a function applied to a value in place; null when the
 * schema has no properties (nothing to read leniently). Compiled once per schema object.
 */
export function compileLenient(schema: ObjectSchema | undefined): LenientRead | null {
  if (schema === undefined) return null;
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  // Objects nest only as deep as the schema does, so the walk is bounded by the schema.
  const properties = schema.properties;
  let read: LenientRead | null = null;
  if (properties !== undefined) {
    const required = new Set(schema.required ?? []);
    const rules = new Map<string, FieldRule>(
      Object.entries(properties).map(([name, field]) => [
        name,
        {
          name,
          dropsNull: !required.has(name) && !admitsNull(field),
          trims: field.format === 'email',
          inner: compileLenient(field),
        },
      ]),
    );
    const trimsAny = [...rules.values()].some((rule) => rule.trims);
    // Walks the fields sent, not the schema's: most are numbers, booleans or strings with no
    // rule, passed over without a lookup (this runs on every v1 request).
    read = (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const fields = value as Record<string, unknown>;
      for (const name in fields) {
        const sent = fields[name];
        if (typeof sent === 'string' ? !trimsAny : typeof sent !== 'object') continue;
        const rule = rules.get(name);
        if (rule === undefined || !Object.hasOwn(fields, name)) continue;
        if (sent === null && rule.dropsNull) Reflect.deleteProperty(fields, name);
        else if (typeof sent === 'string' && rule.trims) fields[name] = sent.trim();
        else if (rule.inner !== null) rule.inner(sent);
      }
    };
  }
  compiled.set(schema, read);
  return read;
}

/** Applies the rules above to `value` in place, as `schema` (a JSON Schema object) describes it. */
export function readLeniently(schema: ObjectSchema | undefined, value: unknown): void {
  compileLenient(schema)?.(value);
}

/** A preValidation hook: the body read leniently against the route's own body schema. */
export function lenientBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  readLeniently(request.routeOptions.schema?.body as ObjectSchema | undefined, request.body);
  done();
}
