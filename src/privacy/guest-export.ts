import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import type { Executor } from '../db/store.ts';
import { parseAddress } from '../guests/stored-address.ts';
import { notFound } from '../http/errors.ts';
import { toMajor } from '../shared/money.ts';

/**
 * Everything Staydesk holds about one guest (docs/registrations.md#one-guests-data): the guest
 * record, the bookings made under it with the details they keep, the check-ins of those
 * bookings, the mails sent about them or to the guest's address, the guest messages scheduled,
 * the payment problems noted and the invoices and credit notes issued (listed; their PDFs are
 * downloaded from the documents API).
 */

const major = (minor: number, currency: string) => toMajor(minor, storedDecimals(currency));

/** The guest record, or a 404 `guest_not_found`. */
export async function requireGuest(db: Executor, id: number) {
  const guest = await db.selectFrom('guests').selectAll().where('id', '=', id).executeTakeFirst();
  if (guest === undefined)
    throw notFound('guest_not_found', `No guest with id ${id}.`, {
      parameter: 'id',
      expected: 'id of a guest record',
      received: id,
    });
  return guest;
}

/** The mails about these bookings or to this address (lower case; '' for none). */
export function guestMails(db: Executor, bookingIds: readonly number[], email: string) {
  if (bookingIds.length === 0 && email === '') return Promise.resolve([]);
  return db
    .selectFrom('outbox')
    .select(['id', 'booking_id', 'kind', 'template', 'recipient', 'subject', 'body_text', 'status', 'created_at'])
    .select('sent_at')
    .where((eb) =>
      eb.or([
        ...(bookingIds.length === 0 ? [] : [eb('booking_id', 'in', bookingIds)]),
        ...(email === '' ? [] : [eb(eb.fn('lower', ['recipient']), '=', email)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function exportGuest(db: Executor, id: number, now: Date) {
  const guest = await requireGuest(db, id);
  const bookings = await db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select([
      'b.id',
      'b.confirmation_code',
      'b.status',
      'b.accommodation_id',
      'a.name as accommodation_name',
      'b.checkin',
      'b.checkout',
      'b.adults',
      'b.children',
      'b.babies',
      'b.guest_title',
      'b.guest_first_name',
      'b.guest_last_name',
      'b.guest_email',
      'b.guest_phone',
      'b.guest_address',
      'b.guest_company_name',
      'b.guest_company_tax_id',
      'b.guest_notes',
      'b.internal_note',
      'b.language',
      'b.currency',
      'b.total',
      'b.amount_paid',
      'b.created_at',
    ])
    .where('b.guest_id', '=', id)
    .orderBy('b.id')
    .execute();
  const ids = bookings.map((b) => b.id);
  const none = ids.length === 0;
  const email = guest.email.trim().toLowerCase();
  const [registrations, guests, messages, scheduled, documents, issues] = await Promise.all([
    none ? [] : db.selectFrom('registrations').selectAll().where('booking_id', 'in', ids).execute(),
    none
      ? []
      : db.selectFrom('registration_guests').selectAll().where('booking_id', 'in', ids).orderBy('position').execute(),
    guestMails(db, ids, email),
    none
      ? []
      : db
          .selectFrom('scheduled_messages')
          .select(['id', 'booking_id', 'rule_id', 'send_at', 'state', 'sent_at'])
          .where('booking_id', 'in', ids)
          .orderBy('id')
          .execute(),
    none
      ? []
      : db
          .selectFrom('documents')
          .select(['number', 'kind', 'purpose', 'booking_id', 'issued_on', 'total_amount', 'currency'])
          .where('booking_id', 'in', ids)
          .orderBy('id')
          .execute(),
    none
      ? []
      : db
          .selectFrom('payment_issues')
          .select(['id', 'booking_id', 'kind', 'detail', 'created_at'])
          .where('booking_id', 'in', ids)
          .orderBy('id')
          .execute(),
  ]);
  return {
    exported_at: now.toISOString(),
    guest: {
      id: guest.id,
      title: guest.title,
      first_name: guest.first_name,
      last_name: guest.last_name,
      email: guest.email,
      phone: guest.phone,
      address: parseAddress(guest.address),
      created_at: guest.created_at,
      erased_at: guest.erased_at ?? null,
    },
    bookings: bookings.map(({ total, amount_paid, guest_address, ...b }) => ({
      ...b,
      guest_address: parseAddress(guest_address),
      total: major(total, b.currency),
      amount_paid: major(amount_paid, b.currency),
    })),
    registrations: registrations.map((r) => ({
      booking_id: r.booking_id,
      arrival_time: r.arrival_time,
      guests: guests
        .filter((g) => g.booking_id === r.booking_id)
        .map(({ booking_id: _b, id: _i, created_at: _c, updated_at: _u, address, ...g }) => ({
          ...g,
          address: address === null ? null : parseAddress(address),
        })),
    })),
    messages,
    scheduled_messages: scheduled,
    documents: documents.map(({ total_amount, ...d }) => ({ ...d, total: major(total_amount, d.currency) })),
    payment_issues: issues,
  };
}
