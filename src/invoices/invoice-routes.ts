import { Type } from 'typebox';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { Db } from '../db/store.ts';
import type { RoutesWith } from '../http/types.ts';
import { documentOfInvoiceToken } from './document-downloads.ts';

/**
 * GET /<slug>/invoices/:token: the booking's latest document as PDF (or a pro-forma) for whoever
 * holds the unguessable URL.
 */
export const invoiceRoutes: RoutesWith<{ readonly db: Db; now(): Date }> = async (app, { ctx }) => {
  app.get(
    '/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['invoices'],
        summary:
          "A booking's latest invoice or credit note as PDF, or a pro-forma while it has none " +
          '(the token in the URL is the credential)',
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          404: ErrorEnvelopeSchema,
          400: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const doc = await documentOfInvoiceToken(ctx.db, request.params.token, ctx.now());
      if (doc === undefined) throw notFound('invoice_not_found', 'No invoice at this address.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(doc.pdf));
    },
  );
};
