import type { PaymentMethod } from '../db/schema.ts';
import { html, type Html } from '../shared/html.ts';
import { formatMoney } from '../shared/money.ts';
import { printedIban, type BankDetails } from '../settings/host-identity.ts';

/**
 * The guest's booking mails as plain text and HTML, from already-loaded details. Pure, so the
 * wording and the escaping are unit tested. The HTML part is written with the `html` template,
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
  currency: string;
  paymentMethod: PaymentMethod;
  cancelReason: string | null;
  /** Who signs the mail (the host's business name, else the accommodation's name) and where transfers go. */
  host: MailHost;
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function guestsLine(d: BookingMailDetails): string {
  const parts = [plural(d.adults, 'adult')];
  if (d.children > 0) parts.push(d.children === 1 ? '1 child' : `${d.children} children`);
  if (d.babies > 0) parts.push(d.babies === 1 ? '1 baby' : `${d.babies} babies`);
  return parts.join(', ');
}

// One line of text each; the same rows make the HTML table.
function detailRows(d: BookingMailDetails): [string, string][] {
  return [
    ['Booking reference', d.confirmationCode],
    ['Accommodation', d.accommodationName],
    ['Arrival', `${d.checkin} (from ${d.checkinTime})`],
    ['Departure', `${d.checkout} (by ${d.checkoutTime})`],
    ['Nights', String(d.nights)],
    ['Guests', guestsLine(d)],
    ['Total', formatMoney(d.total, d.currency)],
  ];
}

interface Content {
  subject: string;
  intro: string[];
  after: string[];
  link: { label: string; url: string } | null;
}

function paymentLines(d: BookingMailDetails): string[] {
  switch (d.paymentMethod) {
    case 'bank_transfer': {
      const bank = d.host.bank;
      if (bank === null)
        return [
          `Payment by bank transfer: please transfer ${formatMoney(d.total, d.currency)} to your host's account, ` +
            `quoting the reference ${d.confirmationCode}.`,
        ];
      return [
        `Payment by bank transfer: please transfer ${formatMoney(d.total, d.currency)} to the account below, ` +
          `quoting the reference ${d.confirmationCode}.`,
        `Account holder: ${bank.account_holder}`,
        `IBAN: ${printedIban(bank.iban)}`,
        ...(bank.bic === null ? [] : [`BIC: ${bank.bic}`]),
        ...(bank.bank_name === null ? [] : [`Bank: ${bank.bank_name}`]),
      ];
    }
    case 'cash':
      return [`Payment: ${formatMoney(d.total, d.currency)} in cash on arrival.`];
    case 'card_processor':
      return ['Your card payment has been received.'];
  }
}

function content(kind: BookingMailKind, d: BookingMailDetails, invoiceUrl: string | null): Content {
  const stay = `${d.accommodationName}, ${d.checkin} to ${d.checkout}`;
  const invoice = invoiceUrl === null ? null : { label: 'Your invoice (PDF)', url: invoiceUrl };
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Booking confirmed: ${stay} (${d.confirmationCode})`,
        intro: [`Your booking at ${d.accommodationName} is confirmed.`],
        after: paymentLines(d),
        link: invoice,
      };
    case 'modification':
      return {
        subject: `Booking changed: ${stay} (${d.confirmationCode})`,
        intro: [`Your booking at ${d.accommodationName} has been changed. These are the new details.`],
        after: [],
        link: invoice,
      };
    case 'cancellation':
      return d.cancelReason === PAYMENT_TIMEOUT
        ? {
            subject: `Reservation released: payment not received (${d.confirmationCode})`,
            intro: [
              `We did not receive the card payment for your reservation at ${d.accommodationName} in time, ` +
                'so the reservation has been cancelled and the dates released.',
              'No payment has been taken. You are welcome to book again.',
            ],
            after: [],
            link: null,
          }
        : {
            subject: `Booking cancelled: ${stay} (${d.confirmationCode})`,
            intro: [`Your booking at ${d.accommodationName} has been cancelled.`],
            after: [],
            link: null,
          };
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
): RenderedMail {
  const c = content(kind, d, invoiceUrl);
  const greeting = `Hello ${d.firstName},`;
  const rows = detailRows(d);
  const width = Math.max(...rows.map(([label]) => label.length));

  const text = [
    greeting,
    '',
    ...c.intro,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 1)} ${value}`),
    ...(c.after.length > 0 ? ['', ...c.after] : []),
    ...(c.link === null ? [] : ['', `${c.link.label}: ${c.link.url}`]),
    '',
    'Kind regards,',
    d.host.signature,
    '',
  ].join('\n');

  const paragraphs = (lines: readonly string[]): Html[] => lines.map((line) => html`<p>${line}</p>\n`);
  const link = c.link === null ? '' : html`<p><a href="${c.link.url}">${c.link.label}</a></p>\n`;
  const body = html`<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.4">
<p>${greeting}</p>
${paragraphs(c.intro)}<table cellpadding="4" style="border-collapse: collapse">
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td>${value}</td></tr>\n`)}</table>
${paragraphs(c.after)}${link}<p>Kind regards,<br>${d.host.signature}</p>
</body></html>
`;

  return { subject: oneLine(c.subject), text, html: body.text };
}
