import { Type } from 'typebox';

/** The answers of a guest's export and erasure (docs/api.md#admin-guests). */

const Text = Type.String();
const OrNull = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Address = Type.Record(Type.String(), Type.String(), {
  description: 'the address as given: street, zip, city, country (and line2 when corrected at the desk)',
});

const Stay = Type.Object({
  id: Type.Integer(),
  confirmation_code: Text,
  status: Text,
  accommodation_id: Type.Integer(),
  accommodation_name: Text,
  checkin: Text,
  checkout: Text,
  adults: Type.Integer(),
  children: Type.Integer(),
  babies: Type.Integer(),
  guest_title: OrNull(Text),
  guest_first_name: Text,
  guest_last_name: Text,
  guest_email: Text,
  guest_phone: OrNull(Text),
  guest_address: Address,
  guest_company_name: OrNull(Text),
  guest_company_tax_id: OrNull(Text),
  guest_notes: Text,
  internal_note: Type.String({ description: "the host's own note on the booking" }),
  language: OrNull(Text),
  currency: Text,
  total: Type.Number(),
  amount_paid: Type.Number(),
  created_at: Text,
});

const RegisteredGuest = Type.Object({
  position: Type.Integer({ description: '0: the lead guest' }),
  first_name: Text,
  last_name: Text,
  sex: OrNull(Text),
  birth_date: OrNull(Text),
  birth_place: OrNull(Text),
  nationality: OrNull(Text),
  document_type: OrNull(Text),
  document_number: OrNull(Text),
  document_country: OrNull(Text),
  documents_erased_at: OrNull(Text),
  address: Type.Union([Address, Type.Null()]),
});

export const GuestExportSchema = Type.Object({
  exported_at: Text,
  guest: Type.Object({
    id: Type.Integer(),
    title: OrNull(Text),
    first_name: Text,
    last_name: Text,
    email: Text,
    phone: OrNull(Text),
    address: Address,
    created_at: Text,
    erased_at: OrNull(Text),
  }),
  bookings: Type.Array(Stay),
  registrations: Type.Array(
    Type.Object({ booking_id: Type.Integer(), arrival_time: OrNull(Text), guests: Type.Array(RegisteredGuest) }),
  ),
  messages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      booking_id: Type.Union([Type.Integer(), Type.Null()]),
      kind: Text,
      template: Text,
      recipient: Text,
      subject: Text,
      body_text: Text,
      status: Text,
      created_at: Text,
      sent_at: OrNull(Text),
    }),
  ),
  scheduled_messages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      booking_id: Type.Integer(),
      rule_id: Type.Integer(),
      send_at: Text,
      state: Text,
      sent_at: OrNull(Text),
    }),
  ),
  documents: Type.Array(
    Type.Object({
      number: Text,
      kind: Text,
      purpose: Text,
      booking_id: Type.Integer(),
      issued_on: Text,
      total: Type.Number(),
      currency: Text,
    }),
  ),
  payment_issues: Type.Array(
    Type.Object({
      id: Type.Integer(),
      booking_id: Type.Union([Type.Integer(), Type.Null()]),
      kind: Text,
      detail: Text,
      created_at: Text,
    }),
  ),
});

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const ErasureSchema = Type.Object({
  guest_id: Type.Integer(),
  erased_at: Type.String({ description: 'when the guest was first erased' }),
  bookings_anonymised: Count('bookings kept with the guest details blanked'),
  check_ins_removed: Count("the bookings' online check-ins deleted, every guest of them"),
  mails_removed: Count('mails not yet sent, deleted'),
  mails_anonymised: Count('mails sent (or failed), kept as a record without address, subject or text'),
  scheduled_messages_skipped: Count('guest messages still to send, skipped'),
  payment_issues_anonymised: Count('payment problems whose text is erased'),
  idempotency_keys_removed: Count("remembered answers to partners' retries, deleted"),
  partner_events_scrubbed: Count("partners' events whose guest details are erased"),
  documents_kept: Count('invoices and credit notes kept as issued, as the law requires'),
});
