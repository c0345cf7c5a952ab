import type { FastifyReply, FastifyRequest } from 'fastify';
import { idFromText } from '../../http/ids.ts';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { accommodationToJson } from '../../accommodations/accommodation-mapper.ts';
import {
  AccommodationCreateSchema,
  AccommodationPatchSchema,
  type AccommodationCreateInput,
  type AccommodationPatchInput,
} from '../../accommodations/accommodation-schemas.ts';
import { addFeed, editFeed, feedsOf, feedUrlRules, removeFeed } from '../../accommodations/ical-feeds.ts';
import {
  createAccommodation,
  editAccommodation,
  requireAccommodation,
} from '../../accommodations/manage-accommodations.ts';
import { nightRange } from '../../accommodations/night-range.ts';
import { setPrices } from '../../accommodations/nightly-prices.ts';
import { nightlyPriceMap } from '../../accommodations/nightly-price-repository.ts';
import { FeedBody, FeedPatchBody } from '../../admin/ical-feed-routes.ts';
import { blockedNights, blockNights, unblockNights } from '../../blocks/block-nights.ts';
import { notFound } from '../../http/errors.ts';
import { accommodationExportToken, exportUrl } from '../../ical/export-tokens.ts';
import { feedViews } from '../../ical/feed-views.ts';
import { pullFeed } from '../../ical/pull-feed.ts';
import { addDays, todayIn } from '../../shared/dates.ts';
import { attempt, fmt, formOf, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { html } from '../html.ts';
import { csrfField, field, notice } from '../layout.ts';
import { schemaErrors } from '../schema-errors.ts';
import { accommodationForm, accommodationInput, formValues } from './accommodation-form.ts';
import { priceOf } from './calendar.ts';
import { applyChange } from '../../caches.ts';

type Section = 'rules' | 'price' | 'block' | 'feed' | 'feed_url';
interface Failed {
  section: Section;
  values: FormBody;
  errors: Record<string, string>;
}

const NOTICES: Record<string, string> = {
  created: 'The accommodation is created.',
  saved: 'The rules are saved.',
  priced: 'The price of the nights is set.',
  blocked: 'The nights are blocked.',
  unblocked: 'The nights are free again.',
  feed_added: 'The calendar is added; it is pulled on the schedule, or now with "Sync now".',
  feed_removed: 'The calendar and the stays imported from it are removed.',
  feed_edited:
    'The calendar URL is changed; its export URL is the same. It is pulled from the new URL on the schedule, or now with "Sync now".',
};

function idOf(raw: string, what: 'accommodation' | 'calendar' = 'accommodation'): number {
  const id = idFromText(raw);
  if (id === 0)
    throw notFound(what === 'calendar' ? 'feed_not_found' : 'accommodation_not_found', `There is no such ${what}.`, {
      parameter: 'id',
      received: raw,
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

async function detailPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  failed: Failed | null = null,
  status = 200,
  pullNote: string | null = null,
) {
  const f = fmt(request);
  const accommodation = await requireAccommodation(ctx.db, id);
  const json = accommodationToJson(accommodation);
  const today = todayIn('UTC', ctx.now());
  const [token, feeds, blocked, prices] = await Promise.all([
    accommodationExportToken(ctx.db, id, ctx.now()),
    feedsOf(ctx.db, id).then((list) => feedViews(ctx.db, ctx.config, list)),
    blockedNights(ctx.db, id, { from: today }),
    nightlyPriceMap(ctx.db, id, today, addDays(today, 731)),
  ]);
  const csrf = session(request).csrf;
  const errorsOf = (section: Section) => (failed?.section === section ? failed.errors : {});
  const valuesOf = (section: Section) => (failed?.section === section ? failed.values : {});
  const urlErrors = (feedId: number) => (failed?.values.feed_id === String(feedId) ? errorsOf('feed_url') : {});
  const q = request.query as Record<string, string | undefined>;
  const base = `/admin/accommodations/${id}`;
  const exportLink = exportUrl(ctx.config, token);
  const body = html`
${notice(pullNote ?? (q.done === undefined ? null : (NOTICES[q.done] ?? null)))}
<p><a href="/admin/calendar">See it in the calendar</a> · <a href="/admin/bookings?accommodation=${id}">Its bookings</a></p>
<h2>Rules</h2>
${accommodationForm(base, 'Save the rules', csrf, failed?.section === 'rules' ? failed.values : formValues(json), errorsOf('rules'))}
<h2>Seasonal prices</h2>
${
  prices.size === 0
    ? html`<p class="muted">Every night from today on costs the base price.</p>`
    : html`<ul>${priceRanges(prices).map((r) => html`<li>${f.date(r.from)} – ${f.date(r.to)}: ${f.money(r.price, accommodation.currency)} per night</li>`)}</ul>`
}
<form method="post" action="${base}/prices" class="row">${csrfField(csrf)}
${errorsOf('price')._form === undefined ? '' : html`<p class="error" role="alert">${errorsOf('price')._form}</p>`}
${field('First night', 'from', errorsOf('price'), { idPrefix: 'price', type: 'date', value: valuesOf('price').from ?? null, required: true })}
${field('Until (the night after the last)', 'to', errorsOf('price'), { idPrefix: 'price', type: 'date', value: valuesOf('price').to ?? null, required: true })}
${field(`Price per night (${accommodation.currency}; empty: the base price)`, 'price', errorsOf('price'), { idPrefix: 'price', type: 'number', step: 'any', min: '0', value: valuesOf('price').price ?? null })}
<button type="submit">Set the price</button></form>
<h2>Blocked nights</h2>
${
  blocked.length === 0
    ? html`<p class="muted">No nights from today on are blocked.</p>`
    : html`<ul>${blockRanges(blocked).map(
        (r) =>
          html`<li>${f.date(r.from)} – ${f.date(r.to)}${r.reason === null ? '' : `: ${r.reason}`} <form method="post" action="${base}/unblock" class="inline">${csrfField(csrf)}<input type="hidden" name="from" value="${r.from}"><input type="hidden" name="to" value="${r.to}"><button type="submit" class="secondary">Unblock ${f.date(r.from)} – ${f.date(r.to)}</button></form></li>`,
      )}</ul>`
}
<form method="post" action="${base}/blocks" class="row">${csrfField(csrf)}
${errorsOf('block')._form === undefined ? '' : html`<p class="error" role="alert">${errorsOf('block')._form}</p>`}
${field('First night', 'from', errorsOf('block'), { idPrefix: 'block', type: 'date', value: valuesOf('block').from ?? null, required: true })}
${field('Until (the night after the last)', 'to', errorsOf('block'), { idPrefix: 'block', type: 'date', value: valuesOf('block').to ?? null, required: true })}
${field('Reason', 'reason', errorsOf('block'), { idPrefix: 'block', value: valuesOf('block').reason ?? null })}
<button type="submit">Block these nights</button></form>
<h2>Calendar export</h2>
<p>Give this secret address to other channels so they see every taken night (no guest data):</p>
<div class="row"><div class="field"><label for="export-url">Export URL</label><input id="export-url" readonly value="${exportLink}"></div><button type="button" class="secondary" data-copy="export-url">Copy</button></div>
<h2>Imported calendars (iCal)</h2>
${
  feeds.length === 0
    ? html`<p class="muted">No calendars are imported.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Channel</th><th scope="col">Last result</th><th scope="col">Export URL for this channel</th><th scope="col">Actions</th></tr></thead><tbody>${feeds.map(
        (feed) => html`<tr><td data-label="Channel">${feed.name}<br><span class="muted">${feed.url}</span></td>
<td data-label="Last result">${feed.last_status ?? 'not pulled yet'}${feed.last_synced_at === null ? '' : html` <span class="muted">${f.instant(feed.last_synced_at)}</span>`}${feed.last_error === null ? '' : html`<br><span class="error">${feed.last_error}</span>`}</td>
<td data-label="Export URL"><label class="muted" for="feed-export-${feed.id}">Export URL for ${feed.name}</label><input id="feed-export-${feed.id}" readonly value="${feed.export_url}"> <button type="button" class="secondary" data-copy="feed-export-${feed.id}">Copy</button></td>
<td data-label="Actions"><form method="post" action="${base}/feeds/${feed.id}/sync" class="inline">${csrfField(csrf)}<button type="submit" class="secondary">Sync ${feed.name} now</button></form>
<form method="post" action="${base}/feeds/${feed.id}/remove" class="inline">${csrfField(csrf)}<button type="submit" class="danger">Remove ${feed.name}</button></form>
<form method="post" action="${base}/feeds/${feed.id}" class="inline">${csrfField(csrf)}${field(`New iCal URL for ${feed.name}`, 'url', urlErrors(feed.id), { idPrefix: `feed-${feed.id}`, type: 'url', required: true })}<button type="submit" class="secondary">Change the URL of ${feed.name}</button></form></td></tr>`,
      )}</tbody></table>`
}
<form method="post" action="${base}/feeds" class="row">${csrfField(csrf)}
${errorsOf('feed')._form === undefined ? '' : html`<p class="error" role="alert">${errorsOf('feed')._form}</p>`}
${field('Channel name (letters, digits, - and _)', 'name', errorsOf('feed'), { idPrefix: 'feed', value: valuesOf('feed').name ?? null, required: true, hint: 'e.g. airbnb' })}
${field('iCal URL', 'url', errorsOf('feed'), { idPrefix: 'feed', type: 'url', value: valuesOf('feed').url ?? null, required: true })}
<button type="submit">Add calendar</button></form>`;
  return sendPage(request, reply, accommodation.name, 'accommodations', body, status);
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

/** Accommodations: list, create, edit every rule, seasonal prices, blocks, iCal feeds and export URLs. */
export const accommodationPages: FeatureRoutes = async (app, { ctx }) => {
  const opts = { config: { auth: 'session' as const }, schema: { hide: true } };
  const paramId = (request: FastifyRequest) => idOf((request.params as { id: string }).id);

  app.get('/accommodations', opts, async (request, reply) => {
    const f = fmt(request);
    const list = await listAccommodations(ctx.db);
    const body = html`<p><a class="button" href="/admin/accommodations/new">New accommodation</a></p>
${
  list.length === 0
    ? html`<p>No accommodations yet.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Name</th><th scope="col">Base price</th><th scope="col">Guests</th><th scope="col">Stay</th></tr></thead><tbody>${list.map(
        (a) =>
          html`<tr><td data-label="Name"><a href="/admin/accommodations/${a.id}">${a.name}</a></td><td data-label="Base price">${f.money(a.base_price, a.currency)}</td><td data-label="Guests">up to ${a.max_guests}</td><td data-label="Stay">${a.min_stay}–${a.max_stay} nights</td></tr>`,
      )}</tbody></table>`
}`;
    return sendPage(request, reply, 'Accommodations', 'accommodations', body);
  });

  app.get('/accommodations/new', opts, (request, reply) => newPage(request, reply));

  app.post('/accommodations', opts, async (request, reply) => {
    const values = formOf(request);
    const input = accommodationInput(values);
    const invalid = await schemaErrors(AccommodationCreateSchema, input);
    if (invalid !== null) return newPage(request, reply, values, invalid, 400);
    const result = await attempt(() => createAccommodation(ctx.db, input as AccommodationCreateInput, ctx.now()));
    if (!result.ok) return newPage(request, reply, values, result.errors, result.status);
    return seeOther(reply, `/admin/accommodations/${result.value.id}?done=created`);
  });

  app.get('/accommodations/:id', opts, (request, reply) => detailPage(ctx, request, reply, paramId(request)));

  app.post('/accommodations/:id', opts, async (request, reply) => {
    const id = paramId(request);
    const values = formOf(request);
    const input = accommodationInput(values);
    const invalid = await schemaErrors(AccommodationPatchSchema, input);
    if (invalid !== null)
      return detailPage(ctx, request, reply, id, { section: 'rules', values, errors: invalid }, 400);
    const result = await attempt(() => editAccommodation(ctx.db, id, input as AccommodationPatchInput, ctx.now()));
    if (!result.ok)
      return detailPage(ctx, request, reply, id, { section: 'rules', values, errors: result.errors }, result.status);
    applyChange(ctx.caches, { table: 'accommodations', id: String(id) });
    return seeOther(reply, `/admin/accommodations/${id}?done=saved`);
  });

  app.post('/accommodations/:id/prices', opts, async (request, reply) => {
    const id = paramId(request);
    const values = formOf(request);
    const result = await attempt(async () => {
      await setPrices(ctx.db, id, nightRange(values.from ?? '', values.to ?? ''), priceOf(values.price));
      applyChange(ctx.caches, { table: 'nightly_prices', id: String(id) });
    });
    if (!result.ok)
      return detailPage(ctx, request, reply, id, { section: 'price', values, errors: result.errors }, result.status);
    return seeOther(reply, `/admin/accommodations/${id}?done=priced`);
  });

  app.post('/accommodations/:id/blocks', opts, async (request, reply) => {
    const id = paramId(request);
    const values = formOf(request);
    const reason = (values.reason ?? '').trim().slice(0, 200);
    const result = await attempt(() =>
      blockNights(ctx.db, id, nightRange(values.from ?? '', values.to ?? ''), reason === '' ? null : reason, ctx.now()),
    );
    if (!result.ok)
      return detailPage(ctx, request, reply, id, { section: 'block', values, errors: result.errors }, result.status);
    return seeOther(reply, `/admin/accommodations/${id}?done=blocked`);
  });

  app.post('/accommodations/:id/unblock', opts, async (request, reply) => {
    const id = paramId(request);
    const values = formOf(request);
    const result = await attempt(() => unblockNights(ctx.db, id, nightRange(values.from ?? '', values.to ?? '')));
    if (!result.ok)
      return detailPage(
        ctx,
        request,
        reply,
        id,
        { section: 'block', values: {}, errors: result.errors },
        result.status,
      );
    return seeOther(reply, `/admin/accommodations/${id}?done=unblocked`);
  });

  app.post('/accommodations/:id/feeds', opts, async (request, reply) => {
    const id = paramId(request);
    const values = formOf(request);
    const input = { name: (values.name ?? '').trim(), url: (values.url ?? '').trim() };
    const invalid = await schemaErrors(FeedBody, input);
    if (invalid !== null) return detailPage(ctx, request, reply, id, { section: 'feed', values, errors: invalid }, 400);
    const result = await attempt(() => addFeed(ctx.db, id, input, ctx.now(), feedUrlRules(ctx.config)));
    if (!result.ok)
      return detailPage(ctx, request, reply, id, { section: 'feed', values, errors: result.errors }, result.status);
    return seeOther(reply, `/admin/accommodations/${id}?done=feed_added`);
  });

  app.post('/accommodations/:id/feeds/:feedId', opts, async (request, reply) => {
    const id = paramId(request);
    const feedId = idOf((request.params as { feedId: string }).feedId, 'calendar');
    const values: FormBody = { ...formOf(request), feed_id: String(feedId) };
    const input = { url: (values.url ?? '').trim() };
    const failed = (errors: Record<string, string>, status: number) =>
      detailPage(ctx, request, reply, id, { section: 'feed_url', values, errors }, status);
    const invalid = await schemaErrors(FeedPatchBody, input);
    if (invalid !== null) return failed(invalid, 400);
    const result = await attempt(() => editFeed(ctx.db, id, feedId, input, feedUrlRules(ctx.config)));
    if (!result.ok) return failed(result.errors, result.status);
    return seeOther(reply, `/admin/accommodations/${id}?done=feed_edited`);
  });

  app.post('/accommodations/:id/feeds/:feedId/remove', opts, async (request, reply) => {
    const id = paramId(request);
    const feedId = idOf((request.params as { feedId: string }).feedId, 'calendar');
    await removeFeed(ctx.db, id, feedId);
    return seeOther(reply, `/admin/accommodations/${id}?done=feed_removed`);
  });

  app.post('/accommodations/:id/feeds/:feedId/sync', opts, async (request, reply) => {
    const id = paramId(request);
    const feedId = idOf((request.params as { feedId: string }).feedId, 'calendar');
    const feed = await ctx.db
      .selectFrom('external_feeds')
      .selectAll()
      .where('id', '=', feedId)
      .where('accommodation_id', '=', id)
      .executeTakeFirst();
    if (feed === undefined)
      throw notFound('feed_not_found', `This accommodation has no calendar ${feedId}.`, {
        parameter: 'feedId',
        received: feedId,
      });
    const pull = await pullFeed({ ctx }, feed);
    const note =
      pull.outcome === 'failed'
        ? `Pulling ${feed.name} failed: ${pull.error ?? 'unknown error'}`
        : pull.outcome === 'held'
          ? `Pulled ${feed.name}: the calendar came back empty; its stays are kept until the next pull confirms it.`
          : `Pulled ${feed.name}: ${pull.outcome === 'not_modified' ? 'nothing changed' : `${pull.added} added, ${pull.changed} changed, ${pull.removed} removed`}${pull.alerts > 0 ? `, ${pull.alerts} new overbooking alert(s)` : ''}.`;
    return detailPage(ctx, request, reply, id, null, 200, note);
  });
};
