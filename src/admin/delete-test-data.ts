import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/store.ts';
import { inUnit } from '../db/unit-of-work.ts';

/** What `DELETE /admin/api/test-data` removed, table by table. */
export interface TestDataDeleted {
  bookings: number;
  nights: number;
  mails: number;
  events: number;
  deliveries: number;
  payments: number;
  payment_issues: number;
}

/** How many rows of a delete were removed. */
async function count(query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/**
 * Removes every test booking (docs/partners.md#test-mode) with everything that names it — its
 * test nights, history, mails, events and their deliveries, recorded payments, payment issues,
 * the payment events and idempotency records that led to it — in one transaction. Test keys,
 * their endpoints and the guest records stay. Live data is not touched: every row removed names a
 * booking whose `mode` is `test`.
 */
export async function deleteTestData(ctx: AppContext): Promise<TestDataDeleted> {
  return inUnit(ctx.db, ctx.now(), async ({ trx }) => {
    const test = (db: Executor) => db.selectFrom('bookings').select('id').where('mode', '=', 'test');
    const events = trx.selectFrom('partner_events').select('id').where('booking_id', 'in', test(trx));
    const deliveries = await count(
      trx
        .deleteFrom('event_deliveries')
        .where((eb) => eb.or([eb('event_id', 'in', events), eb('booking_id', 'in', test(trx))])),
    );
    const removedEvents = await count(trx.deleteFrom('partner_events').where('booking_id', 'in', test(trx)));
    const nights = await count(trx.deleteFrom('test_night_claims').where('booking_id', 'in', test(trx)));
    const mails = await count(trx.deleteFrom('outbox').where('booking_id', 'in', test(trx)));
    const payments = await count(trx.deleteFrom('booking_payments').where('booking_id', 'in', test(trx)));
    const issues = await count(trx.deleteFrom('payment_issues').where('booking_id', 'in', test(trx)));
    await trx.deleteFrom('inbound_webhook_events').where('booking_id', 'in', test(trx)).execute();
    await trx.deleteFrom('idempotency_keys').where('booking_id', 'in', test(trx)).execute();
    await trx.deleteFrom('booking_events').where('booking_id', 'in', test(trx)).execute();
    const bookings = await count(trx.deleteFrom('bookings').where('mode', '=', 'test'));
    return {
      bookings,
      nights,
      mails,
      events: removedEvents,
      deliveries,
      payments,
      payment_issues: issues,
    };
  });
}
