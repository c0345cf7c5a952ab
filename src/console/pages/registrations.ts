import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { realDate } from '../../accommodations/night-range.ts';
import type { BlockingGuest } from '../../authorities/alloggiati-export.ts';
import { alloggiatiFileOf, registrationsCsvOf } from '../../authorities/registration-files.ts';
import { isItalianHome } from '../../authorities/registration-queries.ts';
import { DateString } from '../../http/admin-params.ts';
import { IdString, toId } from '../../http/ids.ts';
import { todayIn } from '../../shared/dates.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, sendPage } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import { errorSummary, stackTable } from '../layout.ts';

/**
 * GET /admin/registrations: the guests' registrations for the authorities (docs/registrations.md),
 * by the same code as the admin API (src/authorities/registration-files.ts). `?download=alloggiati`
 * answers a day's Alloggiati Web file, or shows every guest that blocks it; `?download=csv` the
 * registrations CSV of a range of arrivals. Without `download` the page shows both forms.
 */

const RegistrationsQuery = Type.Object({
  download: Type.Optional(Type.Enum(['alloggiati', 'csv'])),
  date: Type.Optional(DateString),
  accommodation: Type.Optional(IdString),
  from: Type.Optional(DateString),
  to: Type.Optional(DateString),
});
type Query = Static<typeof RegistrationsQuery>;

/** What the page shows beside its forms: every guest blocking a file, or why a file could not be made. */
interface Outcome {
  blocking?: readonly BlockingGuest[];
  errors?: Record<string, string>;
  status?: number;
}

function whoIs(b: BlockingGuest): string {
  if (b.guest === null) return 'the booking';
  const place = b.guest === 0 ? 'lead guest' : `guest ${b.guest + 1}`;
  return b.name === null ? place : `${b.name} (${place})`;
}

function blockingSection(date: string, blocking: readonly BlockingGuest[]): Html {
  const table = stackTable(['Booking', 'Guest', 'Field', 'Problem'], blocking, (b) => [
    html`<a href="/admin/bookings/${b.booking_id}">${b.confirmation_code}</a>`,
    whoIs(b),
    b.field ?? '—',
    b.problem,
  ]);
  return html`<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="blocking-title">
<p id="blocking-title"><strong>The Alloggiati Web file of ${date} cannot be written yet: ${blocking.length}
problem(s) to fix first.</strong></p>
<p>Staydesk never writes a file that leaves a guest out. Fix each of these (on the booking's check-in, or by
loading the portal's code tables) and download the file again.</p></div>
<h3 id="blocking">What blocks the file of ${date}</h3>
${table}`;
}

async function showPage(
  request: FastifyRequest,
  reply: FastifyReply,
  q: Query,
  view: { today: string; homes: readonly { id: number; name: string }[] },
  outcome: Outcome = {},
) {
  const { today, homes } = view;
  const date = q.date ?? today;
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const to = q.to ?? today;
  const options = homes.map(
    (h) => html`<option${attributes({ value: h.id, selected: String(h.id) === q.accommodation })}>${h.name}</option>`,
  );
  const alloggiati =
    homes.length === 0
      ? html`<p class="muted">No home is in Italy: a home is when its registration number is an Italian CIN
(starting with IT).</p>`
      : html`<form method="get" action="/admin/registrations" class="row">
<div class="field"><label for="f-date">Arrival date</label>
<input${attributes({ id: 'f-date', name: 'date', type: 'date', value: date, required: true })}></div>
<div class="field"><label for="f-accommodation">Home</label>
<select id="f-accommodation" name="accommodation"><option value="">Every home in Italy</option>${options}</select></div>
<button type="submit" name="download" value="alloggiati">Download the Alloggiati file</button></form>`;
  const problems = Object.values(outcome.errors ?? {});
  const body = html`${problems.length === 0 ? '' : errorSummary({ _form: problems.join(' ') }, {})}
<h2>Italy: Alloggiati Web</h2>
<p>The file of one day's arrivals in the homes in Italy, to upload on the Alloggiati Web portal within 24 hours
of arrival.</p>
${alloggiati}
${outcome.blocking === undefined ? '' : blockingSection(date, outcome.blocking)}
<h2>Every country: registrations CSV</h2>
<p>Every guest registered at check-in for the stays arriving in a range (at most 366 days), every home included;
a stay without a check-in has a row with the guest empty.</p>
<form method="get" action="/admin/registrations" class="row">
<div class="field"><label for="f-from">Arrivals from</label>
<input${attributes({ id: 'f-from', name: 'from', type: 'date', value: from, required: true })}></div>
<div class="field"><label for="f-to">Arrivals until</label>
<input${attributes({ id: 'f-to', name: 'to', type: 'date', value: to, required: true })}></div>
<button type="submit" name="download" value="csv">Download the CSV</button></form>`;
  return sendPage(request, reply, 'Registrations', 'registrations', body, outcome.status ?? 200);
}

export const registrationsPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    PAGES.registrations.path,
    sessionRoute('registrations.read', { querystring: RegistrationsQuery }),
    async (request, reply) => {
      const q = request.query;
      const today = todayIn('UTC', ctx.now());
      const view = { today, homes: (await listAccommodations(ctx.db)).filter(isItalianHome) };
      if (q.download === 'alloggiati') {
        const date = q.date ?? today;
        const only = q.accommodation === undefined ? undefined : toId(q.accommodation);
        const made = await attempt(() => alloggiatiFileOf(ctx.db, realDate(date, 'date'), only));
        if (!made.ok) return showPage(request, reply, q, view, { errors: made.errors, status: made.status });
        if (!made.value.ok) return showPage(request, reply, q, view, { blocking: made.value.blocking, status: 409 });
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="alloggiati-${date}.txt"`)
          .send(made.value.file);
      }
      if (q.download === 'csv') {
        const from = q.from ?? today;
        const to = q.to ?? today;
        const made = await attempt(() => registrationsCsvOf(ctx.db, realDate(from, 'from'), realDate(to, 'to')));
        if (!made.ok) return showPage(request, reply, q, view, { errors: made.errors, status: made.status });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="registrations-${from}-${to}.csv"`)
          .send(made.value);
      }
      return showPage(request, reply, q, view);
    },
  );
};
