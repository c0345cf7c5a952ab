import { ERROR_REASONS, ERROR_REASON_NAMES, type ErrorReason } from './error-reasons.ts';
import type { RouteAuth } from './types.ts';

/**
 * Which error statuses and `details.reason` values each operation of the OpenAPI document lists.
 * Most follow from how a route is reached (its key, its body, its path parameters, its rate
 * limit); what a feature adds is in OPERATION_REASONS, keyed by "METHOD /path" with the path as
 * the document spells it after the service slug (`/api/v1/{svc}` is written `/v1`).
 */

export interface OperationFacts {
  method: string;
  /** The document's path, e.g. `/api/v1/staydesk/bookings/{booking_id}`. */
  path: string;
  slug: string;
  auth: RouteAuth;
  hasBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  rateLimited: boolean;
}

/** Reasons of a request that fails its schema (validation-errors.ts). */
const VALIDATION: ErrorReason[] = [
  'invalid',
  'missing',
  'unknown_parameter',
  ...(['type', 'enum', 'const', 'anyOf', 'format', 'pattern', 'minLength', 'maxLength'] as const).map(
    (k) => `invalid_${k}` as const,
  ),
  ...(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'] as const).map(
    (k) => `invalid_${k}` as const,
  ),
];
const BODY: ErrorReason[] = ['malformed_json', 'forbidden_json_key', 'unsupported_media_type', 'nul_character'];
const STAY: ErrorReason[] = [
  'invalid_date',
  'invalid_range',
  'past_date',
  'min_stay',
  'max_stay',
  'max_guests',
  'extra_not_offered',
];
const ACCOMMODATION_FIELDS: ErrorReason[] = [
  'blank',
  'unknown_currency',
  'invalid_amount',
  'amount_too_large',
  'invalid_rate',
  'unknown_timezone',
  'invalid_range',
];
const NIGHT_RANGE: ErrorReason[] = ['invalid_date', 'invalid_range', 'range_too_long'];
const SERVICE_SIGNATURE: ErrorReason[] = [
  'missing_signature',
  'invalid_signature',
  'missing_timestamp',
  'stale_timestamp',
];

/** What a booking the host makes or edits by hand may be refused for, beside the stay's rules. */
const HAND_BOOKING: ErrorReason[] = [
  'accommodation_not_found',
  'dates_unavailable',
  'invalid_amount',
  'amount_too_large',
  'blank',
];

/** What a feature adds, by "METHOD path" (path after the slug substitution described above). */
const OPERATION_REASONS: Record<string, ErrorReason[]> = {
  'POST /v1/availability': [...STAY, 'accommodation_not_found', 'amount_too_large'],
  'POST /v1/bookings': [
    ...STAY,
    'accommodation_not_found',
    'accommodation_archived',
    'amount_too_large',
    'dates_unavailable',
    'price_mismatch',
    'idempotency_key_reused',
    'draft_limit',
  ],
  'GET /v1/bookings/{booking_id}': ['booking_not_found'],
  'POST /v1/bookings/{booking_id}/cancel': [
    'booking_not_found',
    'booking_cancelled',
    'booking_not_confirmed',
    'booking_not_draft',
  ],
  'POST /v1/webhook-endpoints': ['invalid_url', 'private_address', 'endpoint_limit'],
  'DELETE /v1/webhook-endpoints/{id}': ['endpoint_not_found'],
  'POST /v1/webhook-endpoints/{id}/test': ['endpoint_not_found'],
  'POST /v1/calendar': ['accommodation_not_found'],
  'POST /v1/calendar/health': ['accommodation_not_found'],
  'POST /v1/calendar/test': ['accommodation_not_found'],
  'POST /v1/calendar/debug': ['accommodation_not_found'],
  'GET /v1/events': ['out_of_range', 'invalid_cursor'],
  'POST /v1/test/bookings/{booking_id}/payment': ['test_key_required', 'booking_not_found'],
  'POST /webhook/update': [
    ...SERVICE_SIGNATURE,
    'invalid_timestamp',
    ...STAY,
    'booking_not_found',
    'dates_unavailable',
    'booking_cancelled',
    'booking_not_confirmed',
    'amount_too_large',
  ],
  'POST /webhook/calendar_sync': [...SERVICE_SIGNATURE, 'invalid_timestamp', 'secret_scope', 'accommodation_not_found'],
  'POST /api/payment/webhook': [
    'missing_signature',
    'invalid_signature',
    'stale_signature',
    'payment_webhook_not_configured',
    'invalid_payment_intent',
  ],
  'GET /invoices/{token}': ['invoice_not_found'],
  'GET /ical/{file}': ['calendar_not_found'],
  'GET /tasks/{file}': ['calendar_not_found'],
  'GET /metrics': ['missing_metrics_token', 'invalid_metrics_token'],
};

/** Admin routes, by the pattern of their path (first match wins). */
const ADMIN_REASONS: [RegExp, ErrorReason[]][] = [
  [/^(POST|PATCH) \/admin\/api\/accommodations(\/\{id\})?$/, [...ACCOMMODATION_FIELDS, 'min_stay', 'max_stay']],
  [/^(PUT|GET) \/admin\/api\/accommodations\/\{id\}\/prices$/, [...NIGHT_RANGE, 'invalid_amount', 'amount_too_large']],
  [/\/blocks$/, [...NIGHT_RANGE, 'dates_unavailable']],
  [/\/ical-feeds/, ['invalid_url', 'private_address', 'own_export_url', 'duplicate_feed_name', 'feed_not_found']],
  [/\/reports\//, [...NIGHT_RANGE, 'accommodation_not_found']],
  [
    /^GET \/admin\/api\/registrations\/alloggiati$/,
    ['invalid_date', 'accommodation_not_found', 'not_in_italy', 'alloggiati_tables_missing', 'registrations_blocking'],
  ],
  [/^GET \/admin\/api\/registrations\.csv$/, ['invalid_date', 'invalid_range', 'range_too_long']],
  [/^GET \/admin\/api\/guests\/\{id\}\/export$/, ['guest_not_found']],
  [/^POST \/admin\/api\/guests\/\{id\}\/erase$/, ['guest_not_found']],
  [/^GET \/admin\/api\/documents(\.csv)?$/, ['invalid_date', 'invalid_range']],
  [/^GET \/admin\/api\/documents\/\{number\}\/pdf$/, ['document_not_found']],
  [/^POST \/admin\/api\/api-keys$/, ['blank', 'test_admin_key']],
  [/\/api-keys\/\{id\}/, ['api_key_not_found']],
  [/^POST \/admin\/api\/webhook-endpoints$/, ['invalid_url', 'private_address', 'api_key_not_found', 'endpoint_limit']],
  [/\/outbox\/\{id\}/, ['message_not_found']],
  [/^POST \/admin\/api\/users$/, ['login_taken', 'homes_for_cleaners', 'accommodation_not_found']],
  [/\/users\/\{id\}/, ['user_not_found', 'last_owner', 'homes_for_cleaners', 'accommodation_not_found']],
  [/^GET \/admin\/api\/tasks$/, NIGHT_RANGE],
  [/\/tasks\/\{id\}/, ['task_not_found', 'task_cancelled', 'assignee_not_allowed']],
  [
    /\/webhook-endpoints/,
    ['invalid_url', 'private_address', 'api_key_not_found', 'endpoint_not_found', 'delivery_not_found'],
  ],
  [/^POST \/admin\/api\/bookings$/, [...STAY, ...HAND_BOOKING, 'accommodation_archived']],
  [
    /^POST \/admin\/api\/bookings\/\{id\}\/reinstate$/,
    ['booking_not_found', 'booking_not_cancelled', 'never_confirmed', 'dates_unavailable'],
  ],
  [
    /^PATCH \/admin\/api\/bookings\/\{id\}$/,
    [...STAY, ...HAND_BOOKING, 'booking_not_found', 'booking_cancelled', 'booking_not_confirmed', 'unknown_country'],
  ],
  [
    /^POST \/admin\/api\/bookings\/\{id\}\/deposit$/,
    [
      'booking_not_found',
      'no_deposit',
      'deposit_already_collected',
      'deposit_not_held',
      'keep_exceeds_deposit',
      'reason_required',
      'invalid_amount',
      'amount_too_large',
    ],
  ],
  [
    /^POST \/admin\/api\/bookings\/\{id\}\/refunds$/,
    [
      'booking_not_found',
      'refund_exceeds_paid',
      'refund_exceeds_price',
      'booking_cancelled',
      'invalid_amount',
      'amount_too_large',
    ],
  ],
  [
    /\/payments/,
    [
      'booking_not_found',
      'payment_not_found',
      'payment_already_undone',
      'refund_exceeds_paid',
      'invalid_amount',
      'invalid_date',
    ],
  ],
  [
    /\/bookings\/\{id\}\/messages\//,
    ['booking_not_found', 'scheduled_message_not_found', 'message_not_scheduled', 'guest_without_email'],
  ],
  [/\/bookings\/\{id\}/, ['booking_not_found']],
  [/^POST \/admin\/api\/message-templates\/\{id\}\/preview$/, ['template_not_found', 'booking_not_found']],
  [
    /^(POST|PATCH) \/admin\/api\/message-templates/,
    ['blank', 'unknown_variable', 'invalid_template', 'unknown_language', 'template_not_found'],
  ],
  [/^GET \/admin\/api\/message-templates\/\{id\}$/, ['template_not_found']],
  [/^DELETE \/admin\/api\/message-templates\/\{id\}$/, ['template_not_found', 'template_in_use']],
  [/^(POST|PATCH) \/admin\/api\/message-rules/, ['blank', 'template_not_found', 'rule_not_found']],
  [/^GET \/admin\/api\/message-rules\/\{id\}$/, ['rule_not_found']],
  [/^DELETE \/admin\/api\/message-rules\/\{id\}$/, ['rule_not_found', 'rule_in_use']],
  [
    /^GET \/admin\/api\/(bookings|bookings\.csv|outbox|payment-issues|accommodations)$/,
    ['out_of_range', 'invalid_date'],
  ],
];

function featureReasons(facts: OperationFacts): ErrorReason[] {
  const path = facts.path.replace(`/api/v1/${facts.slug}/`, '/v1/').replace(`/${facts.slug}/`, '/');
  const key = `${facts.method} ${path}`;
  const own = OPERATION_REASONS[key] ?? [];
  const admin = path.startsWith('/admin/api') ? (ADMIN_REASONS.find(([pattern]) => pattern.test(key))?.[1] ?? []) : [];
  const accommodation = /\/accommodations\/\{id\}/.test(path) ? (['accommodation_not_found'] as const) : [];
  // Only a change of currency is refused for bookings (a delete archives instead).
  const currency = key === 'PATCH /admin/api/accommodations/{id}' ? (['has_bookings'] as const) : [];
  return [...own, ...admin, ...accommodation, ...currency];
}

/** Status → reasons an operation may answer (500 carries no reason, so it maps to an empty list). */
export function operationErrors(facts: OperationFacts): Map<number, ErrorReason[]> {
  const reasons = new Set<ErrorReason>(featureReasons(facts));
  // Any method but GET may carry a body, and it is read (and refused) before the route runs.
  if (facts.hasBody || facts.method !== 'GET') {
    for (const r of BODY) reasons.add(r);
    reasons.add('body_too_large');
  }
  if (facts.hasBody || facts.hasParams || facts.hasQuery) for (const r of VALIDATION) reasons.add(r);
  if (facts.hasParams) {
    reasons.add('param_too_long');
    reasons.add('bad_url');
  }
  if (facts.hasBody && facts.path.startsWith(`/api/v1/`)) reasons.add('legacy_jsonrpc_body');
  if (facts.auth === 'api' || facts.auth === 'admin') {
    reasons.add('missing_api_key');
    reasons.add('invalid_api_key');
  }
  if (facts.auth === 'admin') reasons.add('admin_scope_required');
  if (facts.rateLimited) reasons.add('rate_limited');
  // Answered before routing, to any path (client-errors.ts).
  reasons.add('request_timeout');
  reasons.add('headers_too_large');
  const touchesStore = !['/healthz', '/metrics'].includes(facts.path);
  if (touchesStore) reasons.add('store_unavailable');
  reasons.add('shutting_down');

  const byStatus = new Map<number, ErrorReason[]>();
  for (const reason of ERROR_REASON_NAMES) {
    if (!reasons.has(reason)) continue;
    const statuses: readonly number[] = ERROR_REASONS[reason].status;
    // A reason valid for two statuses (webhook signatures) goes under the one its route answers.
    const status =
      statuses.length === 1 ? statuses[0] : facts.auth === 'payment-signature' ? statuses[0] : statuses.at(-1);
    if (status === undefined) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), reason]);
  }
  byStatus.set(500, []);
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}
