import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import type { Accommodation } from '../../db/schema.ts';
import {
  accommodationHasBookings,
  listAccommodations,
  listArchivedAccommodations,
} from '../../accommodations/accommodation-repository.ts';
import { accommodationToJson, NEW_STAY_LENGTHS, stayLengthProblem } from '../../accommodations/accommodation-mapper.ts';
import { AccommodationCreateSchema, AccommodationPatchSchema } from '../../accommodations/accommodation-schemas.ts';
import { findFeed } from '../../ical/external-feed-repository.ts';
import { addFeed, editFeed, feedsOf, feedUrlRules } from '../../ical/ical-feeds.ts';
import { removeFeed } from '../../ical/remove-feed.ts';
import {
  createAccommodation,
  editAccommodation,
  removeAccommodation,
  requireAccommodation,
} from '../../accommodations/manage-accommodations.ts';
import { nightRange } from '../../accommodations/night-range.ts';
import { setPrices } from '../../accommodations/nightly-prices.ts';
import { nightlyPriceMap } from '../../accommodations/nightly-price-repository.ts';
import { FeedBody, FeedPatchBody } from '../../ical/feed-schemas.ts';
import { blockedNights, blockNights, changeBlock, unblockNights } from '../../blocks/block-nights.ts';
import { notFound } from '../../http/errors.ts';
import { IdString, toId } from '../../http/ids.ts';
import { accommodationExportToken, exportUrl } from '../../ical/export-tokens.ts';
import { feedViews, type FeedView } from '../../ical/feed-views.ts';
import { pullFeed, type PullReport } from '../../ical/pull-feed.ts';
import { addDays, todayIn } from '../../shared/dates.ts';
import { html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, errorField, fmt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField, errorSummary, field, notice, stackTable } from '../layout.ts';
import {
  BlockForm,
  blockRequest,
  PriceForm,
  priceField,
  priceRequest,
  priceWarning,
  rangeFields,
  reasonField,
  type SentForm,
} from '../night-forms.ts';
import { checkForm, forHost } from '../schema-errors.ts';
import { redirectWith } from '../flash.ts';
import { stayRange } from '../stay-range.ts';
import { DateString } from '../../http/admin-params.ts';
import { currencyDecimals, toMajor } from '../../shared/money.ts';
import { confirmLink } from './confirm.ts';
import { AccommodationForm, accommodationForm, accommodationInput, formValues } from './accommodation-form.ts';

type Section = 'rules' | 'price' | 'block' | 'feed' | 'feed_url';
interface Failed extends SentForm {
  section: Section;
}

const NOTICES = notices({
  created: 'The accommodation is created.',
  saved: 'The rules are saved.',
  priced: 'The price of the nights is set.',
  blocked: 'The nights are blocked.',
  unblocked: 'The nights are free again.',
  feed_added: 'The calendar is added; it is pulled on the schedule, or now with "Sync now".',
  feed_removed: 'The calendar and the stays imported from it are removed.',
  feed_edited:
    'The calendar URL is changed; its export URL is the same. ' +
    'It is pulled from the new URL on the schedule, or now with "Sync now".',
});

const DetailQuery = Type.Object({
  done: NOTICES.query,
  price_from: Type.Optional(DateString),
  price_to: Type.Optional(DateString),
  price: Text(50),
  block_from: Type.Optional(DateString),
  block_to: Type.Optional(DateString),
  block_reason: Text(1000),
});
const EditBlockForm = Type.Object({
  ...BlockForm.properties,
  old_from: Type.Optional(DateString),
  old_to: Type.Optional(DateString),
});
const LIST_NOTICES = notices({
  deleted: 'The accommodation is deleted.',
  archived:
    'The accommodation is archived: it has bookings, so it is kept for them. ' +
    'It is listed nowhere and takes no new booking.',
});
const ListQuery = Type.Object({ done: LIST_NOTICES.query });
const FeedParams = Type.Object({ id: IdString, feedId: IdString });
const FeedForm = Type.Object({ name: Text(200), url: Text(2000) });
const FeedUrlForm = Type.Object({ url: Text(2000) });

/** A row's id from its path; one beyond the id range names no row, so it is a 404 like any unknown one. */
function idOf(text: string, what: 'accommodation' | 'calendar' = 'accommodation'): number {
  const id = toId(text);
  if (id === 0)
    throw notFound(what === 'calendar' ? 'feed_not_found' : 'accommodation_not_found', `There is no such ${what}.`, {
      parameter: 'id',
      received: text,
    });
  return id;
}

/** Consecutive nights with the same set price, as ranges [from, to). */
function priceRanges(prices: ReadonlyMap<string, number>): { from: string; to: string; price: number }[] {
  const ranges: { from: string; to: string; price: number }[] = [];
  for (const [night, price] of [...prices].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last.to === night && last.price === price) last.to = addDays(night, 1);
    else ranges.push({ from: night, to: addDays(night, 1), price });
  }
  return ranges;
}

/** Consecutive blocked nights with the same reason, as ranges [from, to). */
function blockRanges(
  nights: readonly { night: string; reason: string | null }[],
): { from: string; to: string; reason: string | null }[] {
  const ranges: { from: string; to: string; reason: string | null }[] = [];
  for (const n of nights) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last.to === n.night && last.reason === n.reason) last.to = addDays(n.night, 1);
    else ranges.push({ from: n.night, to: addDays(n.night, 1), reason: n.reason });
  }
  return ranges;
}

/** What a pull of a feed did, for the page it was started from. */
function pullNote(name: string, pull: PullReport): string {
  if (pull.outcome === 'failed') return `Pulling ${name} failed: ${pull.error ?? 'unknown error'}`;
  if (pull.outcome === 'held')
    return `Pulled ${name}: the calendar came back empty; its stays are kept until the next pull confirms it.`;
  const changes =
    pull.outcome === 'not_modified'
      ? 'nothing changed'
      : `${pull.added} added, ${pull.changed} changed, ${pull.removed} removed`;
  return `Pulled ${name}: ${changes}${pull.alerts > 0 ? `, ${pull.alerts} new overbooking alert(s)` : ''}.`;
}

/** The labels of the range forms' fields, in their error summaries and in messages for the API's names. */
const RANGE_LABELS = { from: 'First night', to: 'Until (the night after the last)' };
const FEED_LABELS = { name: 'Channel name', url: 'iCal URL' };

/** The parts of an accommodation's page: each form shows what it was sent with and its errors. */
interface DetailParts {
  id: number;
  /** Minor units as the number a price field takes. */
  major: (minor: number) => number;
  base: string;
  csrf: string;
  currency: string;
  f: Formatter;
  form: (section: Section) => SentForm;
  /** The accommodation's time zone: its instants are shown there. */
  zone: string;
}

function pricesSection(p: DetailParts, prices: ReadonlyMap<string, number>): Html {
  const list =
    prices.size === 0
      ? html`<p class="muted">Every night from today on costs the base price.</p>`
      : html`<ul>${priceRanges(prices).map((r) => {
          const range = stayRange(p.f, r.from, r.to);
          const edit = `${p.base}?price_from=${r.from}&price_to=${r.to}&price=${p.major(r.price)}#price-form`;
          return html`<li>${range}: ${p.f.money(r.price, p.currency)} per night
<a href="${edit}">Edit the price of ${range}</a> ·
${confirmLink(`Remove the price of ${range}…`, 'remove-price', { id: p.id, from: r.from, to: r.to })}</li>`;
        })}</ul>`;
  const sent = p.form('price');
  const labels = { ...RANGE_LABELS, price: 'Price per night' };
  const form = { ...sent, errors: forHost(sent.errors, labels) };
  return html`<h2>Seasonal prices</h2>
${list}
${errorSummary(form.errors, labels, { idOf: (name) => `price-${name}` })}
<form method="post" action="${p.base}/prices" class="row" id="price-form">${csrfField(p.csrf)}
${rangeFields('price', form)}
${priceField(`Price per night (${p.currency}; empty: the base price)`, form)}
<button type="submit">Set the price</button></form>`;
}

function blocksSection(p: DetailParts, blocked: readonly { night: string; reason: string | null }[]): Html {
  const unblock = (r: { from: string; to: string; reason: string | null }) => {
    const range = stayRange(p.f, r.from, r.to);
    const edit = new URLSearchParams({ block_from: r.from, block_to: r.to, block_reason: r.reason ?? '' });
    return html`<li>${range}${r.reason === null ? '' : `: ${r.reason}`}
<a href="${p.base}?${edit.toString()}#block-form">Edit ${range}</a> ·
${confirmLink(`Unblock ${range}…`, 'unblock', { id: p.id, from: r.from, to: r.to })}</li>`;
  };
  const list =
    blocked.length === 0
      ? html`<p class="muted">No nights from today on are blocked.</p>`
      : html`<ul>${blockRanges(blocked).map(unblock)}</ul>`;
  const sent = p.form('block');
  const labels = { ...RANGE_LABELS, reason: 'Reason' };
  const form = { ...sent, errors: forHost(sent.errors, labels) };
  const { old_from: oldFrom, old_to: oldTo } = form.values;
  const editing = oldFrom !== undefined && oldTo !== undefined;
  const other = html`<a href="${p.base}">Block other nights instead</a>`;
  const hidden = editing
    ? html`<input type="hidden" name="old_from" value="${oldFrom}"><input type="hidden" name="old_to" value="${oldTo}">
<p class="muted">Changing the blocked nights ${stayRange(p.f, oldFrom, oldTo)}. ${other}</p>`
    : '';
  return html`<h2>Blocked nights</h2>
${list}
${errorSummary(form.errors, labels, { idOf: (name) => `block-${name}` })}
<form method="post" action="${p.base}/blocks" class="row" id="block-form">${csrfField(p.csrf)}${hidden}
${rangeFields('block', form)}
${reasonField(form)}
<button type="submit">${editing ? 'Save the blocked nights' : 'Block these nights'}</button></form>`;
}

function exportSection(url: string): Html {
  return html`<h2>Calendar export</h2>
<p>Give this secret address to other channels so they see every taken night (no guest data):</p>
<div class="row"><div class="field"><label for="export-url">Export URL</label>
<input id="export-url" readonly value="${url}"></div>
<button type="button" class="secondary" data-copy="export-url">Copy</button></div>`;
}

function feedsSection(p: DetailParts, feeds: readonly FeedView[]): Html {
  const edited = p.form('feed_url');
  const urlLabel = (name: string) => ({ url: `New iCal URL for ${name}` });
  const urlErrors = (feed: FeedView) =>
    edited.values.feed_id === String(feed.id) ? forHost(edited.errors, urlLabel(feed.name)) : {};
  const columns = ['Channel', 'Last result', { header: 'Export URL for this channel', label: 'Export URL' }, 'Actions'];
  const table = stackTable(columns, feeds, (feed) => {
    const synced =
      feed.last_synced_at === null ? '' : html` <span class="muted">${p.f.instant(feed.last_synced_at, p.zone)}</span>`;
    const error = feed.last_error === null ? '' : html`<br><span class="error">${feed.last_error}</span>`;
    const exportId = `feed-export-${feed.id}`;
    return [
      html`${feed.name}<br><span class="muted">${feed.url}</span>`,
      html`${feed.last_status ?? 'not pulled yet'}${synced}${error}`,
      html`<label class="muted" for="${exportId}">Export URL for ${feed.name}</label>
<input id="${exportId}" readonly value="${feed.export_url}">
<button type="button" class="secondary" data-copy="${exportId}">Copy</button>`,
      html`<form method="post" action="${p.base}/feeds/${feed.id}/sync" class="inline">${csrfField(p.csrf)}
<button type="submit" class="secondary">Sync ${feed.name} now</button></form>
${confirmLink(`Remove ${feed.name}…`, 'remove-feed', { id: p.id, feed: feed.id })}
${errorSummary(urlErrors(feed), urlLabel(feed.name), { idOf: (name) => `feed-${feed.id}-${name}` })}
<form method="post" action="${p.base}/feeds/${feed.id}" class="inline">${csrfField(p.csrf)}
${field(`New iCal URL for ${feed.name}`, 'url', urlErrors(feed), {
  idPrefix: `feed-${feed.id}`,
  type: 'url',
  required: true,
})}
<button type="submit" class="secondary">Change the URL of ${feed.name}</button></form>`,
    ];
  });
  const sent = p.form('feed');
  const values = sent.values;
  const errors = forHost(sent.errors, FEED_LABELS);
  return html`<h2>Imported calendars (iCal)</h2>
${feeds.length === 0 ? html`<p class="muted">No calendars are imported.</p>` : table}
${errorSummary(errors, FEED_LABELS, { idOf: (name) => `feed-${name}` })}
<form method="post" action="${p.base}/feeds" class="row">${csrfField(p.csrf)}
${field('Channel name (letters, digits, - and _)', 'name', errors, {
  idPrefix: 'feed',
  value: values.name ?? null,
  required: true,
  hint: 'e.g. airbnb',
})}
${field('iCal URL', 'url', errors, { idPrefix: 'feed', type: 'url', value: values.url ?? null, required: true })}
<button type="submit">Add calendar</button></form>`;
}

/**
 * The rules form's errors with the minimum and maximum stay checked together as well, so that a
 * maximum below the minimum is named in the same pass as every other error, not once they are fixed.
 */
function withStayLengths(
  errors: Record<string, string>,
  input: Record<string, unknown>,
  current: { min_stay: number; max_stay: number },
): Record<string, string> {
  const problem = stayLengthProblem(current, input);
  if (problem === null) return errors;
  const name = errorField(problem);
  return errors[name] === undefined ? { ...errors, [name]: problem.message } : errors;
}

/** A form of the page refused: shown again with its values and errors. */
function refused(section: Section, values: FormBody, errors: Record<string, string>, status: number): Shown {
  return { failed: { section, values, errors }, status };
}

const EMPTY: SentForm = { values: {}, errors: {} };

interface Shown {
  /** The notice of a change just made (`?done=`, or what a pull did). */
  notice?: string | null;
  /** A seasonal price to edit: the price form filled with it. */
  price?: FormBody;
  /** Blocked nights to change: the block form filled with them. */
  block?: FormBody;
  /** A form sent again with its errors. */
  failed?: Failed;
  status?: number;
}

async function detailPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  shown: Shown = {},
) {
  const f = fmt(request);
  const accommodation = await requireAccommodation(ctx.db, id);
  const json = accommodationToJson(accommodation);
  const today = todayIn(accommodation.timezone, ctx.now());
  const [token, feeds, blocked, prices, booked] = await Promise.all([
    accommodationExportToken(ctx.db, id, ctx.now()),
    feedsOf(ctx.db, id).then((list) => feedViews(ctx.db, ctx.config, list)),
    blockedNights(ctx.db, id, { from: today }),
    nightlyPriceMap(ctx.db, id, today, addDays(today, 731)),
    accommodationHasBookings(ctx.db, id),
  ]);
  const csrf = session(request).csrf;
  const { failed } = shown;
  const decimals = currencyDecimals(accommodation.currency) ?? 2;
  const parts: DetailParts = {
    id,
    major: (minor) => toMajor(minor, decimals),
    base: `/admin/accommodations/${id}`,
    csrf,
    currency: accommodation.currency,
    f,
    zone: accommodation.timezone,
    form: (section) =>
      failed?.section === section
        ? failed
        : section === 'price'
          ? { values: shown.price ?? {}, errors: {} }
          : section === 'block'
            ? { values: shown.block ?? {}, errors: {} }
            : EMPTY,
  };
  const rules = failed?.section === 'rules' ? failed : { values: formValues(json), errors: {} };
  const body = html`
${notice(shown.notice ?? null)}
${archivedNote(accommodation, f)}
<p><a href="/admin/calendar">See it in the calendar</a> ·
<a href="/admin/bookings?accommodation=${id}">Its bookings</a></p>
<h2>Rules</h2>
${accommodationForm(parts.base, 'Save the rules', csrf, rules.values, rules.errors)}
${pricesSection(parts, prices)}
${blocksSection(parts, blocked)}
${exportSection(exportUrl(ctx.config, token))}
${feedsSection(parts, feeds)}
${removeSection(accommodation, booked)}`;
  return sendPage(request, reply, accommodation.name, 'accommodations', body, shown.status ?? 200);
}

/** What an archived accommodation is, said at the top of its page. */
function archivedNote(accommodation: Accommodation, f: Formatter): Html {
  if (accommodation.archived_at === null) return html``;
  const when = f.instant(accommodation.archived_at, accommodation.timezone);
  return html`<p class="notice" role="status">Archived on ${when}: it is listed
nowhere and takes no new booking. Its bookings stay as they are: they can be seen, edited, cancelled and paid.</p>`;
}

/** Delete (no bookings) or archive (bookings, cancelled ones too): the section says which. */
function removeSection(accommodation: Accommodation, booked: boolean): Html {
  if (accommodation.archived_at !== null) return html``;
  const id = accommodation.id;
  if (!booked)
    return html`<h2>Delete</h2>
<p>It has no bookings, so it can be deleted with its prices, blocks and calendars.
${confirmLink(`Delete ${accommodation.name}…`, 'delete-accommodation', { id })}</p>`;
  return html`<h2>Archive</h2>
<p>It has bookings (cancelled ones count: they are its history), so it cannot be deleted. Archived, it is
listed nowhere and takes no new booking; its bookings stay as they are.
${confirmLink(`Archive ${accommodation.name}…`, 'delete-accommodation', { id })}</p>`;
}

async function newPage(
  request: FastifyRequest,
  reply: FastifyReply,
  values: FormBody = {},
  errors: Record<string, string> = {},
  status = 200,
) {
  return sendPage(
    request,
    reply,
    'New accommodation',
    'accommodations',
    accommodationForm('/admin/accommodations', 'Create accommodation', session(request).csrf, values, errors),
    status,
  );
}

/** The archived accommodations, out of the list: a link to each, folded away. */
function archivedList(list: readonly Accommodation[]): Html {
  if (list.length === 0) return html``;
  const links = list.map((a) => html`<li><a href="/admin/accommodations/${a.id}">${a.name}</a></li>`);
  return html`<details class="archived"><summary>Archived (${list.length})</summary>
<p>They take no new booking; their bookings stay as they are.</p><ul>${links}</ul></details>`;
}

function accommodationList(list: Awaited<ReturnType<typeof listAccommodations>>, f: Formatter): Html {
  if (list.length === 0) return html`<p>No accommodations yet.</p>`;
  return stackTable(['Name', 'Base price', 'Guests', 'Stay'], list, (a) => [
    html`<a href="/admin/accommodations/${a.id}">${a.name}</a>`,
    f.money(a.base_price, a.currency),
    `up to ${a.max_guests}`,
    `${a.min_stay}–${a.max_stay} nights`,
  ]);
}

/** Accommodations: list, create, edit every rule, seasonal prices, blocks, iCal feeds and export URLs. */
export const accommodationPages: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    PAGES.accommodations.path,
    sessionRoute('accommodations', { querystring: ListQuery }),
    async (request, reply) => {
      const [list, archived] = await Promise.all([listAccommodations(ctx.db), listArchivedAccommodations(ctx.db)]);
      const body = html`${notice(LIST_NOTICES.text(request.query.done))}
<p><a class="button" href="/admin/accommodations/new">New accommodation</a></p>
${accommodationList(list, fmt(request))}
${archivedList(archived)}`;
      return sendPage(request, reply, 'Accommodations', 'accommodations', body);
    },
  );

  app.get(PAGES['new-accommodation'].path, sessionRoute('accommodations', {}), (request, reply) =>
    newPage(request, reply),
  );

  app.post('/accommodations', sessionRoute('accommodations', { body: AccommodationForm }), async (request, reply) => {
    const values = request.body;
    const sent = accommodationInput(values);
    const input = await checkForm(AccommodationCreateSchema, sent);
    if (!input.ok) return newPage(request, reply, values, withStayLengths(input.errors, sent, NEW_STAY_LENGTHS), 400);
    const result = await attempt(() => createAccommodation(ctx.db, input.value, ctx.now()));
    if (!result.ok)
      return newPage(request, reply, values, withStayLengths(result.errors, sent, NEW_STAY_LENGTHS), result.status);
    return seeOther(reply, `/admin/accommodations/${result.value.id}?done=created`);
  });

  app.get(
    PAGES.accommodation.path,
    sessionRoute('accommodations', { params: IdParams, querystring: DetailQuery }),
    (request, reply) => {
      const q = request.query;
      const price = { from: q.price_from, to: q.price_to, price: q.price };
      const block =
        q.block_from === undefined || q.block_to === undefined
          ? {}
          : { from: q.block_from, to: q.block_to, reason: q.block_reason, old_from: q.block_from, old_to: q.block_to };
      return detailPage(ctx, request, reply, idOf(request.params.id), { notice: NOTICES.text(q.done), price, block });
    },
  );

  app.post(
    '/accommodations/:id/delete',
    sessionRoute('accommodations', { params: IdParams }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const result = await attempt(() => removeAccommodation(ctx, id, ctx.now()));
      if (!result.ok) {
        const error = Object.values(result.errors)[0] ?? 'Not possible.';
        return redirectWith(request, reply, `/admin/accommodations/${id}`, { error }, ctx.config.publicBaseUrl);
      }
      return seeOther(reply, `/admin/accommodations?done=${result.value}`);
    },
  );

  app.post(
    '/accommodations/:id',
    sessionRoute('accommodations', { params: IdParams, body: AccommodationForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const values = request.body;
      const stored = await requireAccommodation(ctx.db, id);
      const sent = accommodationInput(values);
      const input = await checkForm(AccommodationPatchSchema, sent);
      if (!input.ok) {
        const errors = withStayLengths(input.errors, sent, stored);
        return detailPage(ctx, request, reply, id, refused('rules', values, errors, 400));
      }
      const result = await attempt(() => editAccommodation(ctx, id, input.value, ctx.now()));
      if (!result.ok) {
        const errors = withStayLengths(result.errors, sent, stored);
        return detailPage(ctx, request, reply, id, refused('rules', values, errors, result.status));
      }
      return seeOther(reply, `/admin/accommodations/${id}?done=saved`);
    },
  );

  app.post(
    '/accommodations/:id/prices',
    sessionRoute('accommodations', { params: IdParams, body: PriceForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const values = request.body;
      const form = await priceRequest(values);
      if (!form.ok) return detailPage(ctx, request, reply, id, refused('price', values, form.errors, 400));
      const { from, to, price } = form.value;
      const warning = priceWarning(price, await requireAccommodation(ctx.db, id), fmt(request), values);
      if (warning !== null) {
        const warned = { ...values, price_warned: 'yes' };
        return detailPage(ctx, request, reply, id, refused('price', warned, { price: warning }, 400));
      }
      const result = await attempt(() => setPrices(ctx, id, nightRange(from, to), price));
      if (!result.ok)
        return detailPage(ctx, request, reply, id, refused('price', values, result.errors, result.status));
      return seeOther(reply, `/admin/accommodations/${id}?done=priced`);
    },
  );

  app.post(
    '/accommodations/:id/blocks',
    sessionRoute('accommodations', { params: IdParams, body: EditBlockForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const values = request.body;
      const form = await blockRequest(values);
      if (!form.ok) return detailPage(ctx, request, reply, id, refused('block', values, form.errors, 400));
      const { from, to, reason } = form.value;
      const { old_from: oldFrom, old_to: oldTo } = values;
      const result = await attempt(() =>
        oldFrom === undefined || oldTo === undefined
          ? blockNights(ctx, id, nightRange(from, to), reason ?? null, ctx.now())
          : changeBlock(ctx, id, nightRange(oldFrom, oldTo), nightRange(from, to), reason ?? null, ctx.now()),
      );
      if (!result.ok)
        return detailPage(ctx, request, reply, id, refused('block', values, result.errors, result.status));
      return seeOther(reply, `/admin/accommodations/${id}?done=blocked`);
    },
  );

  app.post(
    '/accommodations/:id/unblock',
    sessionRoute('accommodations', { params: IdParams, body: BlockForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const form = await blockRequest(request.body);
      if (!form.ok) return detailPage(ctx, request, reply, id, refused('block', {}, form.errors, 400));
      const { from, to } = form.value;
      const result = await attempt(() => unblockNights(ctx, id, nightRange(from, to)));
      if (!result.ok) return detailPage(ctx, request, reply, id, refused('block', {}, result.errors, result.status));
      return seeOther(reply, `/admin/accommodations/${id}?done=unblocked`);
    },
  );

  app.post(
    '/accommodations/:id/feeds',
    sessionRoute('accommodations', { params: IdParams, body: FeedForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const values = request.body;
      const input = await checkForm(FeedBody, { name: (values.name ?? '').trim(), url: (values.url ?? '').trim() });
      if (!input.ok) return detailPage(ctx, request, reply, id, refused('feed', values, input.errors, 400));
      const result = await attempt(() => addFeed(ctx.db, id, input.value, ctx.now(), feedUrlRules(ctx.config)));
      if (!result.ok) return detailPage(ctx, request, reply, id, refused('feed', values, result.errors, result.status));
      return seeOther(reply, `/admin/accommodations/${id}?done=feed_added`);
    },
  );

  app.post(
    '/accommodations/:id/feeds/:feedId',
    sessionRoute('accommodations', { params: FeedParams, body: FeedUrlForm }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const feedId = idOf(request.params.feedId, 'calendar');
      const values: FormBody = { ...request.body, feed_id: String(feedId) };
      const input = await checkForm(FeedPatchBody, { url: (values.url ?? '').trim() });
      if (!input.ok) return detailPage(ctx, request, reply, id, refused('feed_url', values, input.errors, 400));
      const result = await attempt(() => editFeed(ctx.db, id, feedId, input.value, feedUrlRules(ctx.config)));
      if (!result.ok)
        return detailPage(ctx, request, reply, id, refused('feed_url', values, result.errors, result.status));
      return seeOther(reply, `/admin/accommodations/${id}?done=feed_edited`);
    },
  );

  app.post(
    '/accommodations/:id/feeds/:feedId/remove',
    sessionRoute('accommodations', { params: FeedParams }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const feedId = idOf(request.params.feedId, 'calendar');
      await removeFeed(ctx.db, id, feedId, ctx.now());
      return seeOther(reply, `/admin/accommodations/${id}?done=feed_removed`);
    },
  );

  app.post(
    '/accommodations/:id/feeds/:feedId/sync',
    sessionRoute('accommodations', { params: FeedParams }),
    async (request, reply) => {
      const id = idOf(request.params.id);
      const feedId = idOf(request.params.feedId, 'calendar');
      const feed = await findFeed(ctx.db, id, feedId);
      if (feed === undefined)
        throw notFound('feed_not_found', `This accommodation has no calendar ${feedId}.`, {
          parameter: 'feedId',
          received: feedId,
        });
      const pull = await pullFeed({ ctx }, feed);
      const note = pullNote(feed.name, pull);
      const flash = pull.outcome === 'failed' ? { error: note } : { notice: note };
      return redirectWith(request, reply, `/admin/accommodations/${id}`, flash, ctx.config.publicBaseUrl);
    },
  );
};
