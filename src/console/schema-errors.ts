import type { TSchema } from 'typebox';

/**
 * Checks form input against the same TypeBox schema the admin API validates with, so the console
 * keeps no second copy of the rules. Returns one message per field (the last path segment names
 * the form field), or null when the input is valid. typebox/value (about 300 modules) is loaded by
 * the first form checked, not at start.
 */
export async function schemaErrors(schema: TSchema, value: unknown): Promise<Record<string, string> | null> {
  const { Value } = await import('typebox/value');
  const errors: Record<string, string> = {};
  for (const error of Value.Errors(schema, value)) {
    const path = error.instancePath.split('/').filter((p) => p !== '');
    const name = path.length === 0 ? '_form' : path.join('_');
    errors[name] ??= describe(error.keyword, error.message, error.params);
  }
  return Object.keys(errors).length === 0 ? null : errors;
}

function describe(keyword: string, message: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'minLength':
      return params.limit === 1 ? 'This cannot be empty.' : `Use at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `Use at most ${String(params.limit)} characters.`;
    case 'minimum':
      return `Enter at least ${String(params.limit)}.`;
    case 'maximum':
      return `Enter at most ${String(params.limit)}.`;
    case 'type':
      return params.type === 'integer'
        ? 'Enter a whole number.'
        : params.type === 'number'
          ? 'Enter a number.'
          : `This ${message}.`;
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
