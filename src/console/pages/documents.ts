import { Type } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { realDate } from '../../accommodations/night-range.ts';
import { DateString } from '../../http/admin-params.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { documentByNumber } from '../../invoices/document-downloads.ts';
import { documentRegister } from '../../invoices/document-repository.ts';
import { NumberParams } from '../../invoices/document-schemas.ts';
import { todayIn } from '../../shared/dates.ts';
import { attributes, html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { fmt, sendPage } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import { stackTable } from '../layout.ts';
import { documentPdfPath, KIND_LABELS } from './booking-documents.ts';

const DocumentsQuery = Type.Object({
  from: Type.Optional(DateString),
  to: Type.Optional(DateString),
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('pdf')])),
  number: Type.Optional(NumberParams.properties.number),
});

/**
 * GET /admin/documents: the register of invoices and credit notes issued in a range (this year
 * by default), with its CSV; `?number=…&format=pdf` downloads one document, the same bytes every time.
 */
export const documentsPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    PAGES.documents.path,
    sessionRoute('documents.read', { querystring: DocumentsQuery }),
    async (request, reply) => {
      const q = request.query;
      if (q.format === 'pdf') {
        const number = q.number ?? '';
        const doc = await documentByNumber(ctx.db, number);
        if (doc === undefined)
          throw notFound('document_not_found', `There is no document numbered ${number}.`, {
            parameter: 'number',
            received: number,
          });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${doc.fileName}"`)
          .send(Buffer.from(doc.pdf));
      }
      const today = todayIn('UTC', ctx.now());
      const from = realDate(q.from ?? `${today.slice(0, 4)}-01-01`, 'from');
      const to = realDate(q.to ?? today, 'to');
      if (to < from)
        throw badRequest('invalid_range', `"To" (${to}) must not be before "from" (${from}).`, {
          parameter: 'to',
          received: to,
        });
      const rows = await documentRegister(ctx.db, from, to);
      if (q.format === 'csv') {
        const { registerRowToJson } = await import('../../invoices/document-json.ts');
        const { registerCsv } = await import('../../invoices/register-csv.ts');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="documents-${from}-${to}.csv"`)
          .send(registerCsv(rows.map((r) => registerRowToJson(ctx.config, r))));
      }
      const f = fmt(request);
      const table = stackTable(['Number', 'Document', 'Issued', 'Booking', 'Total', 'Cancels'], rows, (d) => [
        html`<a href="${documentPdfPath(d.number)}">${d.number}</a>`,
        `${KIND_LABELS[d.kind]}${d.purpose === 'cancellation_fee' ? ' (cancellation fee)' : ''}`,
        f.date(d.issued_on),
        html`<a href="/admin/bookings/${d.booking_id}">${d.confirmation_code}</a>`,
        f.money(d.total_amount, d.currency),
        d.corrects ?? '',
      ]);
      const csv = new URLSearchParams({ from, to, format: 'csv' });
      const body = html`<form method="get" action="/admin/documents" class="row">
<div class="field"><label for="f-from">Issued from</label>
<input${attributes({ id: 'f-from', name: 'from', type: 'date', value: from, required: true })}></div>
<div class="field"><label for="f-to">Issued until</label>
<input${attributes({ id: 'f-to', name: 'to', type: 'date', value: to, required: true })}></div>
<button type="submit">Show</button></form>
<p><a class="button secondary" href="/admin/documents?${csv.toString()}" download>Download as CSV</a></p>
${rows.length === 0 ? html`<p class="muted">No documents were issued in this range.</p>` : table}
<p class="muted">Every invoice and credit note, numbered from one series without gaps, in the order issued. An
issued document never changes: a change to a booking's amount, stay or billing details is a credit note and a new
invoice.</p>`;
      return sendPage(request, reply, 'Documents', 'documents', body);
    },
  );
};
