import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { deleteTestData } from './delete-test-data.ts';

const Deleted = Type.Object({
  bookings: Type.Integer(),
  nights: Type.Integer({ description: 'test nights freed' }),
  mails: Type.Integer({ description: 'test mails (never sent) removed from the outbox' }),
  events: Type.Integer(),
  deliveries: Type.Integer(),
  payments: Type.Integer({ description: 'payments recorded for test bookings' }),
  payment_issues: Type.Integer(),
});

/** Test mode's clean-up (docs/api.md#admin-test-data), under /admin/api. */
export const testDataRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.delete(
    '/test-data',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Remove every test booking and what names it, in one transaction; answers the counts',
        response: { 200: Envelope(Deleted), ...commonErrorResponses },
      },
    },
    async (request) => ok(await deleteTestData(ctx), requestMetadata(request.id)),
  );
};
