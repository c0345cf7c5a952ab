import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { EditBookingBody, editBooking } from '../../admin/booking-desk.ts';
import { findBookingRow, type BookingRow } from '../../admin/booking-queries.ts';
import { guestAddressOf } from '../../guests/stored-address.ts';
import { notFound } from '../../http/errors.ts';
import { toId } from '../../http/ids.ts';
import { html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, sessionRoute, Text } from '../console-schemas.ts';
import { csrfField, errorSummary, field } from '../layout.ts';
import { checkForm, forHost, type Labels } from '../schema-errors.ts';

/**
 * The booking's guest and billing details, corrected in the console
 * (docs/money.md#guest-and-billing-details): the form is read into the admin API's PATCH body
 * (`guest`, only the fields the host changed) and handed to the same code, with the signed-in
 * user as the host acting. Field names are the body's paths joined with `_`, so that an error
 * about `guest.address.country` lands beside its field.
 */

const LABELS: Labels = {
  guest_first_name: 'First name',
  guest_last_name: 'Last name',
  guest_email: 'E-mail',
  guest_phone: 'Phone',
  guest_address_line1: 'Street and number',
  guest_address_line2: 'Address line 2',
  guest_address_postal_code: 'Postal code',
  guest_address_city: 'City',
  guest_address_country: 'Country',
  guest_company_name: 'Company',
  guest_company_tax_id: "Company's tax id (VAT number)",
};
const ADDRESS_FIELDS = ['line1', 'line2', 'postal_code', 'city', 'country'] as const;

const GuestForm = Type.Object(Object.fromEntries(Object.keys(LABELS).map((n) => [n, Text(300)])));

/** The form's fields as the booking keeps them now. */
function formValues(b: BookingRow): Record<string, string> {
  const address = guestAddressOf(b.guest_address);
  return {
    guest_first_name: b.guest_first_name,
    guest_last_name: b.guest_last_name,
    guest_email: b.guest_email,
    guest_phone: b.guest_phone ?? '',
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [`guest_address_${f}`, address?.[f] ?? ''])),
    guest_company_name: b.guest_company_name ?? '',
    guest_company_tax_id: b.guest_company_tax_id ?? '',
  };
}

/**
 * The PATCH body from the form: only what the host changed (an emptied optional field is `null`,
 * cleared), so a partner's address kept as written (a country by its name) is left as it is
 * unless its field is changed. An e-mail is corrected, never removed.
 */
function patchInput(form: FormBody, b: BookingRow): Record<string, unknown> {
  const now = formValues(b);
  const changed = (name: string): string | null | undefined => {
    const value = (form[name] ?? '').trim();
    if (value === (now[name] ?? '').trim()) return undefined;
    return value === '' ? null : value;
  };
  const address: Record<string, string | null> = {};
  for (const f of ADDRESS_FIELDS) {
    const value = changed(`guest_address_${f}`);
    if (value !== undefined) address[f] = value;
  }
  // An emptied name or e-mail is sent as empty text, so that it is refused rather than dropped.
  const required = (name: string) => {
    const value = changed(name);
    return value === null ? '' : value;
  };
  const guest = {
    first_name: required('guest_first_name'),
    last_name: required('guest_last_name'),
    email: required('guest_email'),
    phone: changed('guest_phone'),
    address: Object.keys(address).length === 0 ? undefined : address,
    company_name: changed('guest_company_name'),
    company_tax_id: changed('guest_company_tax_id'),
  };
  return JSON.parse(JSON.stringify({ guest })) as Record<string, unknown>;
}

async function bookingOr404(ctx: AppContext, id: number): Promise<BookingRow> {
  const b = await findBookingRow(ctx.db, id);
  if (b === undefined)
    throw notFound('booking_not_found', `There is no booking with id ${id}.`, { parameter: 'id', received: id });
  return b;
}

function guestPage(
  request: FastifyRequest,
  reply: FastifyReply,
  b: BookingRow,
  form: FormBody,
  sent: Record<string, string> = {},
  status = 200,
): FastifyReply {
  const errors = forHost(sent, LABELS);
  const v = (name: string) => form[name] ?? '';
  const input = (name: string, options: Parameters<typeof field>[3] = {}) =>
    field(LABELS[name] ?? name, name, errors, { value: v(name), ...options });
  const body = html`<p><a href="/admin/bookings/${b.id}">Back to the booking</a></p>
<p>An issued invoice is never edited: when the name, the billing address or the company changes, it is
cancelled by a credit note and a new invoice is issued. The guest is not mailed.</p>
<form method="post" action="/admin/bookings/${b.id}/guest" class="desk">${csrfField(session(request).csrf)}
${errorSummary(errors, LABELS)}
<fieldset><legend>Guest</legend>
<div class="row">
${input('guest_first_name', { required: true, attributes: { autocomplete: 'off' } })}
${input('guest_last_name', { required: true, attributes: { autocomplete: 'off' } })}
</div>
<div class="row">
${input('guest_email', { type: 'email', attributes: { autocomplete: 'off' } })}
${input('guest_phone', { type: 'tel', attributes: { autocomplete: 'off' } })}
</div>
</fieldset>
<fieldset><legend>Billing address</legend>
${input('guest_address_line1')}
${input('guest_address_line2')}
<div class="row">
${input('guest_address_postal_code')}
${input('guest_address_city')}
${input('guest_address_country', { hint: 'Two letters (ISO 3166-1), e.g. DE, PL, CZ' })}
</div>
</fieldset>
<fieldset><legend>Company (when the guest's company pays)</legend>
${input('guest_company_name')}
${input('guest_company_tax_id')}
</fieldset>
<button type="submit">Save guest details</button>
</form>`;
  return sendPage(request, reply, `Guest details of booking ${b.confirmation_code}`, 'bookings', body, status);
}

/** The guest-details page of a booking and its form. */
export const bookingGuestPages: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES['booking-guest'].path, sessionRoute('bookings.write', { params: IdParams }), async (request, reply) => {
    const b = await bookingOr404(ctx, toId(request.params.id));
    return guestPage(request, reply, b, formValues(b));
  });

  app.post(
    '/bookings/:id/guest',
    sessionRoute('bookings.write', { params: IdParams, body: GuestForm }),
    async (request, reply) => {
      const b = await bookingOr404(ctx, toId(request.params.id));
      const form = request.body;
      const input = await checkForm(EditBookingBody, patchInput(form, b));
      if (!input.ok) return guestPage(request, reply, b, form, input.errors, 400);
      const actor = { kind: 'host' as const, consoleUserId: session(request).user.userId };
      const result = await attempt(() => editBooking(ctx, b.id, input.value, actor));
      if (!result.ok) return guestPage(request, reply, b, form, result.errors, result.status);
      return seeOther(reply, `/admin/bookings/${b.id}?done=guest`);
    },
  );
};
