import { Type } from 'typebox';
import { realDate } from '../accommodations/night-range.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/store.ts';
import { adminRoute, IdParams, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { RoutesWith } from '../http/types.ts';
import { documentByNumber } from './document-downloads.ts';
import { documentToJson, registerRowToJson } from './document-json.ts';
import { bookingDocuments, documentRegister } from './document-repository.ts';
import { DocumentSchema, NumberParams, RegisterQuery, RegisterRowSchema } from './document-schemas.ts';

type DocumentContext = { readonly db: Db; readonly config: Pick<Config, 'publicBaseUrl'> };

/** The register's rows for a checked range: real dates, `to` not before `from`. */
async function register(ctx: DocumentContext, query: RegisterQuery) {
  const from = realDate(query.from, 'from');
  const to = realDate(query.to, 'to');
  if (to < from)
    throw badRequest('invalid_range', `"to" (${to}) must not be before "from" (${from}).`, {
      parameter: 'to',
      expected: 'date not before from',
      received: to,
    });
  return (await documentRegister(ctx.db, from, to)).map((d) => registerRowToJson(ctx.config, d));
}

/** A booking's documents, the register and its CSV, a document's PDF (docs/api.md#admin-documents). */
export const documentRoutes: RoutesWith<DocumentContext> = async (app, { ctx }) => {
  app.get(
    '/bookings/:id/documents',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "A booking's invoices and credit notes, oldest first",
        params: IdParams,
        response: { 200: Envelope(Type.Array(DocumentSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const booking = await ctx.db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst();
      if (booking === undefined)
        throw notFound('booking_not_found', `No booking with id ${id}.`, {
          parameter: 'id',
          expected: 'id of an existing booking',
          received: id,
        });
      const docs = await bookingDocuments(ctx.db, id);
      return ok(
        docs.map((d) => documentToJson(ctx.config, d)),
        requestMetadata(request.id),
      );
    },
  );

  app.get(
    '/documents',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'The register: every invoice and credit note issued from `from` to `to` (inclusive), in the order issued',
        querystring: RegisterQuery,
        response: { 200: Envelope(Type.Array(RegisterRowSchema)), ...commonErrorResponses },
      },
    },
    async (request) => ok(await register(ctx, request.query), requestMetadata(request.id)),
  );

  app.get(
    '/documents.csv',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'The register as CSV (RFC 4180, UTF-8 with a byte order mark, a header row)',
        querystring: RegisterQuery,
        response: {
          200: {
            description: 'One row per document, in the order issued',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const rows = await register(ctx, request.query);
      // csv-stringify is loaded by the first download.
      const { registerCsv } = await import('./register-csv.ts');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="documents-${request.query.from}-${request.query.to}.csv"`)
        .send(registerCsv(rows));
    },
  );

  app.get(
    '/documents/:number/pdf',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'An issued document as PDF: every download gives the same bytes',
        params: NumberParams,
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const doc = await documentByNumber(ctx.db, request.params.number);
      if (doc === undefined)
        throw notFound('document_not_found', `No document numbered ${request.params.number}.`, {
          parameter: 'number',
          received: request.params.number,
        });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(doc.pdf));
    },
  );
};
