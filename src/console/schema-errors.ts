import type { Static, TSchema } from 'typebox';

/** One complaint of a schema validator: TypeBox's `Value.Errors` and Fastify's Ajv give the same shape. */
interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Readonly<Record<string, unknown>>;
}

/** A form read into a request: its value, typed by the schema that checked it, or one message per field. */
type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/**
 * Checks form input against the same TypeBox schema the admin API validates with, so the console
 * keeps no second copy of the rules: the input, typed by that schema, or one message per field.
 * typebox/value (about 300 modules) is loaded by the first form checked, not at start.
 */
export async function checkForm<const Schema extends TSchema>(
  schema: Schema,
  input: unknown,
): Promise<Checked<Static<Schema>>> {
  const { Value } = await import('typebox/value');
  if (Value.Check(schema, input)) return { ok: true, value: input };
  const errors = fieldMessages(Value.Errors(schema, input));
  return { ok: false, errors: Object.keys(errors).length > 0 ? errors : { _form: 'This form is not valid.' } };
}

/**
 * One message per form field, the field named as the form names it: the path's segments joined
 * with `_` (`extras/breakfast` is the field `extras_breakfast`), `_form` for the input as a whole.
 */
export function fieldMessages(errors: Iterable<SchemaError>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const error of errors) {
    const path = error.instancePath.split('/').filter((p) => p !== '');
    const missing = missingField(error.params);
    if (error.keyword === 'required' && missing !== undefined) path.push(missing);
    const name = path.length === 0 ? '_form' : path.join('_');
    messages[name] ??= describe(error.keyword, error.message ?? 'is not valid', error.params);
  }
  return messages;
}

/** The field a `required` complaint names: Ajv's `missingProperty`, TypeBox's first `requiredProperties`. */
function missingField(params: SchemaError['params']): string | undefined {
  const required: unknown = params.requiredProperties;
  const missing = params.missingProperty ?? (Array.isArray(required) ? (required as unknown[])[0] : undefined);
  return typeof missing === 'string' ? missing : undefined;
}

function param(params: SchemaError['params'], name: string): string {
  const value = params[name];
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

function describe(keyword: string, message: string, params: SchemaError['params']): string {
  switch (keyword) {
    case 'minLength':
      return param(params, 'limit') === '1'
        ? 'This cannot be empty.'
        : `Use at least ${param(params, 'limit')} characters.`;
    case 'maxLength':
      return `Use at most ${param(params, 'limit')} characters.`;
    case 'minimum':
      return `Enter at least ${param(params, 'limit')}.`;
    case 'maximum':
      return `Enter at most ${param(params, 'limit')}.`;
    case 'type': {
      const type = param(params, 'type');
      return type === 'integer' ? 'Enter a whole number.' : type === 'number' ? 'Enter a number.' : `This ${message}.`;
    }
    case 'enum':
      return `Choose one of: ${param(params, 'allowedValues')}.`;
    case 'pattern':
      return 'This is not in the expected form.';
    case 'required':
      return 'This is required.';
    default:
      return `This ${message}.`;
  }
}

/** A number from a form field: empty is left out, text that is no number stays text (and fails the schema). */
export function numberField(raw: string | undefined): number | string | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}
