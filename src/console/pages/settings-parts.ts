import { attributes, html, type Html } from '../../shared/html.ts';
import { pageUrl } from '../console-pages.ts';

/** The two pages of Settings, linked from each: the host's own settings and the integrations. */
export function settingsTabs(current: 'settings' | 'integrations'): Html {
  const tab = (name: 'settings' | 'integrations', label: string) =>
    html`<li><a${attributes({ href: pageUrl(name), 'aria-current': name === current && 'page' })}>${label}</a></li>`;
  return html`<nav aria-label="Settings" class="tabs"><ul>${tab('settings', 'Your business')}${tab(
    'integrations',
    'Integrations',
  )}</ul></nav>`;
}

/** A secret (a key, a password) shown this one time, with a copy button. */
export function secretBox(secret: { label: string; value: string }): Html {
  return html`<div aria-labelledby="h-secret" role="status"><h2 id="h-secret">${secret.label}</h2>
<p>Copy it now: it is shown only this once.</p>
<div class="row"><div class="field"><label for="new-secret">${secret.label}</label>
<input id="new-secret" class="secret" readonly value="${secret.value}"></div>
<button type="button" class="secondary" data-copy="new-secret">Copy</button></div></div>`;
}
