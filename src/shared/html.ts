/**
 * The one way to write HTML, for the console's pages and the mails alike: a tagged template that
 * escapes every interpolated value (`&`, `<`, `>`, `"` and `'`). Only an `Html` value (made by
 * `html` itself or by `attributes`) passes through unescaped, so a guest's name or a feed's error
 * text can never become markup, in a page or in a mail.
 */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export type Renderable = Html | string | number | null | undefined | false | readonly Renderable[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

function escapeHtml(text: string): string {
  // Most values hold nothing to escape: one test instead of a replacement pass.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c) : text;
}

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return (value as readonly Renderable[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

export type AttributeValue = string | number | boolean | null | undefined;

/**
 * Attributes written from an object, each with a leading space: `name="value"` for a string or a
 * number (escaped like every value), the bare name for `true`, nothing for `false`, `null` or
 * `undefined`. `<option${attributes({ value: id, selected: id === chosen })}>` reads as the
 * element it makes. The names are the code's own, never data.
 */
export function attributes(values: Readonly<Record<string, AttributeValue>>): Html {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === true) out += ` ${name}`;
    else if (value !== false && value !== null && value !== undefined) out += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return new Html(out);
}
