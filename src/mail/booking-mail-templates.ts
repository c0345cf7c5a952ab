import type { PaymentMethod } from '../db/schema.ts';
import { html, type Html } from '../shared/html.ts';
import { COMMON_WORDS, guestFormats, type GuestFormats, type GuestLanguage } from '../shared/guest-language.ts';
import { MAIL_WORDS, type MailWords } from './mail-words.ts';
import { printedIban, type BankDetails } from '../settings/host-identity.ts';

/**
 * The guest's booking mails as plain text and HTML, from already-loaded details, in the guest's
 * language (mail-words.ts) with dates and amounts formatted for it. Pure, so the wording and the
 * escaping are unit tested. The HTML part is written with the `html` template,
 * which escapes every interpolated value: names, notes and accommodation names are typed by other
 * people.
 */

export type BookingMailKind = 'confirmation' | 'modification' | 'cancellation';

export interface BookingMailDetails {
  confirmationCode: string;
  firstName: string;
  accommodationName: string;
  checkin: string;
  checkout: string;
  checkinTime: string;
  checkoutTime: string;
  nights: number;
  adults: number;
  children: number;
  babies: number;
  total: number; // minor units
  /** Of the total, minor units: each shown as its own line when not zero. */
  extraGuestFee: number;
  cityTax: number;
  currency: string;
  /** The home's short-term-rental registration number (docs/money.md), or null: shown when set. */
  registrationNumber: string | null;
  paymentMethod: PaymentMethod;
  /** When the total falls due (minor units), said with bank transfer instructions when it has more than one entry. */
  schedule?: readonly { due_on: string; amount: number }[];
  cancelReason: string | null;
  /**
   * What changed for the guest in a modification (the new values are the details above); absent
   * or nothing set: not said.
   */
  changes?: MailedChanges;
  /** The language the mail is written in: the booking's, else its accommodation's. */
  language: GuestLanguage;
  /** Who signs the mail (the host's business name, else the accommodation's name) and where transfers go. */
  host: MailHost;
}

/** Which of the guest's details a modification changed. */
export interface MailedChanges {
  dates: boolean;
  guests: boolean;
  total: boolean;
}

export interface MailHost {
  signature: string;
  bank: BankDetails | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The reason the hold-expiry job and booking flow store when an unpaid draft runs out of time. */
export const PAYMENT_TIMEOUT = 'payment_timeout';

// One line of text each; the same rows make the HTML table.
function detailRows(d: BookingMailDetails, w: MailWords, f: GuestFormats): [string, string][] {
  const common = COMMON_WORDS[d.language];
  const rows: ([string, string] | null)[] = [
    [w.label.reference, d.confirmationCode],
    [w.label.accommodation, d.accommodationName],
    d.registrationNumber === null ? null : [w.label.registrationNumber, d.registrationNumber],
    [w.label.arrival, `${f.date(d.checkin)} ${w.from(d.checkinTime)}`],
    [w.label.departure, `${f.date(d.checkout)} ${w.by(d.checkoutTime)}`],
    [w.label.nights, String(d.nights)],
    [w.label.guests, common.guests(d.adults, d.children, d.babies)],
    d.extraGuestFee === 0 ? null : [w.label.extraGuestFee, f.money(d.extraGuestFee, d.currency)],
    d.cityTax === 0 ? null : [w.label.cityTax, f.money(d.cityTax, d.currency)],
    [w.label.total, f.money(d.total, d.currency)],
  ];
  return rows.filter((row) => row !== null);
}

/** The line naming what a modification changed, in the mail's language; none when it says nothing. */
function whatChanged(d: BookingMailDetails, w: MailWords, f: GuestFormats): string[] {
  const c = d.changes;
  if (c === undefined) return [];
  const parts = [
    c.dates ? w.changedDates(f.date(d.checkin), f.date(d.checkout)) : null,
    c.guests ? COMMON_WORDS[d.language].guests(d.adults, d.children, d.babies) : null,
    c.total ? w.changedTotal(f.money(d.total, d.currency)) : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? [] : [w.whatChanged(parts)];
}

interface Content {
  subject: string;
  intro: string[];
  after: string[];
  links: readonly { label: string; url: string }[];
}

/** A payment schedule of more than one entry (docs/money.md#payment-terms): a heading and one line per entry. */
function scheduleLines(d: BookingMailDetails, w: MailWords, f: GuestFormats): string[] {
  const schedule = d.schedule ?? [];
  if (schedule.length < 2) return [];
  return [w.schedule, ...schedule.map((e) => `– ${w.dueBy(f.money(e.amount, d.currency), f.date(e.due_on))}`)];
}

function paymentLines(d: BookingMailDetails, w: MailWords, f: GuestFormats): string[] {
  const amount = f.money(d.total, d.currency);
  switch (d.paymentMethod) {
    case 'bank_transfer': {
      const bank = d.host.bank;
      if (bank === null) return [w.transferToHost(amount, d.confirmationCode), ...scheduleLines(d, w, f)];
      const label = COMMON_WORDS[d.language].bank;
      return [
        w.transferToAccount(amount, d.confirmationCode),
        `${label.holder}: ${bank.account_holder}`,
        `${label.iban}: ${printedIban(bank.iban)}`,
        ...(bank.bic === null ? [] : [`${label.bic}: ${bank.bic}`]),
        ...(bank.bank_name === null ? [] : [`${label.bank}: ${bank.bank_name}`]),
        ...scheduleLines(d, w, f),
      ];
    }
    case 'cash':
      return [w.cash(amount)];
    case 'card_processor':
      return [w.card];
    case 'other':
      return [w.other(amount)];
  }
}

function content(
  kind: BookingMailKind,
  d: BookingMailDetails,
  invoiceUrl: string | null,
  guestPageUrl: string | null,
): Content {
  const w = MAIL_WORDS[d.language];
  const f = guestFormats(d.language);
  const home = d.accommodationName;
  const code = d.confirmationCode;
  const stay = w.stay(home, f.date(d.checkin), f.date(d.checkout));
  const links = [
    ...(guestPageUrl === null ? [] : [{ label: w.guestPage, url: guestPageUrl }]),
    ...(invoiceUrl === null ? [] : [{ label: w.invoice, url: invoiceUrl }]),
  ];
  switch (kind) {
    case 'confirmation':
      return {
        subject: w.subject.confirmed(stay, code),
        intro: [w.intro.confirmed(home)],
        after: paymentLines(d, w, f),
        links,
      };
    case 'modification':
      return {
        subject: w.subject.changed(stay, code),
        intro: [w.intro.changed(home), ...whatChanged(d, w, f)],
        after: [],
        links,
      };
    case 'cancellation':
      return d.cancelReason === PAYMENT_TIMEOUT
        ? { subject: w.subject.released(code), intro: w.intro.released(home), after: [], links: [] }
        : { subject: w.subject.cancelled(stay, code), intro: [w.intro.cancelled(home)], after: [], links: [] };
  }
}

/** Subjects are one header line: no line breaks from a name can reach it. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export function renderBookingMail(
  kind: BookingMailKind,
  d: BookingMailDetails,
  invoiceUrl: string | null,
  /** The guest's page, linked from the confirmation and modification mails. */
  guestPageUrl: string | null = null,
): RenderedMail {
  const c = content(kind, d, invoiceUrl, guestPageUrl);
  const w = MAIL_WORDS[d.language];
  const greeting = w.hello(d.firstName);
  const rows = detailRows(d, w, guestFormats(d.language));
  const width = Math.max(...rows.map(([label]) => label.length));

  const text = [
    greeting,
    '',
    ...c.intro,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 1)} ${value}`),
    ...(c.after.length > 0 ? ['', ...c.after] : []),
    ...(c.links.length === 0 ? [] : ['', ...c.links.map((l) => `${l.label}: ${l.url}`)]),
    '',
    w.regards,
    d.host.signature,
    '',
  ].join('\n');

  const paragraphs = (lines: readonly string[]): Html[] => lines.map((line) => html`<p>${line}</p>\n`);
  const link = c.links.map((l) => html`<p><a href="${l.url}">${l.label}</a></p>\n`);
  const body = html`<!doctype html>
<html lang="${d.language}"><body style="font-family: sans-serif; line-height: 1.4">
<p>${greeting}</p>
${paragraphs(c.intro)}<table cellpadding="4" style="border-collapse: collapse">
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td>${value}</td></tr>\n`)}</table>
${paragraphs(c.after)}${link}<p>${w.regards}<br>${d.host.signature}</p>
</body></html>
`;

  return { subject: oneLine(c.subject), text, html: body.text };
}
