import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, NullableString, page, PageQueryFields } from '../http/admin-params.ts';
import { listPaymentIssues, paymentIssueToJson } from './payment-issue-queries.ts';

const PaymentIssueSchema = Type.Object({
  id: Type.Integer(),
  booking_id: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.String(),
  payment_intent_id: NullableString,
  amount: Type.Union([Type.Number(), Type.Null()], { description: 'major units of `currency`' }),
  currency: NullableString,
  detail: Type.String(),
  created_at: Type.String(),
  resolved_at: NullableString,
});

/** Payments the webhook could not apply (e.g. an amount that does not match the booking), for the host to look into. */
export const paymentIssueRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/payment-issues',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Recorded payment issues, newest first',
        querystring: Type.Object({ ...PageQueryFields }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Array(PaymentIssueSchema)), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok((await listPaymentIssues(ctx.db, page(request.query))).map(paymentIssueToJson), requestMetadata(request.id)),
  );
};
