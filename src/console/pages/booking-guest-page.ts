import type { FastifyRequest } from 'fastify';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { renewGuestUrlByHost } from '../../admin/booking-desk.ts';
import { guestPageUrl } from '../../guests/guest-page-url.ts';
import { toId } from '../../http/ids.ts';
import { html, type Html } from '../../shared/html.ts';
import { may } from '../../users/permissions.ts';
import { attempt, session } from '../console-request.ts';
import { IdParams, sessionRoute } from '../console-schemas.ts';
import { redirectWith } from '../flash.ts';
import { csrfField } from '../layout.ts';

/**
 * The guest's page on a booking's page (docs/guest-page.md): its address, to copy and send, and
 * a button that gives it a new one (the old one stops working) for whoever may change bookings.
 */
export function guestPageSection(
  ctx: AppContext,
  request: FastifyRequest,
  booking: { id: number; guest_token: string },
): Html {
  const { csrf, user } = session(request);
  const url = guestPageUrl(ctx.config, booking.guest_token);
  const renew = may(user.role, 'bookings.write')
    ? html`<form method="post" action="/admin/bookings/${booking.id}/guest-url">${csrfField(csrf)}
<button type="submit" class="secondary">Give the guest page a new address</button>
<small>The current address stops working at once; send the new one to the guest.</small></form>`
    : '';
  return html`<h2 id="guest-page">Guest page</h2>
<p>The guest's own page: the stay, how to get in near arrival, payments and documents. Whoever holds the address can open it.</p>
<p><a href="${url}" rel="noreferrer" target="_blank">${url}</a></p>
${renew}`;
}

export const bookingGuestPagePages: FeatureRoutes = async (app, { ctx }) => {
  app.post('/bookings/:id/guest-url', sessionRoute('bookings.write', { params: IdParams }), async (request, reply) => {
    const id = toId(request.params.id);
    const { user } = session(request);
    const result = await attempt(() => renewGuestUrlByHost(ctx, id, { kind: 'host', consoleUserId: user.userId }));
    const flash = result.ok
      ? { notice: 'The guest page has a new address; the old one no longer works.' }
      : { error: Object.values(result.errors)[0] ?? 'Not possible.' };
    return redirectWith(request, reply, `/admin/bookings/${id}#guest-page`, flash, ctx.config.publicBaseUrl);
  });
};
