import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { findBookingRow } from '../../admin/booking-queries.ts';
import { eraseGuest } from '../../privacy/erase-guest.ts';
import { exportGuest } from '../../privacy/guest-export.ts';
import { IdString, toId } from '../../http/ids.ts';
import { html, type Html } from '../../shared/html.ts';
import { may } from '../../users/permissions.ts';
import { session } from '../console-request.ts';
import { IdParams, sessionRoute } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { redirectWith } from '../flash.ts';
import { csrfField } from '../layout.ts';
import { confirmLink } from './confirm.ts';

/**
 * One guest's data on request, on the page of a booking of theirs (docs/registrations.md#one-guests-data):
 * for the owner only (`guests.privacy`), "Export guest data" downloads the same JSON as
 * `GET /admin/api/guests/:id/export`, and "Erase guest data", after the confirmation page, does
 * what `POST /admin/api/guests/:id/erase` does. Each form names the guest it was shown for: when
 * the booking's guest is another by then, nothing is done.
 */

/** The booking's guest record as the form was shown for it. */
const GuestForm = Type.Object({ guest: IdString });

async function guestOf(ctx: AppContext, guestId: number) {
  return ctx.db.selectFrom('guests').select(['id', 'erased_at']).where('id', '=', guestId).executeTakeFirst();
}

export async function guestDataSection(
  ctx: AppContext,
  request: FastifyRequest,
  booking: { id: number; guest_id: number },
  f: Formatter,
): Promise<Html> {
  const { csrf, user } = session(request);
  if (!may(user.role, 'guests.privacy')) return html``;
  const guest = await guestOf(ctx, booking.guest_id);
  if (guest === undefined) return html``;
  const erased =
    guest.erased_at === null
      ? html`<p>${confirmLink('Erase guest data…', 'erase-guest', { id: booking.id })}</p>`
      : html`<p class="muted">This guest's data was erased on ${f.date(guest.erased_at.slice(0, 10))}.</p>`;
  return html`<h2 id="guest-data">Guest data</h2>
<p>What Staydesk holds about this booking's guest (every booking of theirs, check-ins, mails, documents), for a
guest who asks for it or asks for it to be erased. Issued invoices and credit notes are kept as the law asks.</p>
<form method="post" action="/admin/bookings/${booking.id}/guest-data/export">${csrfField(csrf)}
<input type="hidden" name="guest" value="${guest.id}">
<button type="submit" class="secondary">Export guest data</button></form>
${erased}`;
}

export const bookingGuestDataPages: FeatureRoutes = async (app, { ctx }) => {
  /** The booking's guest, when it is still the one the form was shown for. */
  async function formGuest(id: number, guest: string): Promise<number | null> {
    const b = await findBookingRow(ctx.db, id);
    return b !== undefined && b.guest_id === toId(guest) ? b.guest_id : null;
  }
  const changed = "This booking's guest is no longer the one the form was shown for: nothing was done.";

  app.post(
    '/bookings/:id/guest-data/export',
    sessionRoute('guests.privacy', { params: IdParams, body: GuestForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const guest = await formGuest(id, request.body.guest);
      if (guest === null)
        return redirectWith(request, reply, `/admin/bookings/${id}`, { error: changed }, ctx.config.publicBaseUrl);
      const data = await exportGuest(ctx.db, guest, ctx.now());
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="guest-${guest}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/bookings/:id/guest-data/erase',
    sessionRoute('guests.privacy', { params: IdParams, body: GuestForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const guest = await formGuest(id, request.body.guest);
      if (guest === null)
        return redirectWith(request, reply, `/admin/bookings/${id}`, { error: changed }, ctx.config.publicBaseUrl);
      const erasure = await eraseGuest(ctx, guest);
      const notice =
        `The guest's data is erased: ${erasure.bookings_anonymised} booking(s) anonymised, ` +
        `${erasure.check_ins_removed} check-in(s) removed; ${erasure.documents_kept} issued document(s) kept.`;
      return redirectWith(request, reply, `/admin/bookings/${id}#guest-data`, { notice }, ctx.config.publicBaseUrl);
    },
  );
};
