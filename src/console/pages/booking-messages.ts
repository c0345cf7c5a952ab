import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { IdString, toId } from '../../http/ids.ts';
import { bookingMessages, sendNow, skipMessage } from '../../messages/manage-messages.ts';
import { html, type Html } from '../../shared/html.ts';
import { attempt, fmt, session } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import { redirectWith } from '../flash.ts';
import { csrfField, stackTable } from '../layout.ts';

/**
 * A booking's guest messages on its page: the timeline of what its rules scheduled, sent and
 * skipped (docs/messages.md), with "send now" and "skip" for those not sent yet.
 */

const STATES: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** Why a message was skipped or failed, as the host reads it. */
const REASONS: Readonly<Record<string, string>> = {
  booking_cancelled: 'the booking was cancelled',
  booking_reinstated: 'the cancellation was undone',
  no_email: 'the guest has no e-mail address',
  rule_paused: 'the rule is paused',
  not_matching: "the booking no longer meets the rule's conditions",
  too_late: 'its time had passed',
  skipped_by_host: 'skipped by hand',
  payment_state: "the payment state did not meet the rule's condition",
  paid_in_full: 'nothing was left to pay',
};

const reasonText = (reason: string | null) => (reason === null ? '' : (REASONS[reason] ?? reason));

/** The section of the booking's page. */
export async function bookingMessagesSection(
  ctx: AppContext,
  request: FastifyRequest,
  booking: { id: number; timezone: string },
): Promise<Html> {
  const f = fmt(request);
  const csrf = session(request).csrf;
  const list = await bookingMessages(ctx, booking.id);
  const base = `/admin/bookings/${booking.id}/messages`;
  const action = (id: number, verb: 'send-now' | 'skip', label: string) =>
    html`<form method="post" action="${base}/${id}/${verb}" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">${label}</button></form>`;
  const table = stackTable(['Message', 'When', 'State', 'Action'], list, (m) => [
    m.rule_name,
    f.instant(m.sent_at ?? m.send_at, booking.timezone),
    html`${STATES[m.state] ?? m.state}${
      m.reason === null ? '' : html`<br><span class="muted">${reasonText(m.reason)}</span>`
    }`,
    m.state === 'sent'
      ? ''
      : html`${action(m.id, 'send-now', 'Send now')}${m.state === 'scheduled' ? action(m.id, 'skip', 'Skip') : ''}`,
  ]);
  const rules = html`<a href="/admin/messages">Messages</a>`;
  return html`<h2 id="guest-messages">Guest messages</h2>
${
  list.length === 0
    ? html`<p class="muted">No guest messages: no rule on the ${rules} page applies to this booking.</p>`
    : table
}`;
}

const MessageParams = Type.Object({ id: IdString, mid: IdString });

/** Send now and skip, from the booking's page. */
export const bookingMessagePages: FeatureRoutes = async (app, { ctx }) => {
  for (const [verb, run, done] of [
    ['send-now', sendNow, 'The message is queued into the outbox.'],
    ['skip', skipMessage, 'The message is skipped: it will not be sent.'],
  ] as const) {
    app.post(
      `/bookings/:id/messages/:mid/${verb}`,
      sessionRoute('messages', { params: MessageParams }),
      async (request, reply) => {
        const id = toId(request.params.id);
        const result = await attempt(() => run(ctx, id, toId(request.params.mid)));
        const flash = result.ok ? { notice: done } : { error: Object.values(result.errors)[0] ?? 'Not possible.' };
        return redirectWith(request, reply, `/admin/bookings/${id}#guest-messages`, flash, ctx.config.publicBaseUrl);
      },
    );
  }
};
