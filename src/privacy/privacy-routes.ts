import type { FeatureRoutes } from '../app-context.ts';
import { IdParams, adminRoute, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { eraseGuest } from './erase-guest.ts';
import { exportGuest } from './guest-export.ts';
import { ErasureSchema, GuestExportSchema } from './privacy-schemas.ts';

/**
 * One guest's data on request (docs/registrations.md#one-guests-data): exported as JSON, or
 * erased everywhere but in issued documents. Admin keys only, which act for the owner.
 */
export const privacyRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/guests/:id/export',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Everything held about one guest, as JSON: the record, bookings, check-ins, mails and documents',
        params: IdParams,
        response: { 200: Envelope(GuestExportSchema), ...commonErrorResponses },
      },
    },
    async (request) => ok(await exportGuest(ctx.db, toId(request.params.id), ctx.now()), requestMetadata(request.id)),
  );

  app.post(
    '/guests/:id/erase',
    {
      config: { auth: 'admin', optionalBody: true },
      schema: {
        ...adminRoute,
        summary:
          "Erase one guest's personal data everywhere but in issued invoices and credit notes; the bookings stay, " +
          'anonymised. Repeating it is harmless.',
        params: IdParams,
        response: { 200: Envelope(ErasureSchema), ...commonErrorResponses },
      },
    },
    async (request) => ok(await eraseGuest(ctx, toId(request.params.id)), requestMetadata(request.id)),
  );
};
