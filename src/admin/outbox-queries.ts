import type { OutboxMessage, OutboxStatus } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

/** Read-only views of the outbox for the admin; the mail worker owns its writes. */

const LIST_COLUMNS = [
  'id',
  'kind',
  'template',
  'booking_id',
  'recipient',
  'subject',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'sent_at',
] as const;

export type OutboxEntry = Pick<OutboxMessage, (typeof LIST_COLUMNS)[number]>;

/** Newest first, without the bodies. */
export function listOutbox(
  db: Executor,
  filter: { status?: OutboxStatus; limit: number; offset: number },
): Promise<OutboxEntry[]> {
  let query = db.selectFrom('outbox').select(LIST_COLUMNS);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}

export function findOutboxMessage(db: Executor, id: number): Promise<OutboxMessage | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
