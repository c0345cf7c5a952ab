import { GUEST_LANGUAGES, LANGUAGE_NAMES, COMMON_WORDS, guestFormats } from '../shared/guest-language.ts';
import { attributes, html, type Html } from '../shared/html.ts';
import type { GuestPageModel } from './guest-page-model.ts';
import { GUEST_PAGE_WORDS } from './guest-page-words.ts';

/**
 * The guest's page as HTML (docs/guest-page.md): one server-rendered page, no script, its style
 * sheet at `/guest/page.css` (guest-page.css), every value escaped. `checkIn` is the place of the
 * online check-in form: the section is left to the check-in feature, which renders it.
 */

export interface GuestPageAddresses {
  /** The page's own path, `/guest/<token>`. */
  page: string;
}

export interface GuestPageExtras {
  /** After the processor's page sent the guest back (`?paid=1`), or when a checkout failed. */
  notice?: 'payment_returned' | 'checkout_failed' | null;
  /** The online check-in section, rendered by the check-in feature; nothing when null. */
  checkIn?: Html | null;
}

const nl2br = (text: string): Html[] =>
  text.split(/\r?\n/).map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`));

export function guestPageHtml(m: GuestPageModel, at: GuestPageAddresses, extras: GuestPageExtras = {}): string {
  const w = GUEST_PAGE_WORDS[m.language];
  const f = guestFormats(m.language);
  const money = (minor: number) => f.money(minor, m.money.currency);
  const s = m.stay;
  const lang = m.language;
  const notice =
    extras.notice === 'payment_returned'
      ? html`<p class="notice" role="status">${w.paymentReturned}</p>`
      : extras.notice === 'checkout_failed'
        ? html`<p class="notice warn" role="alert">${w.checkoutFailed}</p>`
        : '';
  const state =
    m.state === 'cancelled' && m.cancellation !== null
      ? html`<section class="card cancelled" aria-labelledby="h-state"><h2 id="h-state">${w.cancelled(
          f.date(m.cancellation.on),
        )}</h2>
<p>${m.cancellation.fee > 0 ? w.cancellationFee(money(m.cancellation.fee)) : w.noCancellationFee}</p></section>`
      : m.state === 'awaiting_payment'
        ? html`<p class="notice">${w.awaitingPayment}</p>`
        : '';
  const body = html`<header><p class="code">${w.booking} <strong>${m.confirmationCode}</strong></p>
<h1>${w.title(s.home)}</h1></header>
<main>
<p>${w.hello(m.firstName)}</p>
${notice}
${state}
<section class="card" aria-labelledby="h-stay"><h2 id="h-stay">${w.stay}</h2>
<dl>
<div><dt>${w.home}</dt><dd>${s.home}</dd></div>
<div><dt>${w.arrival}</dt><dd>${f.date(s.checkin)}, ${w.from(s.checkinTime)}</dd></div>
<div><dt>${w.departure}</dt><dd>${f.date(s.checkout)}, ${w.until(s.checkoutTime)}</dd></div>
<div><dt>${w.length}</dt><dd>${COMMON_WORDS[lang].nights(s.nights)}</dd></div>
<div><dt>${w.guests}</dt><dd>${COMMON_WORDS[lang].guests(s.adults, s.children, s.babies)}</dd></div>
</dl></section>
${gettingThere(m)}
${moneySection(m, at, money)}
${documentsSection(m, at)}
${extras.checkIn ?? ''}
</main>
<footer><nav aria-label="${w.language}"><ul class="languages">${GUEST_LANGUAGES.map(
    (l) =>
      html`<li><a${attributes({
        href: `${at.page}?lang=${l}`,
        lang: l,
        hreflang: l,
        'aria-current': l === lang && 'true',
      })}>${LANGUAGE_NAMES[l]}</a></li>`,
  )}</ul></nav></footer>`;
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${w.title(s.home)}</title>
<link rel="stylesheet" href="/guest/page.css">
<link rel="icon" href="/admin/assets/icon.svg" type="image/svg+xml">
</head>
<body>
${body}
</body>
</html>
`.toString();
}

function gettingThere(m: GuestPageModel): Html | '' {
  if (m.state === 'cancelled') return '';
  const w = GUEST_PAGE_WORDS[m.language];
  const f = guestFormats(m.language);
  const { doorCode, wifiName, wifiPassword } = m.accessFacts;
  const hasAccess = doorCode !== null || wifiName !== null;
  let access: Html | '' = '';
  if (hasAccess && m.access.kind === 'open') {
    access = html`<dl>
${doorCode === null ? '' : html`<div><dt>${w.doorCode}</dt><dd class="secret">${doorCode}</dd></div>`}
${wifiName === null ? '' : html`<div><dt>${w.wifi}</dt><dd>${wifiName}</dd></div>`}
${
  wifiPassword === null || wifiName === null
    ? ''
    : html`<div><dt>${w.wifiPassword}</dt><dd class="secret">${wifiPassword}</dd></div>`
}
</dl>`;
  } else if (hasAccess && m.access.kind === 'later') {
    const { from, balanceDue } = m.access;
    const text =
      from === null
        ? w.accessAfterPayment
        : balanceDue
          ? w.accessFromAfterPayment(f.date(from))
          : w.accessFrom(f.date(from));
    access = html`<p class="later" id="door-code-later">${text}</p>`;
  }
  if (m.address === null && m.arrivalInstructions === null && access === '') return '';
  return html`<section class="card" aria-labelledby="h-there"><h2 id="h-there">${w.gettingThere}</h2>
${m.address === null ? '' : html`<h3>${w.address}</h3><p>${nl2br(m.address)}</p>`}
${m.arrivalInstructions === null ? '' : html`<h3>${w.instructions}</h3><p>${nl2br(m.arrivalInstructions)}</p>`}
${access}
</section>`;
}

function moneySection(m: GuestPageModel, at: GuestPageAddresses, money: (minor: number) => string): Html {
  const w = GUEST_PAGE_WORDS[m.language];
  const f = guestFormats(m.language);
  const lines = m.money.lines.map(
    (l) => html`<tr><td>${f.date(l.on)}</td><td>${w.lines[l.kind]}</td><td class="amount">${money(l.amount)}</td></tr>`,
  );
  const balance = m.money.balance;
  const standing =
    balance < 0
      ? html`<p>${w.owedBack(money(-balance))}</p>`
      : balance === 0 && m.money.paid > 0
        ? html`<p class="paid">${w.paidInFull}</p>`
        : '';
  const pay =
    m.pay === 'offered'
      ? html`<form method="post" action="${at.page}/pay" class="pay">
<input type="hidden" name="lang" value="${m.language}">
<p>${w.payNote(money(balance))}</p>
<button type="submit">${w.payBalance}</button></form>`
      : m.pay === 'unavailable'
        ? html`<p class="later">${w.cardUnavailable}</p>`
        : '';
  return html`<section class="card" aria-labelledby="h-money"><h2 id="h-money">${w.money}</h2>
<dl class="sums">
<div><dt>${w.total}</dt><dd>${money(m.money.due)}</dd></div>
<div><dt>${w.paid}</dt><dd>${money(m.money.paid)}</dd></div>
<div class="balance"><dt>${w.balance}</dt><dd id="balance">${money(Math.max(balance, 0))}</dd></div>
</dl>
${
  lines.length === 0
    ? ''
    : html`<table><caption class="visually-hidden">${w.money}</caption><tbody>${lines}</tbody></table>`
}
${standing}
${pay}
</section>`;
}

function documentsSection(m: GuestPageModel, at: GuestPageAddresses): Html | '' {
  if (m.documents.length === 0) return '';
  const w = GUEST_PAGE_WORDS[m.language];
  const f = guestFormats(m.language);
  const items = m.documents.map((d) => {
    const total = f.money(d.total_amount, m.money.currency);
    return html`<li>${w.documentKinds[d.kind]} ${d.number}, ${f.date(d.issued_on)}, ${total} —
<a href="${at.page}/documents/${encodeURIComponent(d.number)}">${w.download(d.number)}</a></li>`;
  });
  return html`<section class="card" aria-labelledby="h-docs"><h2 id="h-docs">${w.documents}</h2>
<ul class="documents">${items}</ul></section>`;
}
