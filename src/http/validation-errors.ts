import type { FastifySchemaValidationError } from 'fastify';
import { validationReason } from './error-reasons.ts';
import { badRequest, type AppError } from './errors.ts';
import { isSecretName } from './log-redaction.ts';

/**
 * Turns the schema validator's first complaint into the `details` of docs/api.md#errors
 * {parameter, expected, received, reason}. Ajv runs with `verbose: true`, so each error carries
 * the offending value (`data`) and its schema (`parentSchema`).
 */

interface VerboseError extends FastifySchemaValidationError {
  data?: unknown;
  parentSchema?: { properties?: Record<string, unknown>; [key: string]: unknown };
}

const MAX_ECHO = 100;

/**
 * Echo back what the caller sent, but never a secret (a field named like one: webhook and
 * payment secrets, payment tokens, passwords), nor any part of a string longer than MAX_ECHO,
 * nor an object: those are described by their type and length instead.
 */
export function echo(value: unknown, parameter = ''): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string')
    return value.length > MAX_ECHO || isSecretName(parameter.split('.').pop() ?? '')
      ? `string of ${value.length} characters`
      : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value)) return 'array';
  return 'object';
}

function pathOf(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.join('.');
}

function typeName(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'value';
  const s = schema as Record<string, unknown>;
  // A union of literals (a closed set of values) is named by its values, as a wrong value is.
  const values = constantsOf(s);
  if (values !== null) return values.join(', ');
  if (Array.isArray(s.enum)) return s.enum.map(String).join(', ');
  if (typeof s.type === 'string') {
    if (s.type === 'string' && typeof s.format === 'string') return `${s.format} string`;
    return s.type;
  }
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) return s.anyOf.map(typeName).join(' or ');
  return 'value';
}

function describeExpected(error: VerboseError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'type':
      return String(p.type);
    case 'minimum':
    case 'exclusiveMinimum':
      return `number >= ${String(p.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `number <= ${String(p.limit)}`;
    case 'minLength':
      return `string of at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `string of at most ${String(p.limit)} characters`;
    case 'pattern':
      return `string matching ${String(p.pattern)}`;
    case 'format':
      return `${String(p.format)} string`;
    case 'enum':
      return (p.allowedValues as unknown[]).map(String).join(', ');
    case 'const':
      return JSON.stringify(p.allowedValue);
    case 'additionalProperties':
      return 'no unknown properties';
    case 'minItems':
    case 'maxItems':
      return error.message ?? 'a valid array';
    default:
      return typeName(error.parentSchema);
  }
}

/** The values of an `anyOf` made only of constants (TypeBox's union of literals), or null. */
function constantsOf(schema: unknown): string[] | null {
  const anyOf = (schema as { anyOf?: unknown } | undefined)?.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length === 0) return null;
  const values: string[] = [];
  for (const branch of anyOf) {
    if (typeof branch !== 'object' || branch === null || !('const' in branch)) return null;
    values.push(String((branch as { const: unknown }).const));
  }
  return values;
}

/**
 * A value outside a union of literals fails every branch: the validator reports one `const`
 * error per branch and then the `anyOf`. Those become one error listing every allowed value.
 */
function enumFromAnyOf(errors: readonly VerboseError[]): VerboseError | null {
  const first = errors[0];
  if (first?.keyword !== 'const') return null;
  const union = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first.instancePath);
  const values = constantsOf(union?.parentSchema);
  if (union === undefined || values === null) return null;
  return { ...union, keyword: 'enum', params: { allowedValues: values } };
}

/**
 * A query-string integer with a range (a list's `limit`: query-integers.ts) outside it is
 * `out_of_range`, naming the whole range; null for any other error.
 */
function queryRange(error: VerboseError, part: string | undefined): string | null {
  if (part !== 'querystring' || (error.keyword !== 'minimum' && error.keyword !== 'maximum')) return null;
  const schema = error.parentSchema ?? {};
  const { minimum, maximum } = schema;
  if (schema.type !== 'integer' || typeof minimum !== 'number' || typeof maximum !== 'number') return null;
  return `an integer from ${String(minimum)} to ${String(maximum)}`;
}

export function validationToAppError(
  errors: readonly FastifySchemaValidationError[],
  part: string | undefined,
): AppError {
  const error: VerboseError | undefined = enumFromAnyOf(errors) ?? errors[0];
  if (error === undefined) return badRequest('invalid', 'The request is not valid.');
  const where = part === 'querystring' ? 'query string' : part === 'params' ? 'path' : 'body';
  const p = error.params;

  if (error.keyword === 'required') {
    const missing = String(p.missingProperty);
    const parameter = pathOf(error.instancePath, missing);
    const properties = error.parentSchema?.properties;
    return badRequest('missing', `Missing required parameter "${parameter}" in the ${where}.`, {
      parameter,
      expected: typeName(properties?.[missing]),
      received: null,
    });
  }
  if (error.keyword === 'additionalProperties') {
    const parameter = pathOf(error.instancePath, String(p.additionalProperty));
    return badRequest('unknown_parameter', `Unknown parameter "${parameter}" in the ${where}.`, {
      parameter,
      expected: 'no such parameter',
      received: parameter,
    });
  }
  const parameter = pathOf(error.instancePath) || where;
  const range = queryRange(error, part);
  if (range !== null)
    return badRequest('out_of_range', `Invalid parameter "${parameter}": expected ${range}.`, {
      parameter,
      expected: range,
      received: echo(error.data, parameter),
    });
  const expected = describeExpected(error);
  return badRequest(validationReason(error.keyword), `Invalid parameter "${parameter}": expected ${expected}.`, {
    parameter,
    expected,
    received: echo(error.data, parameter),
  });
}
