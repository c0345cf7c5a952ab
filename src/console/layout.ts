import type { MailHealth } from '../mail/mail-health.ts';
import { attributes, html, type AttributeValue, type Html, type Renderable } from '../shared/html.ts';
import { NAVIGATION, type Section } from './console-pages.ts';
import type { Flash } from './flash.ts';
import type { ConsoleRole } from '../db/schema.ts';
import { may } from '../users/permissions.ts';

export interface PageChrome {
  title: string;
  section: Section | null;
  /** The signed-in user and the session's CSRF token (for the sign-out form); null on the sign-in page. */
  user: { login: string; csrf: string; role: ConsoleRole } | null;
  locale: string;
  /** Whether mail goes out; a banner says so on every page when it does not. */
  mail?: MailHealth | null;
  /** What the change that redirected here had to say (flash.ts). */
  flash?: Flash | null;
}

/** The document around every console page: skip link, navigation, main landmark. */
export function page(chrome: PageChrome, body: Renderable): Html {
  const lang = chrome.locale.split('-')[0] ?? 'en';
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${chrome.title} · Staydesk</title>
<link rel="icon" href="/admin/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/admin/assets/console.css">
<script src="/admin/assets/console.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<span class="brand">Staydesk</span>
${chrome.user === null ? '' : navigation(chrome.section, chrome.user)}
</header>
${chrome.user === null || !may(chrome.user.role, 'messages') ? '' : mailBanner(chrome.mail ?? null, chrome.user.csrf)}
<main id="main" tabindex="-1">
<h1>${chrome.title}</h1>
${flashMessages(chrome.flash ?? null)}
${body}
</main>
</body>
</html>`;
}

/**
 * The console's navigation (the current page's entry marked) and sign-out as a quiet link-styled
 * button. On a phone the entries scroll sideways in one line instead of filling the screen.
 */
function navigation(section: Section | null, user: { login: string; csrf: string; role: ConsoleRole }): Html {
  const entries = NAVIGATION.filter((entry) => may(user.role, entry.permission)).map((entry) => {
    const current = entry.section === section && 'page';
    return html`<li><a${attributes({ href: entry.href, 'aria-current': current })}>${entry.label}</a></li>`;
  });
  return html`<nav aria-label="Console"><ul>${entries}</ul></nav>
<form method="post" action="/admin/sign-out" class="signout">${csrfField(user.csrf)}
<button type="submit" class="link">Sign out <span class="muted">${user.login}</span></button></form>`;
}

/** The banner of every page while mail does not go out: why, how to fix it, and a test mail. */
function mailBanner(mail: MailHealth | null, csrf: string): Html {
  if (mail === null || mail.state === 'ok') return html``;
  const waiting = html`${mail.waiting} mail(s) wait in the <a href="/admin/outbox">outbox</a>.`;
  const why =
    mail.state === 'not_configured'
      ? html`<strong>Mails are not being sent:</strong> no mail server is configured. ${waiting}
To fix it, set <code>SMTP_URL</code> (e.g. <code>smtp://user:password@mail.example.com:587</code>) in the
server's environment and restart Staydesk.`
      : html`<strong>Mails are not being sent:</strong> the last attempts failed (${mail.error}). ${waiting}
Check <code>SMTP_URL</code> and the mail server; failed mails can be retried from the outbox.`;
  return html`<aside class="banner" aria-label="Mail problem"><p>${why}</p>
<form method="post" action="/admin/outbox/test-mail" class="row">${csrfField(csrf)}
${field(
  'Send a test mail to',
  'to',
  {},
  {
    idPrefix: 'banner',
    type: 'email',
    required: true,
    attributes: { autocomplete: 'email' },
  },
)}
<button type="submit" class="secondary">Send a test mail</button></form></aside>`;
}

function flashMessages(flash: Flash | null): Html {
  if (flash === null) return html``;
  return html`${flash.notice === undefined ? '' : notice(flash.notice)}${
    flash.error === undefined ? '' : html`<div class="error" role="alert">${flash.error}</div>`
  }`;
}

/** The plain word and colour of a booking status. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  draft: 'Awaiting payment',
  confirmed: 'Confirmed',
  modified: 'Confirmed (changed)',
  cancelled: 'Cancelled',
};

/** A booking's status as a coloured badge in plain words ("Awaiting payment", not "draft"). */
export function statusBadge(status: string): Html {
  return html`<span class="badge status-${status}">${STATUS_WORDS[status] ?? status}</span>`;
}

const CHECK_IN_WORDS: Readonly<Record<string, string>> = {
  missing: 'Check-in not started',
  partial: 'Check-in started',
  complete: 'Checked in online',
};

/** How far a booking's online check-in is (src/registrations/registration-state.ts), as a badge. */
export function checkInBadge(state: string): Html {
  return html`<span class="badge check-in-${state}">${CHECK_IN_WORDS[state] ?? state}</span>`;
}

/** A stay imported from a channel's calendar: its channel (the feed's name) instead of a status. */
export function importedBadge(feed: string): Html {
  return html`<span class="badge status-imported">Imported from ${feed}</span>`;
}

/** A mail's state in words: "queued" until it is actually sent. */
export const MAIL_STATES: Readonly<Record<string, string>> = {
  pending: 'Queued, not sent yet',
  sent: 'Sent',
  failed: 'Failed',
  test: 'Test, not sent',
};

export function mailState(status: string): Html {
  return html`<span class="badge mail-${status}">${MAIL_STATES[status] ?? status}</span>`;
}

/** An e-mail address a phone can tap to write to; a guest without one gets plain words, never an empty link. */
export function mailLink(email: string | null): Html {
  const address = (email ?? '').trim();
  return address === '' ? html`<span class="muted">no e-mail</span>` : html`<a href="mailto:${address}">${address}</a>`;
}

/** A phone number a phone can tap to call (the digits and a leading + only in the link). */
export function phoneLink(phone: string | null): Html | string {
  if (phone === null || phone.trim() === '') return '—';
  const digits = phone.replace(/[^0-9+]/g, '');
  return digits === '' ? phone : html`<a href="tel:${digits}">${phone}</a>`;
}

/** A hidden CSRF field for a form. */
export const csrfField = (csrf: string): Html => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/**
 * An error message for a field, tied to it with aria-describedby by `field`. The form's error
 * summary (errorSummary) is what a screen reader announces; this one is read with its field.
 */
export function fieldError(errors: Readonly<Record<string, string>>, name: string): Html {
  const message = errors[name];
  return message === undefined ? html`` : html`<p class="error" id="err-${name}">${message}</p>`;
}

export interface SummaryOptions {
  /** The id of a field's input; `f-<name>` unless the form prefixes its ids. */
  idOf?: (name: string) => string;
  /** The key of an error about the form as a whole (`_form`), or null when the form has none of its own. */
  whole?: string | null;
}

/**
 * Every error of a form at once, above it: first what is wrong with the form as a whole, then
 * each field's error naming the field by its label and linking to it. Only the fields `labels`
 * names are listed, so that forms sharing one page's errors each list their own. An alert, so
 * that a screen reader reads it when the form comes back.
 */
export function errorSummary(
  errors: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
  options: SummaryOptions = {},
): Html {
  const idOf = options.idOf ?? ((name: string) => `f-${name}`);
  const wholeKey = options.whole === undefined ? '_form' : options.whole;
  const whole = wholeKey === null ? undefined : errors[wholeKey];
  const fields = Object.entries(errors).filter(([name]) => labels[name] !== undefined);
  if (whole === undefined && fields.length === 0) return html``;
  const title =
    fields.length === 0
      ? 'This could not be done:'
      : fields.length === 1
        ? 'One field needs a change:'
        : `${fields.length} fields need a change:`;
  const item = ([name, message]: [string, string]) =>
    html`<li><a href="#${idOf(name)}">${labels[name]}</a>: ${message}</li>`;
  return html`<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title">
<p id="error-summary-title"><strong>${title}</strong></p>
<ul>${whole === undefined ? '' : html`<li>${whole}</li>`}${fields.map(item)}</ul></div>`;
}

export interface FieldOptions {
  type?: string;
  value?: string | number | null;
  required?: boolean;
  hint?: string;
  step?: string;
  min?: string;
  /** Any other attributes of the input (e.g. `autocomplete`). */
  attributes?: Readonly<Record<string, AttributeValue>>;
  /** Makes the input's id unique when two forms on a page have a field of the same name. */
  idPrefix?: string;
}

/** A labelled input with its error beside it. */
export function field(
  label: string,
  name: string,
  errors: Readonly<Record<string, string>>,
  options: FieldOptions = {},
): Html {
  const id = `${options.idPrefix ?? 'f'}-${name}`;
  const invalid = errors[name] !== undefined;
  const input = attributes({
    id,
    name,
    type: options.type ?? 'text',
    value: options.value,
    required: options.required,
    step: options.step,
    min: options.min,
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid && `err-${name}`,
    ...options.attributes,
  });
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="${id}">${label}</label>
<input${input}>
${options.hint === undefined ? '' : html`<small>${options.hint}</small>`}${fieldError(errors, name)}</div>`;
}

export function notice(text: string | null): Html {
  return text === null ? html`` : html`<p class="notice" role="status">${text}</p>`;
}

/** A table column: its header, or its header and the shorter label its cells show on a phone. */
type Column = string | { header: string; label: string };

/** A table whose rows stack on a narrow screen, each cell labelled by its column (`data-label`). */
export function stackTable<Row>(
  columns: readonly Column[],
  rows: readonly Row[],
  cells: (row: Row) => readonly Renderable[],
): Html {
  const headers = columns.map((c) => html`<th scope="col">${typeof c === 'string' ? c : c.header}</th>`);
  const label = (c: Column | undefined) => (c === undefined || typeof c === 'string' ? c : c.label);
  const row = (r: Row) => {
    const tds = cells(r).map((cell, i) => html`<td data-label="${label(columns[i])}">${cell}</td>`);
    return html`<tr>${tds}</tr>\n`;
  };
  return html`<table class="stack"><thead><tr>${headers}</tr></thead>
<tbody>${rows.map(row)}</tbody></table>`;
}
