import { conflict, type AppError } from '../http/errors.ts';
import { seesBooking, type Viewer } from '../http/viewer.ts';
import type { TakenNight } from './night-ledger.ts';

/**
 * The booking's code when the viewer may know it (its own booking, or the host's view); null
 * for another key's booking, which is only a taken night to this viewer (docs/api.md#tenant-isolation).
 */
function visibleCode(night: TakenNight, viewer: Viewer): string | null {
  return night.kind === 'booking' && seesBooking(viewer, night.created_by) ? night.confirmation_code : null;
}

/**
 * How the first taken night reads to a caller: the conflicting booking's code (only when the
 * viewer may see that booking), the block, or another channel. Every message that says who holds
 * nights is worded here, and the viewer is required so that no caller can forget it.
 */
export function conflictMessage(taken: readonly TakenNight[], viewer: Viewer): string {
  const first = taken[0];
  if (first === undefined) return 'Available';
  switch (first.kind) {
    case 'booking': {
      const code = visibleCode(first, viewer);
      return code === null
        ? `Not available: the dates conflict with another reservation (night of ${first.night}).`
        : `Not available: the dates conflict with booking ${code} (night of ${first.night}).`;
    }
    case 'block':
      return `Not available: ${first.night} is blocked${first.reason ? ` (${first.reason})` : ''}.`;
    case 'external':
      return `Not available: the dates conflict with a reservation from another channel (night of ${first.night}).`;
  }
}

/**
 * The one 409 `dates_unavailable`, whoever asked for the nights (a booking, a change of dates, a
 * block). `taken` is what a read found; empty when a race was lost and the winner is not known.
 * `viewer` is who will read the answer; `parameter` names the caller's field, when the request
 * has one.
 */
export function datesUnavailable(taken: readonly TakenNight[], viewer: Viewer, parameter?: string): AppError {
  const first = taken[0];
  const code = first === undefined ? null : visibleCode(first, viewer);
  return conflict(
    'dates_unavailable',
    first === undefined ? 'Some of these nights were just booked by someone else.' : conflictMessage(taken, viewer),
    {
      ...(parameter === undefined ? {} : { parameter }),
      conflicting_night: first?.night ?? null,
      conflicting_booking: code,
      // The block endpoints' names for the same facts.
      night: first?.night ?? null,
      taken_by: first?.kind ?? null,
      ...(code === null ? {} : { confirmation_code: code }),
    },
  );
}
