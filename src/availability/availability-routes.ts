import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import type { CachedAccommodation } from '../accommodations/accommodation-cache.ts';
import type { Accommodation } from '../db/schema.ts';
import type { NightWindow } from '../occupancy/night-window.ts';
import { commonErrorResponses, endpointMetadata } from '../http/envelope.ts';
import { rememberedNightWindow } from './remembered-window.ts';
import { pricingView, restrictionsOf } from '../pricing/accommodation-rules.ts';
import { AVAILABILITY_FIELD_NAMES } from '../stays/stay-rules.ts';
import { priceFromOverrides } from '../pricing/quote-stay.ts';
import { AvailabilityBody, AvailabilityResponse } from './availability-schemas.ts';
import { cachedAccommodationOrLoad, overridesOrLoad } from '../accommodations/load-accommodation.ts';
import { conflictMessage } from '../occupancy/nights-unavailable.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import { requestViewer } from '../auth/require-key.ts';
import { partyOf } from './party.ts';

/** docs/api.md#availability: is the accommodation free for these nights, and what would the stay cost. */
export const availabilityRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/availability',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Check availability and compute the price of a stay',
        description:
          'When a night is taken, message names the first conflicting booking by its code ' +
          'only if the calling key created it (or is an admin key); ' +
          'another booking reads as "another reservation".',
        security: [{ bearerKey: [] }],
        body: AvailabilityBody,
        response: { 200: AvailabilityResponse, ...commonErrorResponses },
      },
    },
    // Answers without a promise when the accommodation, its taken nights and its prices are all
    // in memory (the common case: Fastify then sends the answer at once, no microtask), and
    // waits for the store only for what it has to load.
    (request) => {
      const now = ctx.now();
      const loading = cachedAccommodationOrLoad(ctx, request.body.accommodation_id, now);
      return loading instanceof Promise
        ? loading.then((cached) => answer(request.body, request, cached, now))
        : answer(request.body, request, loading, now);
    },
  );

  type Answer = Static<typeof AvailabilityResponse>;
  const NO_EXTRAS: Readonly<Record<string, boolean>> = Object.freeze({});

  function answer(
    body: Static<typeof AvailabilityBody>,
    request: FastifyRequest,
    cached: CachedAccommodation,
    now: Date,
  ): Answer | Promise<Answer> {
    const accommodation = cached.accommodation;
    if (accommodation.archived_at !== null) {
      // An archived accommodation takes no new booking (POST /bookings answers 409 accommodation_archived).
      const message = `Accommodation ${accommodation.id} is archived and takes no new bookings.`;
      return {
        success: true,
        data: {
          available: false,
          nights: 0,
          pricing: null,
          restrictions: null,
          registration_number: accommodation.registration_number,
          message,
        },
      };
    }
    const { guests } = partyOf(body);
    const stay = checkStayOrThrow(
      accommodation,
      { checkin: body.checkin, checkout: body.checkout, guests },
      AVAILABILITY_FIELD_NAMES,
      now,
    );
    // Taken nights from this process's memory (occupancy/night-memory.ts): no store round trip on a hit.
    const reading = rememberedNightWindow(ctx, accommodation.id, { from: stay.checkin, to: stay.checkout }, now);
    // Price first, so an extra the accommodation does not offer is a 400 even on taken dates.
    const overrides = overridesOrLoad(ctx, cached, stay.checkin, stay.checkout);
    if (reading instanceof Promise || overrides instanceof Promise)
      return Promise.all([reading, overrides]).then(([window, prices]) =>
        quoted(request, body, accommodation, stay, now, window, prices),
      );
    return quoted(request, body, accommodation, stay, now, reading, overrides);
  }

  /** The answer for a stay that passed its checks, once its nights and prices are in hand. */
  function quoted(
    request: FastifyRequest,
    body: Static<typeof AvailabilityBody>,
    accommodation: Accommodation,
    stay: { checkin: string; checkout: string; nights: number },
    now: Date,
    window: NightWindow,
    prices: ReadonlyMap<string, number>,
  ): Answer {
    const wanted = {
      checkin: stay.checkin,
      checkout: stay.checkout,
      ...partyOf(body),
      extras: body.extras ?? NO_EXTRAS,
    };
    const quote = priceFromOverrides(accommodation, wanted, prices);
    if (window.taken.length > 0) {
      return {
        success: true,
        data: {
          available: false,
          nights: 0,
          pricing: null,
          restrictions: null,
          registration_number: accommodation.registration_number,
          message: conflictMessage(window.taken, requestViewer(request)),
        },
      };
    }
    return {
      success: true,
      data: {
        available: true,
        nights: stay.nights,
        pricing: pricingView(quote, accommodation.currency),
        restrictions: restrictionsOf(accommodation),
        registration_number: accommodation.registration_number,
        message: 'Available',
      },
      metadata: endpointMetadata(now),
    };
  }
};
