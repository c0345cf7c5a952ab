/**
 * The closed table of `details.reason` values: what a client may branch on. Each reason has the
 * HTTP status(es) it comes with and what it means; the typed factories of errors.ts only accept a
 * reason listed here for their status. docs/api.md#error-reasons and the OpenAPI
 * document (`details.reason` of the error envelope) list the same table; a unit test keeps the
 * three in step.
 */

export const ERROR_REASONS = {
  // 400: the request itself
  malformed_json: { status: [400], meaning: 'the body is not valid JSON' },
  forbidden_json_key: { status: [400], meaning: 'the JSON body has a `__proto__` or `constructor.prototype` key' },
  unsupported_media_type: { status: [400], meaning: 'the body is not sent as `application/json`' },
  malformed_http: { status: [400], meaning: 'the request line, headers or chunked body are not valid HTTP/1.1' },
  bad_request: { status: [400], meaning: 'another request the framework could not understand' },
  bad_url: { status: [400], meaning: 'the URL is not valid (e.g. bad percent-encoding)' },
  param_too_long: { status: [400], meaning: 'a path parameter is longer than the router takes (100 characters)' },
  nul_character: { status: [400], meaning: 'a body or query string value contains U+0000' },
  legacy_jsonrpc_body: { status: [400], meaning: 'a v1 body wrapped as legacy JSON-RPC `{jsonrpc, method, params}`' },
  // 400: schema validation (`invalid_<keyword>` for the schema keyword that failed)
  invalid: { status: [400], meaning: 'the request does not match its schema (no more specific reason)' },
  missing: { status: [400], meaning: 'a required field is missing' },
  unknown_parameter: { status: [400], meaning: 'a field or filter that a closed body or query does not know' },
  invalid_type: { status: [400], meaning: 'a value of the wrong JSON type (no coercion)' },
  invalid_enum: { status: [400], meaning: 'a value outside a fixed set; `expected` lists the allowed values' },
  invalid_const: { status: [400], meaning: 'a value other than the one allowed' },
  invalid_anyOf: { status: [400], meaning: 'a value that matches none of the allowed shapes' },
  invalid_format: { status: [400], meaning: 'a string not in the required format (date, e-mail, URI, ...)' },
  invalid_pattern: { status: [400], meaning: 'a string not matching the required pattern' },
  invalid_minLength: { status: [400], meaning: 'a string shorter than allowed' },
  invalid_maxLength: { status: [400], meaning: 'a string longer than allowed' },
  invalid_minimum: { status: [400], meaning: 'a number below the minimum' },
  invalid_maximum: { status: [400], meaning: 'a number above the maximum' },
  invalid_exclusiveMinimum: { status: [400], meaning: 'a number not above the exclusive minimum' },
  invalid_exclusiveMaximum: { status: [400], meaning: 'a number not below the exclusive maximum' },
  invalid_minItems: { status: [400], meaning: 'a list with fewer items than allowed' },
  invalid_maxItems: { status: [400], meaning: 'a list with more items than allowed' },
  // 400: values the schema cannot judge
  blank: { status: [400], meaning: 'a name that is empty once trimmed' },
  homes_for_cleaners: {
    status: [400],
    meaning: '`accommodation_ids` given to a role other than `cleaner` (the other roles see every home)',
  },
  test_admin_key: { status: [400], meaning: 'a test key asked for with admin scope: test keys call the v1 API only' },
  out_of_range: {
    status: [400],
    meaning: 'a list `limit` outside its range: 1–200 (admin lists), 1–500 (`GET /events`); the message names it',
  },
  invalid_date: { status: [400], meaning: 'not a real calendar date `YYYY-MM-DD`' },
  invalid_range: {
    status: [400],
    meaning: 'an end date not after the start date (of tasks and registrations: before it)',
  },
  range_too_long: {
    status: [400],
    meaning:
      'an admin date range of more than 731 nights (blocks, prices), 1827 nights (reports) ' +
      'or 366 days (tasks, registrations)',
  },
  not_in_italy: {
    status: [400],
    meaning: 'an Alloggiati Web file asked for a home whose registration number is no Italian CIN (`IT…`)',
  },
  past_date: { status: [400], meaning: "a stay that starts before today in the accommodation's time zone" },
  future_date: { status: [400], meaning: "a guest's birth date after today" },
  implausible_date: { status: [400], meaning: "a guest's birth date more than 120 years ago" },
  invalid_time: { status: [400], meaning: 'not a time of day `HH:MM` (00:00 to 23:59)' },
  too_many_guests: {
    status: [400],
    meaning: "a check-in with more guests than the booking's adults and children",
  },
  min_stay: { status: [400], meaning: "fewer nights than the accommodation's minimum stay" },
  max_stay: { status: [400], meaning: "more nights than the accommodation's maximum stay" },
  max_guests: { status: [400], meaning: 'more guests than the accommodation takes' },
  extra_not_offered: { status: [400], meaning: 'an extra the accommodation does not offer' },
  composition_mismatch: {
    status: [400],
    meaning: 'an availability `composition` whose adults + children differ from `guest_count`',
  },
  duplicate_tier: { status: [400], meaning: 'a cancellation policy with two tiers for the same `days_before_checkin`' },
  unknown_currency: { status: [400], meaning: 'not an ISO 4217 currency code' },
  invalid_amount: {
    status: [400],
    meaning: "an amount that cannot be expressed in the currency's minor units, or a payment of 0",
  },
  reason_required: { status: [400], meaning: 'keeping a damage deposit, or part of it, without saying why' },
  amount_too_large: { status: [400], meaning: 'a money amount above the bound the store holds' },
  invalid_rate: { status: [400], meaning: 'a rate that is not a fraction from 0 to 1 with at most 6 decimals' },
  unknown_country: { status: [400], meaning: 'a `country` that is not an ISO 3166-1 alpha-2 code' },
  unknown_timezone: { status: [400], meaning: 'not an IANA time zone name' },
  invalid_iban: { status: [400], meaning: 'an IBAN whose ISO 13616 check digits do not match' },
  invalid_url: { status: [400], meaning: 'a feed or event endpoint URL that is not an http(s) URL' },
  private_address: {
    status: [400],
    meaning: 'a feed or event endpoint URL naming a loopback, private or internal address',
  },
  unknown_variable: {
    status: [400],
    meaning: 'a message template uses a variable that does not exist; the message names it',
  },
  invalid_template: { status: [400], meaning: 'a message template that is not valid Liquid (an unclosed tag, ...)' },
  unknown_language: {
    status: [400],
    meaning: "a message template's language that is not offered, or a subject and body in different languages",
  },
  invalid_cursor: { status: [400], meaning: 'an events `after` cursor that is not an event id' },
  own_export_url: {
    status: [400],
    meaning: "a feed URL that is the accommodation's own calendar export URL (it would import its own nights)",
  },
  invalid_timestamp: { status: [400], meaning: 'a webhook `timestamp` that is not an ISO 8601 date-time' },
  invalid_payment_intent: { status: [400], meaning: 'a payment event without a readable payment intent' },
  payment_webhook_not_configured: {
    status: [400],
    meaning: 'no payment webhook secret is set, so every payment event is refused',
  },
  stale_signature: { status: [400], meaning: 'a `Stripe-Signature` dated more than 5 minutes from now' },
  // 400 (payment events) or 401 (service webhooks)
  missing_signature: { status: [400, 401], meaning: 'a signed webhook sent without its signature header' },
  invalid_signature: { status: [400, 401], meaning: 'a webhook signature that does not match the body' },
  // 401, 403
  missing_api_key: { status: [401], meaning: 'no `Authorization: Bearer` API key' },
  invalid_api_key: { status: [401], meaning: 'an unknown or revoked API key' },
  missing_metrics_token: { status: [401], meaning: 'no bearer token on `/metrics` while `METRICS_TOKEN` is set' },
  invalid_metrics_token: { status: [401], meaning: 'a wrong bearer token on `/metrics`' },
  missing_timestamp: { status: [401], meaning: 'a webhook body without `timestamp` while a signing secret is set' },
  stale_timestamp: { status: [401], meaning: 'a webhook `timestamp` more than 5 minutes from now (possible replay)' },
  admin_scope_required: { status: [403], meaning: 'an API key without admin scope on the admin API' },
  test_key_required: { status: [403], meaning: 'a live API key on a test-mode route (`/test/...`)' },
  secret_scope: {
    status: [403],
    meaning:
      "a `/webhook/calendar_sync` signed with an API key's own webhook secret: only the global secret syncs calendars",
  },
  // 404
  unknown_route: { status: [404], meaning: 'no route for this method and path' },
  accommodation_not_found: { status: [404], meaning: 'no accommodation with this id' },
  booking_not_found: { status: [404], meaning: 'no booking with this id (or not one this API key may read)' },
  payment_not_found: { status: [404], meaning: 'the booking has no recorded payment with this id' },
  api_key_not_found: { status: [404], meaning: 'no API key with this id' },
  message_not_found: { status: [404], meaning: 'no outbox message with this id' },
  feed_not_found: { status: [404], meaning: 'the accommodation has no iCal feed with this id' },
  invoice_not_found: { status: [404], meaning: 'no booking has this invoice address (unknown token)' },
  document_not_found: { status: [404], meaning: 'no invoice or credit note with this number' },
  calendar_not_found: { status: [404], meaning: 'no iCal export calendar at this address' },
  endpoint_not_found: { status: [404], meaning: 'no event endpoint with this id (or not one this API key owns)' },
  template_not_found: { status: [404], meaning: 'no message template with this id' },
  rule_not_found: { status: [404], meaning: 'no message rule with this id' },
  scheduled_message_not_found: { status: [404], meaning: 'the booking has no scheduled guest message with this id' },
  delivery_not_found: { status: [404], meaning: 'the event endpoint has no delivery with this id' },
  user_not_found: { status: [404], meaning: 'no console user with this id' },
  task_not_found: { status: [404], meaning: 'no task with this id' },
  guest_not_found: { status: [404], meaning: 'no guest record with this id' },
  // 408
  request_timeout: { status: [408], meaning: 'the headers and body did not all arrive within the request timeout' },
  // 409
  dates_unavailable: {
    status: [409],
    meaning: 'a night of the stay is taken; `details` names the first one and its holder',
  },
  price_mismatch: { status: [409], meaning: 'the amount sent does not match the price of the stay' },
  idempotency_key_reused: { status: [409], meaning: 'an idempotency key repeated with a different body' },
  booking_cancelled: { status: [409], meaning: 'a cancelled booking cannot be modified' },
  booking_not_confirmed: { status: [409], meaning: 'a draft awaiting card payment cannot be modified' },
  stay_ended: { status: [409], meaning: "the stay's departure day has passed: its check-in can no longer be changed" },
  booking_not_cancelled: { status: [409], meaning: 'only a cancelled booking can have its cancellation undone' },
  never_confirmed: { status: [409], meaning: 'a booking that was never confirmed cannot have its cancellation undone' },
  payment_already_undone: { status: [409], meaning: 'the recorded payment was undone already' },
  refund_exceeds_paid: {
    status: [409],
    meaning:
      'the refunds of a booking would be more than was paid for it ' +
      '(a refund too large, or undoing a payment a refund gave back)',
  },
  no_deposit: {
    status: [409],
    meaning: 'the booking has no damage deposit (its home asked none when it was booked)',
  },
  deposit_already_collected: {
    status: [409],
    meaning: 'the damage deposit was collected already',
  },
  deposit_not_held: {
    status: [409],
    meaning: 'the damage deposit is not held: not collected yet, or already returned or kept',
  },
  keep_exceeds_deposit: {
    status: [409],
    meaning: 'keeping more of a damage deposit than is held',
  },
  refund_exceeds_price: {
    status: [409],
    meaning: "a refund that lowers the price by more than the booking's price",
  },
  booking_not_draft: { status: [409], meaning: 'only a draft awaiting card payment can be released by its API key' },
  has_bookings: {
    status: [409],
    meaning:
      "an accommodation with bookings cannot change currency (nor the set-up step remove a demo home's bookings)",
  },
  accommodation_archived: {
    status: [409],
    meaning: 'the accommodation is archived (it was deleted while it had bookings) and takes no new booking',
  },
  endpoint_limit: {
    status: [409],
    meaning:
      'the API key has as many event endpoints as it may (`ENDPOINTS_PER_KEY`, or its own limit set by the host)',
  },
  alloggiati_tables_missing: {
    status: [409],
    meaning: 'the Alloggiati Web code tables are not loaded yet: run `staydesk alloggiati-tables import FOLDER`',
  },
  registrations_blocking: {
    status: [409],
    meaning:
      'guests arriving that day cannot be written in the Alloggiati Web file yet: ' +
      '`details.blocking` names each guest, the field and why',
  },
  duplicate_feed_name: { status: [409], meaning: 'the accommodation already has an iCal feed with this name' },
  template_in_use: { status: [409], meaning: 'a message template that a rule sends cannot be deleted' },
  rule_in_use: { status: [409], meaning: 'a message rule that has sent messages cannot be deleted: pause it' },
  message_not_scheduled: {
    status: [409],
    meaning: 'a guest message that was sent already (or, to skip it, is not scheduled) cannot be sent now or skipped',
  },
  guest_without_email: {
    status: [409],
    meaning: 'a booking whose guest has no e-mail address cannot be sent a message',
  },
  login_taken: { status: [409], meaning: 'a user with this login exists' },
  last_owner: { status: [409], meaning: 'the last owner cannot be given another role' },
  assignee_not_allowed: {
    status: [409],
    meaning: "the task's assignee cannot do tasks (their role), or is a cleaner not given the task's home",
  },
  task_cancelled: {
    status: [409],
    meaning: 'a cancelled task (its stay was cancelled) cannot be reopened or ticked done',
  },
  // 413, 429, 431, 503
  body_too_large: { status: [413], meaning: 'a body over 1 MiB' },
  rate_limited: { status: [429], meaning: 'too many requests (per key, per address, or failed authentications)' },
  draft_limit: { status: [429], meaning: 'the API key holds the most live card-payment drafts it may' },
  headers_too_large: { status: [431], meaning: 'request headers over 16 KiB' },
  store_unavailable: {
    status: [503],
    meaning: 'the database cannot be reached or written for a moment; nothing was done: retry after `Retry-After`',
  },
  shutting_down: { status: [503], meaning: 'the server is draining before it stops; retry on another process' },
  outcome_unknown: {
    status: [503],
    meaning:
      'the database went away while the change was being committed and it could not be checked whether it was; ' +
      'retry with the same `idempotency_key`',
  },
} as const satisfies Record<string, { status: readonly number[]; meaning: string }>;

export type ErrorReason = keyof typeof ERROR_REASONS;

/** The reasons that may come with HTTP status `S`. */
export type ReasonFor<S extends number> = {
  [R in ErrorReason]: S extends (typeof ERROR_REASONS)[R]['status'][number] ? R : never;
}[ErrorReason];

export const ERROR_REASON_NAMES = Object.keys(ERROR_REASONS) as ErrorReason[];

/** Whether `reason` is in the table for HTTP status `status`. */
export function isReasonFor<S extends number>(reason: string, status: S): reason is ReasonFor<S> {
  return (
    Object.hasOwn(ERROR_REASONS, reason) &&
    (ERROR_REASONS[reason as ErrorReason].status as readonly number[]).includes(status)
  );
}

/** The reason for a schema keyword that failed validation; a keyword the table lacks is `invalid`. */
export function validationReason(keyword: string): ReasonFor<400> {
  const reason = `invalid_${keyword}`;
  return isReasonFor(reason, 400) ? reason : 'invalid';
}
