import { Type, type Static } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { accommodationHasBookings, findAccommodation } from '../../accommodations/accommodation-repository.ts';
import { findFeed } from '../../ical/external-feed-repository.ts';
import { DateString } from '../../http/admin-params.ts';
import { findBookingRow } from '../../admin/booking-queries.ts';
import { findApiKey } from '../../auth/api-key-repository.ts';
import { findEndpoint } from '../../events/endpoint-repository.ts';
import { canCancel } from '../../bookings/booking-transitions.ts';
import { IdString, toId } from '../../http/ids.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { fmt, sendPage, session } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField } from '../layout.ts';
import { may, type Permission } from '../../users/permissions.ts';
import { stayRange } from '../stay-range.ts';
import { cancelFeeFields } from './booking-money.ts';

/**
 * The confirmation step of every action that cannot be taken back by a click: cancelling a
 * booking, revoking a key or replacing its webhook secret, clearing a secret, removing a
 * calendar, prices or blocked nights, deleting an accommodation, removing an event endpoint or
 * rotating its secret, erasing a guest's data. The page of the row links here (a plain link, so it works without
 * JavaScript); this page says what will happen and holds the one form that posts the action.
 */
const ACTIONS = [
  'cancel-booking',
  'revoke-key',
  'key-webhook-secret',
  'clear-secret',
  'remove-feed',
  'unblock',
  'remove-price',
  'delete-accommodation',
  'remove-endpoint',
  'rotate-endpoint-secret',
  'erase-guest',
] as const;
type Action = (typeof ACTIONS)[number];

/** The actions whose forms need more than `bookings.write` (src/users/permissions.ts). */
const NEEDS: Partial<Record<Action, Permission>> = { 'erase-guest': 'guests.privacy' };

const ConfirmQuery = Type.Object({
  action: Type.Optional(Type.Enum(ACTIONS)),
  id: Type.Optional(IdString),
  feed: Type.Optional(IdString),
  kind: Type.Optional(Type.Enum(['webhook', 'payment'])),
  from: Type.Optional(DateString),
  to: Type.Optional(DateString),
});
type Query = Static<typeof ConfirmQuery>;

/** The address of the confirmation page of an action. */
export function confirmUrl(action: Action, params: Readonly<Record<string, string | number>> = {}): string {
  const query = new URLSearchParams({ action });
  for (const [name, value] of Object.entries(params)) query.set(name, String(value));
  return `/admin/confirm?${query.toString()}`;
}

/** A link to the confirmation page, looking like the button of the action. */
export function confirmLink(label: string, action: Action, params: Readonly<Record<string, string | number>>): Html {
  return html`<a class="button danger" href="${confirmUrl(action, params)}">${label}</a>`;
}

interface Confirmation {
  title: string;
  question: Html | string;
  consequence: string;
  action: string;
  button: string;
  back: string;
  hidden?: Readonly<Record<string, string>>;
  fields?: Html;
}

const idOf = (text: string | undefined): number => (text === undefined ? 0 : toId(text));

async function describe(ctx: AppContext, q: Query, f: Formatter): Promise<Confirmation | null> {
  switch (q.action) {
    case undefined:
      return null;
    case 'cancel-booking': {
      const b = await findBookingRow(ctx.db, idOf(q.id));
      if (b === undefined || !canCancel(b.status)) return null;
      return {
        title: `Cancel booking ${b.confirmation_code}?`,
        question:
          `${b.guest_first_name} ${b.guest_last_name}, ${b.accommodation_name}, ` +
          `${stayRange(f, b.checkin, b.checkout)}.`,
        consequence:
          'Its nights become free at once and a cancellation mail is queued for the guest. ' +
          'You can undo the cancellation later while its nights are still free.',
        action: `/admin/bookings/${b.id}/cancel`,
        button: `Cancel booking ${b.confirmation_code}`,
        back: `/admin/bookings/${b.id}`,
        fields: html`<div class="field"><label for="f-reason">Reason (sent to the guest)</label>
<input id="f-reason" name="reason" maxlength="500"></div>
${await cancelFeeFields(ctx, b, f)}`,
      };
    }
    case 'revoke-key': {
      const key = await findApiKey(ctx.db, idOf(q.id));
      if (key === undefined || key.revoked_at !== null) return null;
      return {
        title: `Revoke the key “${key.name}”?`,
        question: html`The key starting with <code>${key.prefix}…</code> (${key.scope}).`,
        consequence: 'It stops working at once; whoever uses it gets 401 answers. This cannot be undone.',
        action: `/admin/settings/api-keys/${key.id}/revoke`,
        button: `Revoke ${key.name}`,
        back: '/admin/settings/integrations',
      };
    }
    case 'key-webhook-secret': {
      const key = await findApiKey(ctx.db, idOf(q.id));
      if (key === undefined || key.revoked_at !== null) return null;
      return {
        title: `Give the key “${key.name}” its own webhook secret?`,
        question: html`A new inbound webhook secret for the key starting with <code>${key.prefix}…</code>, shown once.`,
        consequence:
          'A /webhook/update signed with it may touch only the bookings this key created. ' +
          "It replaces the key's earlier secret, if it had one: that one stops working at once.",
        action: `/admin/settings/api-keys/${key.id}/webhook-secret`,
        button: `Give ${key.name} a new webhook secret`,
        back: '/admin/settings/integrations',
      };
    }
    case 'clear-secret': {
      if (q.kind === undefined) return null;
      const what = q.kind === 'webhook' ? 'webhook signing secret' : 'card processor’s signing secret';
      return {
        title: `Clear the ${what}?`,
        question: `The ${what} is removed.`,
        consequence: 'Requests signed with it are no longer checked against it. A new one can be generated later.',
        action: `/admin/settings/secrets/${q.kind}/clear`,
        button: `Clear the ${what}`,
        back: '/admin/settings/integrations',
      };
    }
    case 'remove-feed': {
      const id = idOf(q.id);
      const feed = await findFeed(ctx.db, id, idOf(q.feed));
      if (feed === undefined) return null;
      return {
        title: `Remove the calendar “${feed.name}”?`,
        question: html`Imported from <span class="muted">${feed.url}</span>.`,
        consequence: 'The stays imported from it are removed and their nights become free.',
        action: `/admin/accommodations/${id}/feeds/${feed.id}/remove`,
        button: `Remove ${feed.name}`,
        back: `/admin/accommodations/${id}`,
      };
    }
    case 'unblock':
    case 'remove-price': {
      const a = await findAccommodation(ctx.db, idOf(q.id));
      if (a === undefined || q.from === undefined || q.to === undefined || q.from >= q.to) return null;
      const range = stayRange(f, q.from, q.to);
      const block = q.action === 'unblock';
      return {
        title: block ? 'Unblock these nights?' : 'Remove this seasonal price?',
        question: `${a.name}: ${range}.`,
        consequence: block
          ? 'The nights can be booked again.'
          : `The nights cost the base price again (${f.money(a.base_price, a.currency)} per night).`,
        action: `/admin/accommodations/${a.id}/${block ? 'unblock' : 'prices'}`,
        button: block ? `Unblock ${range}` : `Remove the price of ${range}`,
        back: `/admin/accommodations/${a.id}`,
        hidden: { from: q.from, to: q.to, ...(block ? {} : { price: '' }) },
      };
    }
    case 'remove-endpoint':
    case 'rotate-endpoint-secret': {
      const e = await findEndpoint(ctx.db, idOf(q.id));
      if (e === undefined) return null;
      const remove = q.action === 'remove-endpoint';
      return {
        title: remove ? `Remove endpoint ${e.id}?` : `Rotate the signing secret of endpoint ${e.id}?`,
        question: html`Endpoint ${e.id}, <span class="url">${e.url}</span>.`,
        consequence: remove
          ? 'Nothing more is sent to it, and its delivery log is removed. ' +
            'The partner can add it again, with a new secret.'
          : 'A new secret is shown once. ' +
            'For 24 hours the previous secret also signs every delivery, ' +
            'so the partner can switch without missing an event.',
        action: `/admin/endpoints/${e.id}/${remove ? 'remove' : 'rotate'}`,
        button: remove ? `Remove endpoint ${e.id}` : `Rotate the secret of endpoint ${e.id}`,
        back: '/admin/endpoints',
      };
    }
    case 'erase-guest': {
      const b = await findBookingRow(ctx.db, idOf(q.id));
      if (b === undefined) return null;
      const guest = await ctx.db
        .selectFrom('guests')
        .select(['id', 'first_name', 'last_name', 'email', 'erased_at'])
        .where('id', '=', b.guest_id)
        .executeTakeFirst();
      if (guest === undefined || guest.erased_at !== null) return null;
      const email = guest.email === null || guest.email === '' ? '' : ` (${guest.email})`;
      return {
        title: `Erase the data of ${guest.first_name} ${guest.last_name}?`,
        question: `The guest of booking ${b.confirmation_code}${email}, and of every other booking made under them.`,
        consequence:
          'Their name, contact details, address and notes are erased from their bookings, mails, messages and ' +
          "partners' events, and the check-ins of those bookings are deleted, companions included. " +
          'The bookings stay, anonymised, with their dates, nights and amounts; ' +
          'issued invoices and credit notes stay as issued. ' +
          'This cannot be undone: export the data first if the guest asked for it.',
        action: `/admin/bookings/${b.id}/guest-data/erase`,
        button: `Erase the data of ${guest.first_name} ${guest.last_name}`,
        back: `/admin/bookings/${b.id}#guest-data`,
        hidden: { guest: String(guest.id) },
      };
    }
    case 'delete-accommodation': {
      const a = await findAccommodation(ctx.db, idOf(q.id));
      if (a === undefined || a.archived_at !== null) return null;
      if (await accommodationHasBookings(ctx.db, a.id))
        return {
          title: `Archive ${a.name}?`,
          question:
            `${a.name} has bookings (cancelled ones count: they are its history), ` +
            'so it cannot be deleted: it will be archived.',
          consequence:
            'Archived, it is listed nowhere and takes no new booking, from you or a partner. ' +
            'Its bookings stay as they are: ' +
            'they can still be seen, edited, cancelled and paid, and their invoices still work.',
          action: `/admin/accommodations/${a.id}/delete`,
          button: `Archive ${a.name}`,
          back: `/admin/accommodations/${a.id}`,
        };
      return {
        title: `Delete ${a.name}?`,
        question:
          `${a.name} has no bookings: it will be deleted, ` +
          'with its rules, seasonal prices, blocked nights and imported calendars.',
        consequence: 'This cannot be undone.',
        action: `/admin/accommodations/${a.id}/delete`,
        button: `Delete ${a.name}`,
        back: `/admin/accommodations/${a.id}`,
      };
    }
  }
}

/** GET /admin/confirm: what an action will do, its form, and the way back. */
export const confirmPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.confirm.path, sessionRoute('bookings.write', { querystring: ConfirmQuery }), async (request, reply) => {
    // The page's route needs `bookings.write`; an action that needs more is refused here, as its form would be.
    const needed = request.query.action === undefined ? undefined : NEEDS[request.query.action];
    if (needed !== undefined && !may(session(request).user.role, needed)) {
      const refused = html`<div class="error" role="alert">Your role does not open this page; ask the owner if you need it.</div>
<p><a href="/admin">Back to Today</a></p>`;
      return sendPage(request, reply, 'Not possible', null, refused, 403);
    }
    const c = await describe(ctx, request.query, fmt(request));
    if (c === null) {
      const body = html`<p>There is nothing to confirm here (any more): the action was done already, or the row is gone.</p>
<p><a href="/admin">Back to Today</a></p>`;
      return sendPage(request, reply, 'Nothing to confirm', null, body);
    }
    const hidden = Object.entries(c.hidden ?? {}).map(
      ([name, value]) => html`<input${attributes({ type: 'hidden', name, value })}>`,
    );
    const body = html`<p>${c.question}</p>
<p>${c.consequence}</p>
<form method="post" action="${c.action}" class="confirm">${csrfField(session(request).csrf)}${hidden}
${c.fields ?? ''}
<div class="row"><button type="submit" class="danger">${c.button}</button>
<a href="${c.back}">Keep it, go back</a></div></form>`;
    return sendPage(request, reply, c.title, null, body);
  });
};
