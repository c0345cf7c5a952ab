import { Type } from 'typebox';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { Db } from '../db/store.ts';
import type { RoutesWith } from '../http/types.ts';
import { findInvoiceData } from './invoice-data.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** GET /<slug>/invoices/:token: the PDF invoice for whoever holds the unguessable URL. */
export const invoiceRoutes: RoutesWith<{ readonly db: Db }> = async (app, { ctx }) => {
  app.get(
    '/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['invoices'],
        summary: 'A booking invoice as PDF (the token in the URL is the credential)',
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
        response: {
          200: {
            description: 'The invoice PDF',
            content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          404: ErrorEnvelopeSchema,
          400: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await findInvoiceData(ctx.db, request.params.token);
      if (data === undefined)
        throw notFound('invoice_not_found', 'No invoice at this address (a cancelled booking has none).');
      const pdf = await renderInvoicePdf(data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${data.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
