import { html, type Html, type Renderable } from '../shared/html.ts';

export type Section = 'today' | 'bookings' | 'calendar' | 'accommodations' | 'settings' | 'outbox';

const NAV: readonly (readonly [Section, string, string])[] = [
  ['today', 'Today', '/admin'],
  ['bookings', 'Bookings', '/admin/bookings'],
  ['calendar', 'Calendar', '/admin/calendar'],
  ['accommodations', 'Accommodations', '/admin/accommodations'],
  ['settings', 'Settings', '/admin/settings'],
  ['outbox', 'Outbox', '/admin/outbox'],
];

export interface PageChrome {
  title: string;
  section: Section | null;
  /** The signed-in user and the session's CSRF token (for the sign-out form); null on the sign-in page. */
  user: { login: string; csrf: string } | null;
  locale: string;
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
${
  chrome.user === null
    ? ''
    : html`<nav aria-label="Console"><ul>${NAV.map(
        ([id, label, href]) =>
          html`<li><a href="${href}"${chrome.section === id ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}</ul></nav>
<form method="post" action="/admin/sign-out" class="signout"><input type="hidden" name="_csrf" value="${chrome.user.csrf}"><button type="submit">Sign out ${chrome.user.login}</button></form>`
}
</header>
<main id="main" tabindex="-1">
<h1>${chrome.title}</h1>
${body}
</main>
</body>
</html>`;
}

/** A hidden CSRF field for a form. */
export const csrfField = (csrf: string): Html => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/** An error message for a field, tied to it with aria-describedby by `field`. */
export function fieldError(errors: Readonly<Record<string, string>>, name: string): Html {
  const message = errors[name];
  return message === undefined ? html`` : html`<p class="error" id="err-${name}" role="alert">${message}</p>`;
}

export interface FieldOptions {
  type?: string;
  value?: string | number | null;
  required?: boolean;
  hint?: string;
  step?: string;
  min?: string;
  attrs?: Html;
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
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="${id}">${label}</label>
<input id="${id}" name="${name}" type="${options.type ?? 'text'}"${options.value === undefined || options.value === null ? '' : html` value="${String(options.value)}"`}${options.required === true ? html` required` : ''}${options.step === undefined ? '' : html` step="${options.step}"`}${options.min === undefined ? '' : html` min="${options.min}"`}${invalid ? html` aria-invalid="true" aria-describedby="err-${name}"` : ''}${options.attrs ?? ''}>
${options.hint === undefined ? '' : html`<small>${options.hint}</small>`}${fieldError(errors, name)}</div>`;
}

export function notice(text: string | null): Html {
  return text === null ? html`` : html`<p class="notice" role="status">${text}</p>`;
}
