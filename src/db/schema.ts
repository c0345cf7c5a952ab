import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both stores. Conventions that keep one set of queries valid on
 * SQLite and PostgreSQL:
 * - money is integer minor units; fractions (tax, discounts) are integer parts per million;
 * - dates are `YYYY-MM-DD` strings (PostgreSQL `date`, read back as strings);
 * - timestamps are ISO-8601 UTC strings (PostgreSQL `timestamptz`, read back as ISO strings);
 * - JSON is stored as text and parsed by the repository that owns it;
 * - no boolean columns (SQLite has none): a nullable timestamp or a text state instead.
 */

type Timestamp = string;
type Id = Generated<number>;

/** The roles of the console's users (src/users/permissions.ts); `technical` owns the API keys and never signs in. */
export const CONSOLE_ROLES = ['owner', 'manager', 'front_desk', 'cleaner', 'accountant'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export type UserRole = 'technical' | ConsoleRole;
export type ApiKeyScope = 'api' | 'admin';
/**
 * A test key's bookings are test bookings: they see the live calendar but never take a live night
 * (docs/partners.md#test-mode).
 */
export type Mode = 'live' | 'test';
/** A booking's states; the lifecycle (src/bookings/booking-lifecycle.ts) is the only writer. */
export const BOOKING_STATUSES = ['draft', 'confirmed', 'modified', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentMethod = 'card_processor' | 'bank_transfer' | 'cash' | 'other';
export type ClaimKind = 'booking' | 'block' | 'external';
/** `test`: a test booking's mail, kept for the host to read and never sent. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'test';

export interface UsersTable {
  id: Id;
  login: string;
  display_name: string;
  role: UserRole;
  password_hash: string;
  created_at: Timestamp;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the secret token of the user's tasks feed; null: none made yet. */
  tasks_feed_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The homes a cleaner works in. */
export interface UserHomesTable {
  user_id: number;
  accommodation_id: number;
}

export type TaskState = 'open' | 'done' | 'cancelled';

/** A turnover after one departure (src/tasks): of a booking or of an imported stay. */
export interface TasksTable {
  id: Id;
  kind: 'turnover';
  accommodation_id: number;
  booking_id: number | null;
  external_reservation_id: number | null;
  departure_on: string;
  due_from: Timestamp;
  due_by: Timestamp;
  /** The next arrival's date (null: none known); equal to departure_on for a same-day turnover. */
  next_arrival_on: string | null;
  next_guest_count: number | null;
  assignee_id: number | null;
  state: TaskState;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A confirmed booking's stay whose turnover tasks are still to be planned (src/tasks/new-stay-turnovers.ts). */
export interface TurnoversToPlanTable {
  id: Id;
  accommodation_id: number;
  booking_id: number;
  start_on: string;
  end_on: string;
}

/**
 * A booking confirmed as it was made whose invoice and guest messages are still to be made
 * (src/bookings/confirmed-follow-up.ts).
 */
export interface BookingsToFollowUpTable {
  booking_id: number;
}

export interface ApiKeysTable {
  id: Id;
  user_id: number | null;
  name: string;
  prefix: string;
  secret_hash: string;
  scope: ApiKeyScope;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The key's own inbound webhook signing secret: signed with it, /webhook/update touches only its bookings. */
  webhook_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many event endpoints the key may have; null: the operator's ENDPOINTS_PER_KEY. */
  endpoint_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'test': a test key (`sdk_test_…`), whose bookings are test bookings. */
  mode: ColumnType<Mode, Mode | undefined, Mode>;
}

export interface SettingsTable {
  name: string;
  value: string;
  updated_at: Timestamp;
}

export interface AccommodationsTable {
  id: Id;
  name: string;
  currency: string;
  timezone: string;
  base_price: number;
  cleaning_fee: number;
  tax_rate_ppm: number;
  weekly_discount_ppm: number;
  monthly_discount_ppm: number;
  min_stay: number;
  max_stay: number;
  max_guests: number;
  checkin_time: string;
  checkout_time: string;
  extra_breakfast: number | null;
  extra_linen: number | null;
  extra_late_checkin: number | null;
  /** Guests' mails and invoices are written in it (a GuestLanguage code); default en. */
  language: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when it was archived (deleted while it had bookings): listed nowhere, booked no more. */
  archived_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** JSON `{amount, per, counts, max_nights}` (docs/money.md), null = none. */
  city_tax: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{amount, included_guests}`, null = none. */
  extra_guest_fee: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units held against damage, outside the price; null = none. */
  damage_deposit: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON `[{days_before_checkin, fee}]`, null = free cancellation. */
  cancellation_policy: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{deposit_fraction, balance_days_before}`, null = all due at once. */
  payment_terms: ColumnType<string | null, string | null | undefined, string | null>;
  /** The short-term-rental registration number (EU 2024/1028, CIN, NRUA, …). */
  registration_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Facts guest messages quote (docs/messages.md); admin API and console only, never v1 or events. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  arrival_instructions: ColumnType<string | null, string | null | undefined, string | null>;
  door_code: ColumnType<string | null, string | null | undefined, string | null>;
  wifi_name: ColumnType<string | null, string | null | undefined, string | null>;
  wifi_password: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many days before arrival the guest's page shows the door code (docs/guest-page.md). */
  door_code_days: ColumnType<number, number | undefined, number>;
}

export interface NightlyPricesTable {
  accommodation_id: number;
  night: string;
  price: number;
}

/** One row per occupied night: the primary key (accommodation_id, night) is what makes a double booking impossible. */
export interface NightClaimsTable {
  accommodation_id: number;
  night: string;
  kind: ClaimKind;
  booking_id: number | null;
  external_reservation_id: number | null;
  reason: string | null;
  created_at: Timestamp;
}

/** A test booking's night: one per test key, accommodation and night (its primary key), never a live night. */
export interface TestNightClaimsTable {
  api_key_id: number;
  accommodation_id: number;
  night: string;
  booking_id: number;
  created_at: Timestamp;
}

/** The person who stays: one record per guest, matched by e-mail (src/guests/guest-repository.ts). */
export interface GuestsTable {
  id: Id;
  email: string;
  email_key: string;
  title: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the guest's personal data was erased on request (src/privacy); null: kept. */
  erased_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface BookingsTable {
  id: Id;
  accommodation_id: number;
  guest_id: number;
  confirmation_code: string;
  status: BookingStatus;
  source: string;
  checkin: string;
  checkout: string;
  nights: number;
  adults: number;
  children: number;
  babies: number;
  guest_notes: string;
  payment_method: PaymentMethod;
  payment_intent_id: string | null;
  currency: string;
  base_price: number;
  discount_name: string | null;
  discount_ppm: number;
  discount: number;
  cleaning_fee: number;
  extras: string;
  extras_total: number;
  tax: number;
  total: number;
  hold_expires_at: Timestamp | null;
  cancel_reason: string | null;
  /** The guest's language (a GuestLanguage code) when the booking said it; null: the accommodation's. */
  language: string | null;
  invoice_token: string;
  /** The secret of the guest's page `/guest/<token>` (docs/guest-page.md); a new one voids the old. */
  guest_token: string;
  api_key_id: number | null;
  color_index: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** Set only by the hold expiry: an unpaid card draft it cancelled (a late payment may still confirm it). */
  hold_expired_at: Timestamp | null;
  /** The guest details this booking was made with (the guest record is matched by e-mail, but never rewrites these). */
  guest_title: string | null;
  guest_first_name: string;
  guest_last_name: string;
  guest_email: string;
  guest_phone: string | null;
  /** JSON text of the address object, or null. */
  guest_address: string | null;
  /** The host's own note: never shown to the guest, a partner or a channel, never mailed. */
  internal_note: ColumnType<string, string | undefined, string>;
  /** Why the host set the price by hand; null: the computed price. */
  price_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Payments recorded and not undone, minor units (the payment verbs keep it, under the booking's lock). */
  amount_paid: ColumnType<number, number | undefined, number>;
  /** What the card processor's payment paid, minor units: written when that payment confirms the booking, else 0. */
  processor_paid: ColumnType<number, number | undefined, number>;
  /** Code, names, e-mail and phone folded for search (src/shared/search-text.ts). */
  search_text: ColumnType<string, string | undefined, string>;
  /** 'test': made with a test key; its nights are in test_night_claims and it is in no live list. */
  mode: ColumnType<Mode, Mode | undefined, Mode>;
  /** City tax charged, minor units (in `total`, outside tax and discount). */
  city_tax: ColumnType<number, number | undefined, number>;
  /** Fee for guests beyond those included, minor units (in `total`, taxable). */
  extra_guest_fee: ColumnType<number, number | undefined, number>;
  /** What refunds that lowered the price took off `total`, minor units. */
  price_reduction: ColumnType<number, number | undefined, number>;
  /** Set when cancelled under a policy: the fee kept (0 when none applied or it was waived). */
  cancellation_fee: ColumnType<number | null, number | null | undefined, number | null>;
  /** The damage deposit asked of this booking (its home's when booked), null = none. */
  deposit_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'due' | 'held' | 'returned' | 'kept' | 'partly_kept'; null when no deposit is asked. */
  deposit_state: ColumnType<DepositState | null, DepositState | null | undefined, DepositState | null>;
  deposit_kept: ColumnType<number, number | undefined, number>;
  /** The home's payment terms when booked (JSON), null = all due at once. */
  payment_terms: ColumnType<string | null, string | null | undefined, string | null>;
  guest_company_name: ColumnType<string | null, string | null | undefined, string | null>;
  guest_company_tax_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DepositState = 'due' | 'held' | 'returned' | 'kept' | 'partly_kept';

/** An issued invoice or credit note: never updated, never deleted. */
export interface DocumentsTable {
  id: Id;
  booking_id: number;
  /** From the host's one gapless series (document_series), e.g. INV-2026-0001. */
  number: string;
  kind: 'invoice' | 'credit_note';
  /** 'stay': the booking's price; 'cancellation_fee': the fee kept on cancelling. */
  purpose: 'stay' | 'cancellation_fee';
  issued_on: string;
  /** Minor units; a credit note's is the negative of the invoice it corrects. */
  total_amount: number;
  currency: string;
  /** The number of the invoice a credit note cancels, else null. */
  corrects: string | null;
  /** JSON of what was billed (amounts, stay, billing details): a change of it is a new document. */
  billed: string;
  /** JSON of the payments received when it was issued (printed on it). */
  payments: string;
  /** The PDF, drawn from `billed` and `payments` on the first download and kept: every download is these bytes. */
  pdf: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array>;
  created_at: Timestamp;
}

/** The last number used per series (prefix and, with yearly reset, the year). */
export interface DocumentSeriesTable {
  series: string;
  last_number: number;
}

export interface DepositMovementsTable {
  id: Id;
  booking_id: number;
  action: 'collect' | 'return' | 'keep';
  amount: number;
  reason: string | null;
  recorded_by: string;
  created_at: Timestamp;
}

/** Money given back: 'price_reduced' lowered the price (a credit note), 'money_returned' did not. */
export interface BookingRefundsTable {
  id: Id;
  booking_id: number;
  amount: number;
  method: RecordedPaymentMethod;
  reason: string | null;
  effect: 'price_reduced' | 'money_returned';
  recorded_by: string;
  created_at: Timestamp;
}

export type RecordedPaymentMethod = 'cash' | 'bank_transfer' | 'card' | 'other';

/** A payment the host recorded; undoing it marks it undone, so the history keeps both. */
export interface BookingPaymentsTable {
  id: Id;
  booking_id: number;
  amount: number;
  method: RecordedPaymentMethod;
  received_on: string;
  reference: string | null;
  /** Who recorded it ('api_key:<id>' or 'console_user:<id>'). */
  recorded_by: string;
  created_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by: string | null;
}

/** The events of a move of the lifecycle's transition table. */
export type TransitionEventKind = 'confirmed' | 'modified' | 'cancelled' | 'expired' | 'reinstated';

export type BookingEventKind =
  | 'created'
  | 'confirmed'
  | 'modified'
  | 'cancelled'
  | 'expired'
  | 'reinstated'
  | 'noted'
  | 'guest_corrected'
  | 'payment_recorded'
  | 'payment_undone'
  | 'cancellation_fee'
  | 'deposit_collected'
  | 'deposit_returned'
  | 'deposit_kept'
  | 'refund_recorded'
  | 'guest_url_renewed';
export type BookingActorKind = 'api_key' | 'webhook' | 'payment_event' | 'hold_expiry' | 'host' | 'system';

/** One change of a booking's state: what happened, the status it left, who did it and why. */
export interface BookingEventsTable {
  id: Id;
  booking_id: number;
  event: BookingEventKind;
  status: BookingStatus;
  actor_kind: BookingActorKind;
  /** The api key id, payment event id or webhook delivery id, when the actor has one. */
  actor_ref: string | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface ExternalFeedsTable {
  id: Id;
  accommodation_id: number;
  name: string;
  url: string;
  created_at: Timestamp;
  last_synced_at: Timestamp | null;
  last_status: string | null;
  last_error: string | null;
  last_success_at: Timestamp | null;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  etag: string | null;
  last_modified: string | null;
  /** When the schedule may pull the feed next (after the interval, or a failure's backoff). */
  next_attempt_at: Timestamp | null;
  /** Secret token of this feed's export URL (every taken night but this feed's own). */
  export_token: string | null;
  /** SHA-256 of the last calendar body read: the same body again is not read again. */
  body_hash: string | null;
  /** The accommodation's time zone the stays were read in; another zone reads the feed again. */
  parsed_time_zone: string | null;
  /** When an empty calendar from this feed, which had stays, was held back (its stays kept). */
  empty_held_at: Timestamp | null;
  /** ETag of the feed's own export as last served, and when it last changed (Last-Modified). */
  export_etag: string | null;
  export_modified_at: Timestamp | null;
}

export interface ExternalReservationsTable {
  id: Id;
  feed_id: number;
  accommodation_id: number;
  uid: string;
  summary: string;
  start_date: string;
  end_date: string;
  /** The Staydesk stay this one mirrors ('booking:<id>', 'block', 'external:<id>'); null: a stay of its own. */
  echo_of: ColumnType<string | null, string | null | undefined, string | null>;
  kind: ColumnType<
    'reserved' | 'not_available',
    'reserved' | 'not_available' | undefined,
    'reserved' | 'not_available'
  >;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IcalPullsTable {
  id: Id;
  feed_id: number;
  started_at: Timestamp;
  outcome: 'updated' | 'not_modified' | 'held' | 'failed';
  http_status: number | null;
  added: number;
  changed: number;
  removed: number;
  error: string | null;
}

export interface OverbookingAlertsTable {
  id: Id;
  accommodation_id: number;
  feed_id: number;
  external_reservation_id: number;
  /** 'booking:<id>', 'block' or 'external:<id>': one alert per pair of sides. */
  other_key: string;
  other_kind: ClaimKind;
  other_booking_id: number | null;
  other_external_reservation_id: number | null;
  first_night: string;
  nights: number;
  created_at: Timestamp;
}

export interface IcalExportsTable {
  accommodation_id: number;
  token: string;
  created_at: Timestamp;
  /** ETag of the export as last served, and when it last changed (Last-Modified). */
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  modified_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OutboxTable {
  id: Id;
  kind: string;
  template: string;
  booking_id: number | null;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: OutboxStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Where the guest's answer goes (a guest message: the host), null: to the sender. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdempotencyKeysTable {
  api_key_id: number;
  key: string;
  request_hash: string;
  booking_id: number | null;
  response: string;
  created_at: Timestamp;
}

/** A signed webhook received (calendar service or card processor): a replay is refused or answered as before. */
export interface InboundWebhookEventsTable {
  id: Id;
  source: string;
  dedupe_key: string;
  event_type: string;
  outcome: string;
  detail: string | null;
  booking_id: number | null;
  received_at: Timestamp;
  /** null: kept (payment event ids); else forgotten from then on, and deleted by the prune job. */
  expires_at: Timestamp | null;
  answer_status: number | null;
  /** JSON of the answer given, replayed to a repeat of the same delivery. */
  answer_body: string | null;
}

export interface PaymentIssuesTable {
  id: Id;
  booking_id: number | null;
  kind: string;
  payment_intent_id: string | null;
  amount: number | null;
  currency: string | null;
  detail: string;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

/** A signed-in session of the console; only the hash of its token is kept. */
export interface ConsoleSessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A lease per scheduled job name, so that one process runs a periodic job at a time. */
export interface JobLeasesTable {
  name: string;
  locked_until: Timestamp;
  locked_by: string;
}

/** One event a partner hears about: a change of one of its key's bookings, or of a calendar (api_key_id null). */
export interface PartnerEventsTable {
  id: Id;
  api_key_id: number | null;
  booking_id: number | null;
  type: string;
  /** JSON of the body sent: {type, timestamp, data}. */
  payload: string;
  created_at: Timestamp;
}

export type EndpointStatus = 'active' | 'paused' | 'disabled';

/** A partner's endpoint: where its events are sent, signed with `secret` (and `previous_secret` until it runs out). */
export interface EventEndpointsTable {
  id: Id;
  api_key_id: number;
  url: string;
  /** JSON array of the event types sent to it. */
  events: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  status: EndpointStatus;
  /** Since when every attempt has failed; null after a success. */
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to one endpoint, and how sending it went. */
export interface EventDeliveriesTable {
  id: Id;
  endpoint_id: number;
  event_id: number;
  booking_id: number | null;
  status: DeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_status: number | null;
  /** The endpoint's last answer body, truncated. */
  last_response: string | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** A guest message's text per language: subject and body as JSON `{<lang>: text}`. */
export interface MessageTemplatesTable {
  id: Id;
  name: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MessageRuleState = 'active' | 'paused';

/** When a template is sent, and to which bookings (docs/messages.md). */
export interface MessageRulesTable {
  id: Id;
  name: string;
  template_id: number;
  event: string;
  offset_days: number;
  /** `HH:MM` in the home's zone, null: at the event's instant (event triggers) or 10:00. */
  at: string | null;
  /** JSON `{accommodation_ids, sources, min_nights, payment_states}`. */
  conditions: string;
  state: MessageRuleState;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ScheduledMessageState = 'scheduled' | 'sent' | 'skipped' | 'failed';

/** One rule's message to one booking: unique on (rule_id, booking_id). */
export interface ScheduledMessagesTable {
  id: Id;
  rule_id: number;
  booking_id: number;
  send_at: Timestamp;
  state: ScheduledMessageState;
  reason: string | null;
  sent_at: Timestamp | null;
  outbox_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One booking's online check-in (src/registrations). */
export interface RegistrationsTable {
  booking_id: number;
  /** `HH:MM` as the guest gave it; null: not given. */
  arrival_time: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RegistrationSex = 'M' | 'F';
export type RegistrationDocumentType = 'passport' | 'id_card' | 'driving_licence';

/** One guest of a check-in; position 0 is the lead guest. Null fields: not given (or erased). */
export interface RegistrationGuestsTable {
  id: Id;
  booking_id: number;
  position: number;
  first_name: string;
  last_name: string;
  sex: RegistrationSex | null;
  birth_date: string | null;
  birth_place: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality: string | null;
  document_type: RegistrationDocumentType | null;
  document_number: string | null;
  document_country: string | null;
  /** The lead guest's address: the JSON object of src/guests/stored-address.ts. */
  address: string | null;
  /** When the retention job erased the document fields; null: kept. */
  documents_erased_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AlloggiatiCodeKind = 'comune' | 'state' | 'document' | 'guest_type';

/** Italy's Alloggiati Web code tables as the host imported them (src/authorities). */
export interface AlloggiatiCodesTable {
  kind: AlloggiatiCodeKind;
  code: string;
  name: string;
  /** The name as places are matched by: upper case, without accents, apostrophes or punctuation. */
  name_key: string;
  /** A comune's province (two letters); null for other kinds. */
  province: string | null;
  /** The last day a place existed; null: still does. */
  valid_until: string | null;
}

export interface Database {
  users: UsersTable;
  user_homes: UserHomesTable;
  tasks: TasksTable;
  turnovers_to_plan: TurnoversToPlanTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  accommodations: AccommodationsTable;
  nightly_prices: NightlyPricesTable;
  night_claims: NightClaimsTable;
  test_night_claims: TestNightClaimsTable;
  guests: GuestsTable;
  bookings: BookingsTable;
  booking_events: BookingEventsTable;
  booking_payments: BookingPaymentsTable;
  documents: DocumentsTable;
  document_series: DocumentSeriesTable;
  bookings_to_follow_up: BookingsToFollowUpTable;
  deposit_movements: DepositMovementsTable;
  booking_refunds: BookingRefundsTable;
  external_feeds: ExternalFeedsTable;
  external_reservations: ExternalReservationsTable;
  ical_pulls: IcalPullsTable;
  overbooking_alerts: OverbookingAlertsTable;
  ical_exports: IcalExportsTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  inbound_webhook_events: InboundWebhookEventsTable;
  payment_issues: PaymentIssuesTable;
  job_leases: JobLeasesTable;
  console_sessions: ConsoleSessionsTable;
  partner_events: PartnerEventsTable;
  event_endpoints: EventEndpointsTable;
  event_deliveries: EventDeliveriesTable;
  message_templates: MessageTemplatesTable;
  message_rules: MessageRulesTable;
  scheduled_messages: ScheduledMessagesTable;
  registrations: RegistrationsTable;
  registration_guests: RegistrationGuestsTable;
  alloggiati_codes: AlloggiatiCodesTable;
}

export type Accommodation = Selectable<AccommodationsTable>;
export type NewAccommodation = Insertable<AccommodationsTable>;
export type AccommodationUpdate = Updateable<AccommodationsTable>;
export type Booking = Selectable<BookingsTable>;
export type NewBooking = Insertable<BookingsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
