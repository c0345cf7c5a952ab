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
 * Messages are in a host's words ("Enter an e-mail address like name@example.com."), never the
 * validator's ('must match format "email"').
 */
export function fieldMessages(errors: Iterable<SchemaError>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const error of errors) {
    const path = error.instancePath.split('/').filter((p) => p !== '');
    const missing = missingField(error.params);
    if (error.keyword === 'required' && missing !== undefined) path.push(missing);
    const name = path.length === 0 ? '_form' : path.join('_');
    messages[name] ??= describe(error.keyword, error.params, path.at(-1) ?? '');
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

/** What a field expects, from its name, for the complaints that do not say it themselves. */
const EXPECTED_BY_NAME: readonly (readonly [RegExp, string])[] = [
  [/(^|_)(e)?mail$|^to$|^recipient$/, 'Enter an e-mail address like name@example.com.'],
  [/(^|_)(date|from|to|received_on)$/, 'Enter a date like 2027-07-03.'],
  [/_time$/, 'Enter a time like 15:00.'],
  [/^month$/, 'Enter a month like 2027-07.'],
  [/(^|_)url$/, 'Enter a web address like https://example.com/calendar.ics.'],
  [/^currency$/, 'Enter a three-letter currency code like EUR.'],
  [/^iban$/, 'Enter an IBAN like DE89 3704 0044 0532 0130 00.'],
  [/^bic$/, 'Enter a BIC of 8 or 11 letters and digits, like DEUTDEFF.'],
];

/** What a format or pattern asks for, in words. */
function expected(params: SchemaError['params'], field: string): string {
  const format = typeof params.format === 'string' ? params.format : '';
  const pattern = typeof params.pattern === 'string' ? params.pattern : '';
  if (format === 'email' || pattern.includes('@')) return 'Enter an e-mail address like name@example.com.';
  if (format === 'uri' || format === 'url') return 'Enter a web address like https://example.com/calendar.ics.';
  if (format === 'date' || /\{4\}-/.test(pattern)) return 'Enter a date like 2027-07-03.';
  if (format === 'time') return 'Enter a time like 15:00.';
  if (format === 'date-time') return 'Enter a date and time like 2027-07-03 15:00.';
  const byName = EXPECTED_BY_NAME.find(([name]) => name.test(field));
  if (byName !== undefined) return byName[1];
  if (/^\^\[0-9\]/.test(pattern)) return 'Enter digits only.';
  if (/^\^\[A-Za-z0-9_-\]/.test(pattern)) return 'Use only letters, digits, “-” and “_”, without spaces.';
  return 'Check this: it is not in the form expected here.';
}

/** A value of a fixed list, as a host reads it (`bank_transfer` is "bank transfer"). */
const choice = (value: string) => value.replace(/_/g, ' ');

function describe(keyword: string, params: SchemaError['params'], field: string): string {
  const limit = param(params, 'limit');
  switch (keyword) {
    case 'minLength':
      return limit === '1' ? 'This cannot be empty.' : `Use at least ${limit} characters.`;
    case 'maxLength':
      return `Use at most ${limit} characters.`;
    case 'minimum':
      return `Enter at least ${limit}.`;
    case 'maximum':
      return `Enter at most ${limit}.`;
    case 'exclusiveMinimum':
      return `Enter more than ${limit}.`;
    case 'exclusiveMaximum':
      return `Enter less than ${limit}.`;
    case 'multipleOf':
      return `Enter a multiple of ${param(params, 'multipleOf')}.`;
    case 'type': {
      const type = param(params, 'type');
      if (type === 'integer') return 'Enter a whole number, like 2.';
      if (type === 'number') return 'Enter a number, like 120.50.';
      return expected(params, field);
    }
    case 'enum': {
      const values = Array.isArray(params.allowedValues) ? (params.allowedValues as unknown[]) : [];
      return values.length === 0
        ? 'Choose one of the options offered.'
        : `Choose one of: ${values.map((v) => choice(String(v))).join(', ')}.`;
    }
    case 'format':
    case 'pattern':
      return expected(params, field);
    case 'required':
      return 'This is required.';
    case 'minItems':
      return `Choose at least ${limit}.`;
    case 'maxItems':
      return `Choose at most ${limit}.`;
    case 'uniqueItems':
      return 'Choose each one only once.';
    default:
      return expected(params, field);
  }
}

/** A field's label as the form shows it. */
export type Labels = Readonly<Record<string, string>>;

/**
 * The errors as a host reads them: a field named in a message by its API name (`"max_stay"`,
 * `max_stay`, `guest.email`) is named by its label instead (“Maximum stay (nights)”).
 */
export function forHost(errors: Readonly<Record<string, string>>, labels: Labels): Record<string, string> {
  const names = Object.keys(labels).sort((a, b) => b.length - a.length);
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    let text = message;
    // A message that begins with the field it is about: "url must be an absolute … URL."
    const own = labels[field];
    if (own !== undefined && text.startsWith(`${field} `)) text = `“${own}”${text.slice(field.length)}`;
    for (const name of names) {
      const label = `“${labels[name] ?? name}”`;
      const dotted = name.replace('_', '.');
      text = text.replaceAll(`"${name}"`, label);
      if (name.includes('_')) {
        text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), label);
        if (dotted !== name) text = text.replace(new RegExp(`\\b${dotted.replace('.', '\\.')}\\b`, 'g'), label);
      }
    }
    out[field] = text;
  }
  return out;
}

/** A number from a form field: empty is left out, text that is no number stays text (and fails the schema). */
export function numberField(raw: string | undefined): number | string | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}
