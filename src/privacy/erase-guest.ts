import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { StoreContext } from '../db/store.ts';
import { newGuestToken } from '../bookings/booking-codes.ts';
import { PAYMENT_TIMEOUT } from '../mail/booking-mail-templates.ts';
import { bookingSearchText } from '../shared/search-text.ts';
import { requireGuest } from './guest-export.ts';
import { scrubPersonalJson } from './scrub-personal.ts';

/**
 * Erases one guest's personal data on request, everywhere but in issued documents, in one
 * transaction (docs/registrations.md#one-guests-data says what goes and what stays, and why).
 * The bookings stay (the calendar and the accounts need them) with the guest's details blanked.
 */

export const ERASED_NAME = { first_name: 'Erased', last_name: 'guest' };
const ERASED_TEXT = '(erased on request)';

export interface Erasure {
  guest_id: number;
  erased_at: string;
  bookings_anonymised: number;
  check_ins_removed: number;
  mails_removed: number;
  mails_anonymised: number;
  scheduled_messages_skipped: number;
  payment_issues_anonymised: number;
  idempotency_keys_removed: number;
  partner_events_scrubbed: number;
  documents_kept: number;
}

const n = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n);

export async function eraseGuest(ctx: StoreContext & { now(): Date }, id: number): Promise<Erasure> {
  const at = ctx.now().toISOString();
  const { erasure, homes } = await ctx.db.transaction().execute(async (trx) => {
    const guest = await requireGuest(trx, id);
    const bookings = await trx
      .selectFrom('bookings')
      .select(['id', 'accommodation_id', 'confirmation_code', 'cancel_reason'])
      .where('guest_id', '=', id)
      .execute();
    const ids = bookings.map((b) => b.id);
    const email = guest.email.trim().toLowerCase();
    await trx
      .updateTable('guests')
      .set({
        ...ERASED_NAME,
        title: null,
        email: '',
        email_key: `erased ${id}`,
        phone: null,
        address: null,
        erased_at: guest.erased_at ?? at,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
    for (const b of bookings)
      await trx
        .updateTable('bookings')
        .set({
          guest_title: null,
          guest_first_name: ERASED_NAME.first_name,
          guest_last_name: ERASED_NAME.last_name,
          guest_email: '',
          guest_phone: null,
          guest_address: null,
          guest_company_name: null,
          guest_company_tax_id: null,
          guest_notes: '',
          internal_note: '',
          // A cancellation's reason is free text the guest or partner wrote, but for the code of
          // an expired card hold, which partners read.
          cancel_reason:
            b.cancel_reason === null || b.cancel_reason === PAYMENT_TIMEOUT ? b.cancel_reason : ERASED_TEXT,
          // Addresses mailed before the erasure open nothing any more.
          guest_token: newGuestToken(),
          search_text: bookingSearchText({
            confirmation_code: b.confirmation_code,
            guest_first_name: ERASED_NAME.first_name,
            guest_last_name: ERASED_NAME.last_name,
            guest_email: '',
            guest_phone: null,
          }),
          updated_at: at,
        })
        .where('id', '=', b.id)
        .execute();
    const some = ids.length > 0;
    // The mails about the guest's bookings or to their address.
    const ofGuest = (eb: ExpressionBuilder<Database, 'outbox'>) =>
      eb.or([
        ...(some ? [eb('booking_id', 'in', ids)] : []),
        ...(email === '' ? [] : [eb(eb.fn('lower', ['recipient']), '=', email)]),
      ]);
    const mine = some || email !== '';
    const removedMails = mine
      ? await trx.deleteFrom('outbox').where(ofGuest).where('status', '=', 'pending').executeTakeFirst()
      : undefined;
    const keptMails = mine
      ? await trx
          .updateTable('outbox')
          .set({ recipient: '', subject: ERASED_TEXT, body_text: '', body_html: '', reply_to: null, last_error: null })
          .where(ofGuest)
          .executeTakeFirst()
      : undefined;
    let checkIns = 0;
    let skipped = 0;
    let issues = 0;
    let keys = 0;
    let events = 0;
    let documents = 0;
    if (some) {
      // The history keeps what happened and when; the reasons typed with a cancellation go.
      await trx
        .updateTable('booking_events')
        .set({ reason: ERASED_TEXT })
        .where('booking_id', 'in', ids)
        .where('event', '=', 'cancelled')
        .where('reason', 'is not', null)
        .execute();
      await trx.deleteFrom('registration_guests').where('booking_id', 'in', ids).execute();
      checkIns = n(await trx.deleteFrom('registrations').where('booking_id', 'in', ids).executeTakeFirst());
      skipped = n(
        await trx
          .updateTable('scheduled_messages')
          .set({ state: 'skipped', reason: 'the guest’s data was erased', updated_at: at })
          .where('booking_id', 'in', ids)
          .where('state', '=', 'scheduled')
          .executeTakeFirst(),
      );
      issues = n(
        await trx
          .updateTable('payment_issues')
          .set({ detail: ERASED_TEXT })
          .where('booking_id', 'in', ids)
          .executeTakeFirst(),
      );
      keys = n(await trx.deleteFrom('idempotency_keys').where('booking_id', 'in', ids).executeTakeFirst());
      const payloads = await trx
        .selectFrom('partner_events')
        .select(['id', 'payload'])
        .where('booking_id', 'in', ids)
        .execute();
      for (const e of payloads) {
        const scrubbed = scrubPersonalJson(e.payload);
        if (scrubbed === e.payload) continue;
        await trx.updateTable('partner_events').set({ payload: scrubbed }).where('id', '=', e.id).execute();
        events++;
      }
      const docs = await trx.selectFrom('documents').select('id').where('booking_id', 'in', ids).execute();
      documents = docs.length;
    }
    return {
      homes: [...new Set(bookings.map((b) => b.accommodation_id))],
      erasure: {
        guest_id: id,
        erased_at: guest.erased_at ?? at,
        bookings_anonymised: bookings.length,
        check_ins_removed: checkIns,
        mails_removed: n(removedMails),
        mails_anonymised: n(keptMails),
        scheduled_messages_skipped: skipped,
        payment_issues_anonymised: issues,
        idempotency_keys_removed: keys,
        partner_events_scrubbed: events,
        documents_kept: documents,
      },
    };
  });
  // Calendars and lists kept in memory show guests' names: each home's are read again.
  for (const home of homes) ctx.store.changes.committed({ table: 'bookings', id: String(home) });
  return erasure;
}
