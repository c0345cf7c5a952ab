/**
 * What the OpenAPI document says of particular operations beyond their route schemas: the
 * names generated clients call them by, request examples the service accepts, and bodies a
 * route reads raw (openapi-document.ts applies them). Paths are written after the service slug:
 * `/v1/...` for `/api/v1/{svc}/...`, `/webhook/...` for `/{svc}/webhook/...`.
 */

export const OPERATION_NAMES: Readonly<Record<string, string>> = {
  'GET /v1/test': 'testConnection',
  'POST /v1/availability': 'checkAvailability',
  'POST /v1/bookings': 'createBooking',
  'GET /v1/bookings/{booking_id}': 'getBooking',
  'POST /v1/bookings/{booking_id}/cancel': 'cancelDraft',
  'POST /v1/calendar': 'getCalendar',
  'POST /v1/calendar/health': 'getCalendarHealth',
  'POST /v1/calendar/test': 'testCalendar',
  'POST /v1/calendar/debug': 'debugCalendar',
  'GET /v1/events': 'listEvents',
  'POST /v1/test/bookings/{booking_id}/payment': 'testPayment',
  'POST /v1/webhook-endpoints/{id}/test': 'sendTestEvent',
  'POST /webhook/update': 'updateBookingWebhook',
  'POST /webhook/calendar_sync': 'syncCalendarWebhook',
  'GET /webhook/test': 'testWebhook',
  'POST /api/payment/webhook': 'paymentWebhook',
  'GET /invoices/{token}': 'getInvoice',
  'GET /ical/{file}': 'getCalendarExport',
  'GET /healthz': 'getHealth',
  'GET /readyz': 'getReadiness',
  'GET /metrics': 'getMetrics',
};

const day = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Request examples, for the demo accommodation (id 1) a first start loads: 100.00 EUR a night,
 * 50.00 cleaning, 10 % tax. Dates are 60 days ahead of the day the document is built.
 */
export function operationExamples(now: Date): Readonly<Record<string, unknown>> {
  const checkin = day(now, 60);
  const checkout = day(now, 63);
  return {
    checkAvailability: { accommodation_id: 1, checkin, checkout, guest_count: 2 },
    createBooking: {
      accommodation_id: 1,
      partner_data: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
      booking_data: {
        checkin_date: checkin,
        checkout_date: checkout,
        adults_count: 2,
        children_count: 0,
        babies_count: 0,
        payment_method: 'bank_transfer',
        expected_amount: 385,
        idempotency_key: `example-${checkin}`,
      },
    },
    getCalendar: { accommodation_id: 1, month: Number(checkin.slice(5, 7)), year: Number(checkin.slice(0, 4)) },
    updateBookingWebhook: {
      event_type: 'booking_updated',
      booking_id: 1,
      new_data: { guest_count: 3 },
      timestamp: now.toISOString(),
    },
    syncCalendarWebhook: { accommodation_id: 1, action: 'sync', timestamp: now.toISOString() },
    paymentWebhook: {
      id: 'evt_example',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_example',
          object: 'payment_intent',
          amount: 38500,
          amount_received: 38500,
          currency: 'eur',
          metadata: { booking_reference: 'SD-EXAMPLE' },
        },
      },
    },
  };
}

/** The payment webhook reads its body raw (the signature is over the bytes); this is what it reads. */
export const REQUEST_BODY_DOCS: Readonly<Record<string, Record<string, unknown>>> = {
  paymentWebhook: {
    description:
      'A card processor event in Stripe’s format, sent with a Stripe-Signature header over the raw bytes. ' +
      '`payment_intent.succeeded` confirms the draft named by `metadata.booking_reference` ' +
      '(else `metadata.booking_id`, else the `payment_intent_id` given at creation) when amount and currency ' +
      'match its total; `payment_intent.payment_failed` is recorded for the host; other types are acknowledged.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['id', 'type', 'data'],
          properties: {
            id: { type: 'string', description: 'event id; the same id twice is applied once' },
            type: { type: 'string', examples: ['payment_intent.succeeded', 'payment_intent.payment_failed'] },
            data: {
              type: 'object',
              required: ['object'],
              properties: {
                object: {
                  type: 'object',
                  description: 'the PaymentIntent',
                  required: ['id', 'amount', 'currency'],
                  properties: {
                    id: { type: 'string' },
                    amount: { type: 'integer', description: 'minor units' },
                    amount_received: { type: 'integer', description: 'minor units' },
                    currency: { type: 'string', description: 'ISO 4217, any case' },
                    metadata: {
                      type: 'object',
                      properties: {
                        booking_reference: { type: 'string' },
                        booking_id: { type: 'string' },
                      },
                      additionalProperties: { type: 'string' },
                    },
                  },
                  additionalProperties: true,
                },
              },
              additionalProperties: true,
            },
          },
          additionalProperties: true,
        },
      },
    },
  },
};
