import { CALENDAR_CHANGED } from './event-types.ts';
import type { CalendarChange, EventBody } from './record-event.ts';

/**
 * Calendar changes waiting for one endpoint are sent as one (docs/decisions.md#partner-events):
 * the `calendar.changed` deliveries of one accommodation in a lane's batch make a single POST
 * whose nights run from the earliest `from` to the latest `to`, under the id and timestamp of the
 * latest change. A burst of bookings makes one POST per endpoint and accommodation while one is
 * pending, not one per booking. Other events go out one by one, as they are.
 */

/** What a send takes from a delivery: its event's row id, type and JSON body. */
export interface Outgoing {
  event_id: number;
  type: string;
  payload: string;
}

/** One POST: the deliveries it answers for, and the event id and body it carries. */
export interface Send<D extends Outgoing> {
  deliveries: D[];
  eventId: number;
  payload: string;
}

function calendarChangeOf({ type, payload }: Outgoing): (EventBody & { data: CalendarChange }) | null {
  // Known by the event's stored type: only a calendar change's body is parsed.
  if (type !== CALENDAR_CHANGED) return null;
  return JSON.parse(payload) as EventBody & { data: CalendarChange };
}

/** The POSTs a lane's batch (oldest first, one endpoint) makes. */
export function coalesceCalendarChanges<D extends Outgoing>(batch: readonly D[]): Send<D>[] {
  const sends: Send<D>[] = [];
  const byAccommodation = new Map<number, { send: Send<D>; change: EventBody & { data: CalendarChange } }>();
  for (const delivery of batch) {
    const change = calendarChangeOf(delivery);
    if (change === null) {
      sends.push({ deliveries: [delivery], eventId: delivery.event_id, payload: delivery.payload });
      continue;
    }
    const earlier = byAccommodation.get(change.data.accommodation_id);
    if (earlier === undefined) {
      const send = { deliveries: [delivery], eventId: delivery.event_id, payload: delivery.payload };
      sends.push(send);
      byAccommodation.set(change.data.accommodation_id, { send, change });
      continue;
    }
    const merged: EventBody & { data: CalendarChange } = {
      ...change,
      data: {
        accommodation_id: change.data.accommodation_id,
        from: earlier.change.data.from < change.data.from ? earlier.change.data.from : change.data.from,
        to: earlier.change.data.to > change.data.to ? earlier.change.data.to : change.data.to,
      },
    };
    earlier.send.deliveries.push(delivery);
    earlier.send.eventId = delivery.event_id;
    earlier.send.payload = JSON.stringify(merged);
    earlier.change = merged;
  }
  return sends;
}
