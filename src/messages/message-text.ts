import type { Liquid } from 'liquidjs';
import { badRequest } from '../http/errors.ts';
import { guestLanguageOf, type GuestLanguage } from '../shared/guest-language.ts';
import { html } from '../shared/html.ts';

/**
 * A guest message's text: Liquid templates (liquidjs, strict variables and filters, no file
 * access, bounded parse and render) over the variables below, checked when a template is saved
 * and rendered when a message is due or previewed. Templates are plain text: the HTML part is
 * the rendered text, every character escaped, its blank lines made paragraphs.
 */

/** The variables a template may use, with what each says (docs/messages.md lists the same). */
export const MESSAGE_VARIABLES = {
  'guest.first_name': "the guest's first name",
  'guest.last_name': "the guest's last name",
  'stay.checkin_date': 'the check-in date, written for the language',
  'stay.checkout_date': 'the check-out date, written for the language',
  'stay.checkin_time': "the home's check-in time, HH:MM",
  'stay.checkout_time': "the home's check-out time, HH:MM",
  'stay.nights': 'the number of nights',
  'accommodation.name': "the home's name",
  'accommodation.address': "the home's address",
  'accommodation.arrival_instructions': "the home's arrival instructions",
  'accommodation.door_code': "the home's door code",
  'accommodation.wifi_name': "the home's Wi-Fi network",
  'accommodation.wifi_password': "the home's Wi-Fi password",
  'booking.confirmation_code': "the booking's confirmation code",
  'payment.total': "the booking's total, written for the language",
  'payment.balance': 'what is left to pay, written for the language',
  'host.name': "the host's business name (settings), else the home's name",
  guest_page_url: "the address of the guest's own page (docs/guest-page.md)",
} as const;

/** The values of one booking's message, already written for its language. */
export type MessageValues = Readonly<
  Record<
    'guest' | 'stay' | 'accommodation' | 'booking' | 'payment' | 'host',
    Record<string, string | number | null>
  > & {
    guest_page_url: string;
  }
>;

export interface MessageTexts {
  subject: Partial<Record<GuestLanguage, string>>;
  body: Partial<Record<GuestLanguage, string>>;
}

export interface RenderedMessage {
  language: GuestLanguage;
  subject: string;
  text: string;
  html: string;
}

let loaded: Promise<Liquid> | null = null;

/** The engine, loaded with the first template (start-up never pays for it). */
function engine(): Promise<Liquid> {
  return (loaded ??= import('liquidjs').then(
    ({ Liquid }) =>
      new Liquid({
        strictVariables: true,
        strictFilters: true,
        ownPropertyOnly: true,
        // No file system: `include`, `render` and `layout` find nothing.
        templates: {},
        parseLimit: 100_000,
        renderLimit: 1_000,
        memoryLimit: 10_000_000,
      }),
  ));
}

/** Checks one text of a template: valid Liquid using known variables only, else a 400 naming the field and variable. */
export async function checkMessageText(text: string, parameter: string): Promise<void> {
  const liquid = await engine();
  let used: string[];
  try {
    used = liquid.globalFullVariablesSync(liquid.parse(text));
  } catch (error) {
    throw badRequest('invalid_template', `${parameter} is not a valid template: ${firstLine(error)}`, {
      parameter,
      expected: 'text with {{ variables }} (docs/messages.md)',
      received: text,
    });
  }
  for (const variable of used) {
    if (!Object.hasOwn(MESSAGE_VARIABLES, variable)) {
      throw badRequest('unknown_variable', `${parameter} uses {{${variable}}}, which is not a message variable.`, {
        parameter,
        expected: Object.keys(MESSAGE_VARIABLES).join(', '),
        received: variable,
      });
    }
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * The language a message is written in: the booking's, else the home's, else the first one the
 * template has, each only if the template has it.
 */
export function messageLanguage(
  texts: MessageTexts,
  bookingLanguage: string | null,
  homeLanguage: string | null,
): GuestLanguage {
  const has = (l: GuestLanguage | null): l is GuestLanguage =>
    l !== null && texts.subject[l] !== undefined && texts.body[l] !== undefined;
  const booking = guestLanguageOf(bookingLanguage);
  if (has(booking)) return booking;
  const home = guestLanguageOf(homeLanguage);
  if (has(home)) return home;
  const first = (Object.keys(texts.body) as GuestLanguage[]).find((l) => has(l));
  if (first === undefined) throw new Error('a template without a language');
  return first;
}

/** Renders a template in `language` with a booking's values. Throws when the template cannot be rendered. */
export async function renderMessage(
  texts: MessageTexts,
  language: GuestLanguage,
  values: MessageValues,
): Promise<RenderedMessage> {
  const liquid = await engine();
  const subjectText = texts.subject[language] ?? '';
  const bodyText = texts.body[language] ?? '';
  const subject = (await liquid.parseAndRender(subjectText, values)) as string;
  const text = (await liquid.parseAndRender(bodyText, values)) as string;
  const paragraphs = text
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const lines = p.split('\n');
      return html`<p>${lines.map((line, i) => (i === 0 ? html`${line}` : html`<br>\n${line}`))}</p>\n`;
    });
  const page = html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${subject}</title></head>
<body>
${paragraphs}</body></html>
`;
  // A subject is one line.
  return { language, subject: subject.replace(/\s+/g, ' ').trim(), text, html: page.toString() };
}
