import { conflict, type AppError } from '../http/errors.ts';
import type { TakenNight } from './night-ledger.ts';

/** How the first taken night reads to a caller: the conflicting booking's code, the block, or another channel. */
export function conflictMessage(taken: readonly TakenNight[]): string {
  const first = taken[0];
  if (first === undefined) return 'Available';
  switch (first.kind) {
    case 'booking':
      return `Not available: the dates conflict with booking ${first.confirmation_code ?? ''} (night of ${first.night}).`;
    case 'block':
      return `Not available: ${first.night} is blocked${first.reason ? ` (${first.reason})` : ''}.`;
    case 'external':
      return `Not available: the dates conflict with a reservation from another channel (night of ${first.night}).`;
  }
}

/**
 * The one 409 `dates_unavailable`, whoever asked for the nights (a booking, a change of dates, a
 * block). `taken` is what a read found; empty when a race was lost and the winner is not known.
 * `parameter` names the caller's field, when the request has one.
 */
export function datesUnavailable(taken: readonly TakenNight[], parameter?: string): AppError {
  const first = taken[0];
  return conflict('dates_unavailable', first === undefined ? 'Some of these nights were just booked by someone else.' : conflictMessage(taken), {
    ...(parameter === undefined ? {} : { parameter }),
    conflicting_night: first?.night ?? null,
    conflicting_booking: first?.confirmation_code ?? null,
    // The block endpoints' names for the same facts.
    night: first?.night ?? null,
    taken_by: first?.kind ?? null,
    ...(first?.confirmation_code == null ? {} : { confirmation_code: first.confirmation_code }),
  });
}
