import type { AppContext } from '../app-context.ts';
import type { BookingView } from '../bookings/booking-schemas.ts';
import { inUnit } from '../db/unit-of-work.ts';
import { DELIVERIES_QUEUED } from '../events/delivery-wake.ts';
import { eventIdOf } from '../events/event-types.ts';
import { payloadOf } from '../events/record-event.ts';
import { addDays } from '../shared/dates.ts';
import { endpointOf, type EndpointOwner } from './manage-endpoints.ts';

/** A booking no store holds: what a sample event carries. */
function sampleBooking(now: Date): BookingView {
  const checkin = addDays(now.toISOString().slice(0, 10), 30);
  return {
    id: 0,
    confirmation_code: 'TEST0000',
    booking_reference: 'TEST0000',
    accommodation_id: 0,
    accommodation_name: 'Sample accommodation',
    checkin_date: checkin,
    checkout_date: addDays(checkin, 2),
    nights: 2,
    guest_count: 2,
    composition: { adults: 2, children: 0, babies: 0 },
    total_amount: 275,
    currency: 'EUR',
    status: 'confirmed',
    booking_status: 'confirmed',
    payment_method: 'bank_transfer',
    partner: { id: 0, name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 0000' },
    payment: { state: 'unpaid', amount_paid: 0, balance: 275 },
    hold_expires_at: null,
    cancel_reason: null,
    cancelled_at: null,
    cancellation_fee: null,
    updated_at: now.toISOString(),
  };
}

/**
 * "Send a test event" (docs/partners.md#test-mode): a signed `booking.created` with a sample
 * booking (id 0) and `livemode: false`, queued to this one endpoint through the normal delivery
 * path, so it is signed, retried and listed in the endpoint's delivery log like any other. It is
 * no key's event: the catch-up feed does not carry it. Answers its event id and delivery id.
 */
export async function sendTestEvent(
  ctx: AppContext,
  owner: EndpointOwner,
  endpointId: number,
): Promise<{ event_id: string; delivery_id: number }> {
  const endpoint = await endpointOf(ctx, owner, endpointId);
  const now = ctx.now();
  const at = now.toISOString();
  const sent = await inUnit(ctx.db, now, async ({ trx }) => {
    const payload = payloadOf({
      event: {
        apiKeyId: null,
        bookingId: null,
        type: 'booking.created',
        data: sampleBooking(now),
        now: at,
        livemode: false,
      },
      always: true,
    });
    const event = await trx
      .insertInto('partner_events')
      .values({ api_key_id: null, booking_id: null, type: 'booking.created', payload, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await trx
      .insertInto('event_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: event.id,
        booking_id: null,
        status: 'pending',
        next_attempt_at: at,
        created_at: at,
        locked_until: null,
        locked_by: null,
        last_status: null,
        last_response: null,
        last_error: null,
        delivered_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { event_id: eventIdOf(event.id), delivery_id: delivery.id };
  });
  ctx.store.changes.committed(DELIVERIES_QUEUED, { announce: true });
  return sent;
}
