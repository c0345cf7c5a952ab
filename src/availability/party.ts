import type { Static } from 'typebox';
import { badRequest } from '../http/errors.ts';
import type { AvailabilityBody } from './availability-schemas.ts';

/**
 * Who an availability request is for (docs/money.md#city-tax-and-extra-guests): `guest_count`
 * guests counted as adults, unless `composition` says who they are. The two agree when
 * adults + children equals guest_count (babies are not guests); with only a composition, the
 * guests are its adults + children.
 */
export function partyOf(body: Pick<Static<typeof AvailabilityBody>, 'guest_count' | 'composition'>): {
  guests: number;
  children: number;
} {
  const { composition } = body;
  if (composition === undefined) return { guests: body.guest_count ?? 1, children: 0 };
  const children = composition.children ?? 0;
  const guests = composition.adults + children;
  if (body.guest_count !== undefined && body.guest_count !== guests) {
    throw badRequest(
      'composition_mismatch',
      `guest_count is ${body.guest_count} but composition has ${guests} guests ` +
        '(adults + children; babies do not count).',
      { parameter: 'composition', expected: `adults + children = ${body.guest_count}`, received: guests },
    );
  }
  return { guests, children };
}
