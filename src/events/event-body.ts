import { eventIdOf } from './event-types.ts';

/**
 * The JSON text of an event as a partner reads it, pushed or from the catch-up feed: its id
 * first, then the body stored when it was recorded (`{type, timestamp, ...}`, record-event.ts).
 * The row id is known only once the row is written, so it joins the stored text here, where both
 * the delivery worker and the feed read events: the two carry the same body. A body stored before
 * test mode has no `livemode`: every such event was live. (Inside JSON strings a quote is escaped,
 * so `"livemode":` can only be a key.)
 */
export function eventBodyText(rowId: number, stored: string): string {
  if (!stored.startsWith('{') || stored.startsWith('{}')) throw new Error('an event body is a JSON object');
  const mode = stored.includes('"livemode":') ? '' : '"livemode":true,';
  return `{"id":${JSON.stringify(eventIdOf(rowId))},${mode}${stored.slice(1)}`;
}
