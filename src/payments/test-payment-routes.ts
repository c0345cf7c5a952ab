import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { requestKey } from '../auth/require-key.ts';
import { BookingIdParams, BookingViewSchema } from '../bookings/booking-schemas.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { toId } from '../http/ids.ts';
import { playTestPayment, TEST_PAYMENT_OUTCOMES } from './test-payment.ts';

const TestPaymentBody = Type.Object(
  {
    outcome: Type.Union(
      TEST_PAYMENT_OUTCOMES.map((o) => Type.Literal(o)),
      {
        description:
          'succeeded: the total is paid (a draft is confirmed); ' +
          'failed: the card is declined (a payment issue, the booking unchanged); ' +
          'amount_mismatch: one minor unit more than the total is paid (a payment issue, the draft stays a draft)',
      },
    ),
  },
  { additionalProperties: false },
);

const TestPaymentAnswer = Type.Object({
  outcome: Type.String({
    description:
      'what the payment did, as the payment webhook reports it: ' +
      'confirmed, already_confirmed, payment_failed, amount_mismatch, refund_needed, ...',
  }),
  message: Type.String(),
  booking: BookingViewSchema,
});

/** Test mode's card processor for test drafts (docs/partners.md#test-mode), under /api/v1/<slug>. */
export const testPaymentRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/test/bookings/:booking_id/payment',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: "Play the card processor for this test key's test booking",
        description:
          'Test keys only (a live key is a 403 test_key_required). ' +
          'The payment goes through the same code as the card processor’s webhook, so the booking, ' +
          'its events (livemode false) and any payment issue are what a live payment makes. ' +
          'A booking that is not this test key’s own answers 404, as an unknown id does.',
        security: [{ bearerKey: [] }],
        params: BookingIdParams,
        body: TestPaymentBody,
        response: { 200: Envelope(TestPaymentAnswer), ...commonErrorResponses },
      },
    },
    async (request) => {
      const played = await playTestPayment(
        ctx,
        requestKey(request),
        toId(request.params.booking_id),
        request.body.outcome,
      );
      return ok(played, requestMetadata(request.id));
    },
  );
};
