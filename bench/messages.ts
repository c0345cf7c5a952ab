/**
 * `npm run bench -- messages`: guest messages at scale (docs/messages.md), in-process, on the
 * embedded store (a file) and on PostgreSQL.
 *
 * - schedule: a new rule over BENCH_MESSAGE_BOOKINGS (default 20 000) future bookings
 *   (`createRule`: the rule, then one scheduled row per booking, in one transaction), beside the
 *   floor of writing the same rows with the same chunked INSERTs and nothing else;
 * - retime: that rule's time changed (`editRule`), which moves every one of its rows, beside the
 *   same floor;
 * - scan: the scheduler's claim of 50 due messages among BENCH_MESSAGE_SCHEDULED (default
 *   100 000) scheduled rows, 1 in 100 due (the claiming transaction rolled back, so every round
 *   sees the same rows), beside the same claim over a table holding only the due rows: with the
 *   (state, send_at) index the two should cost the same.
 *
 * Medians of interleaved rounds. A benchmark, not a test: it reports and never fails; run it on a
 * quiet machine (it prints the load average).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { claimRows } from '../src/db/row-locks.ts';
import type { NewBooking } from '../src/db/schema.ts';
import type { Db } from '../src/db/store.ts';
import { createRule, createTemplate, editRule } from '../src/messages/manage-messages.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { makeAccommodation } from '../test/support/factories.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { onBothStores } from './both-stores.ts';

const BOOKINGS = Number(process.env.BENCH_MESSAGE_BOOKINGS ?? 20_000);
const SCHEDULED = Number(process.env.BENCH_MESSAGE_SCHEDULED ?? 100_000);
const HOMES = 20;
const ROUNDS = 5;
const CLAIMS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function insertAll<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** BOOKINGS confirmed live bookings with future stays, spread over HOMES homes. */
async function seedBookings(db: Db): Promise<number[]> {
  const now = new Date().toISOString();
  const today = todayIn('UTC');
  const rows: NewBooking[] = [];
  for (let h = 0; h < HOMES; h++) {
    const home = await makeAccommodation(db, { name: `Bench home ${h}` });
    const guest = await db
      .insertInto('guests')
      .values({
        email: `guest${h}@bench.test`,
        email_key: `guest${h}@bench.test`,
        title: null,
        first_name: 'Bench',
        last_name: `Guest ${h}`,
        phone: null,
        address: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < BOOKINGS / HOMES; i++) {
      const checkin = addDays(today, 10 + i * 2);
      rows.push({
        accommodation_id: home.id,
        guest_id: guest.id,
        confirmation_code: randomBytes(6).toString('hex').toUpperCase(),
        status: 'confirmed',
        source: 'direct',
        checkin,
        checkout: addDays(checkin, 2),
        nights: 2,
        adults: 2,
        children: 0,
        babies: 0,
        guest_notes: '',
        payment_method: 'bank_transfer',
        payment_intent_id: null,
        currency: 'EUR',
        base_price: 20_000,
        discount_name: null,
        discount_ppm: 0,
        discount: 0,
        cleaning_fee: 0,
        extras: '{}',
        extras_total: 0,
        tax: 0,
        total: 20_000,
        hold_expires_at: null,
        cancel_reason: null,
        invoice_token: randomBytes(16).toString('hex'),
        guest_token: randomBytes(32).toString('base64url'),
        api_key_id: null,
        color_index: 0,
        created_at: now,
        updated_at: now,
        confirmed_at: now,
        cancelled_at: null,
        hold_expired_at: null,
        guest_title: null,
        guest_first_name: 'Bench',
        guest_last_name: `Guest ${h}-${i}`,
        guest_email: `guest${h}@bench.test`,
        guest_phone: null,
        guest_address: null,
      });
    }
  }
  const ids: number[] = [];
  await insertAll(rows, async (batch) => {
    for (const r of await db.insertInto('bookings').values(batch).returning('id').execute()) ids.push(r.id);
  });
  return ids;
}

/** The scheduler's claim (src/messages/send-messages.ts), its transaction rolled back. */
async function claimOnce(db: Db, now: string): Promise<number> {
  const started = performance.now();
  await db
    .transaction()
    .execute(async (trx) => {
      await claimRows(
        trx,
        trx
          .selectFrom('scheduled_messages')
          .select(['id', 'rule_id', 'booking_id'])
          .where('state', '=', 'scheduled')
          .where('send_at', '<=', now)
          .orderBy('send_at')
          .limit(50),
      ).execute();
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  return performance.now() - started;
}

async function measure(label: string, t: TestApp): Promise<void> {
  const ctx = { db: t.ctx.db, config: t.ctx.config, now: () => new Date() };
  const bookings = await seedBookings(t.ctx.db);
  // The statistics a live database keeps, which a table loaded a moment ago does not have yet.
  await sql`analyze`.execute(t.ctx.db);
  const template = await createTemplate(ctx, {
    name: 'Bench',
    subject: { en: 'Hello {{ guest.first_name }}' },
    body: { en: 'Door {{ accommodation.door_code }}' },
  });
  const schedule: number[] = [];
  const retime: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const rule = await createRule(ctx, {
      name: `Bench ${round}`,
      template_id: template.id,
      trigger: { event: 'before_checkin', offset_days: 1, at: '10:00' },
    });
    schedule.push(performance.now() - started);
    started = performance.now();
    await editRule(ctx, rule.id, { trigger: { event: 'before_checkin', offset_days: 2, at: '09:00' } });
    retime.push(performance.now() - started);
    const rows = await t.ctx.db.selectFrom('scheduled_messages').selectAll().where('rule_id', '=', rule.id).execute();
    await t.ctx.db.deleteFrom('scheduled_messages').where('rule_id', '=', rule.id).execute();
    started = performance.now();
    await t.ctx.db.transaction().execute(async (trx) => {
      await insertAll(
        rows.map(({ id: _, ...r }) => r),
        (batch) => trx.insertInto('scheduled_messages').values(batch).execute(),
      );
    });
    floor.push(performance.now() - started);
  }
  const s = median(schedule);
  const f = median(floor);
  console.log(
    `${label}: schedule a rule over ${bookings.length} bookings ${s.toFixed(0)} ms (${((s * 1000) / bookings.length).toFixed(1)} µs a booking); ` +
      `floor (the same rows inserted) ${f.toFixed(0)} ms; ratio ${(s / f).toFixed(2)}`,
  );
  const r = median(retime);
  console.log(
    `${label}: retime that rule (every row moved) ${r.toFixed(0)} ms (${((r * 1000) / bookings.length).toFixed(1)} µs a booking); ` +
      `ratio to the floor ${(r / f).toFixed(2)}`,
  );

  // The scan: SCHEDULED rows, 1 in 100 due now.
  const now = new Date();
  const due = new Date(now.getTime() - 60_000).toISOString();
  const later = new Date(now.getTime() + 86_400_000).toISOString();
  const dueOnly: number[] = [];
  const among: number[] = [];
  await t.ctx.db.deleteFrom('scheduled_messages').execute();
  const rules = Math.ceil(SCHEDULED / bookings.length);
  const ruleIds: number[] = [];
  for (let r = 0; r < rules; r++)
    ruleIds.push(
      (
        await t.ctx.db
          .insertInto('message_rules')
          .values({
            name: `Scan ${r}`,
            template_id: template.id,
            event: 'before_checkin',
            offset_days: 1,
            at: '10:00',
            conditions: '{}',
            state: 'paused',
            created_at: due,
            updated_at: due,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const scheduled = Array.from({ length: SCHEDULED }, (_, i) => ({
    rule_id: ruleIds[Math.floor(i / bookings.length)] ?? 0,
    booking_id: bookings[i % bookings.length] ?? 0,
    send_at: i % 100 === 0 ? due : later,
    state: 'scheduled' as const,
    reason: null,
    sent_at: null,
    outbox_id: null,
    created_at: due,
    updated_at: due,
  }));
  const onlyDue = scheduled.filter((r) => r.send_at === due);
  for (let round = 0; round < ROUNDS; round++) {
    await t.ctx.db.deleteFrom('scheduled_messages').execute();
    await insertAll(onlyDue, (batch) => t.ctx.db.insertInto('scheduled_messages').values(batch).execute());
    await claimOnce(t.ctx.db, now.toISOString());
    for (let i = 0; i < CLAIMS; i++) dueOnly.push(await claimOnce(t.ctx.db, now.toISOString()));
    await t.ctx.db.deleteFrom('scheduled_messages').execute();
    await insertAll(scheduled, (batch) => t.ctx.db.insertInto('scheduled_messages').values(batch).execute());
    await claimOnce(t.ctx.db, now.toISOString());
    for (let i = 0; i < CLAIMS; i++) among.push(await claimOnce(t.ctx.db, now.toISOString()));
  }
  const a = median(among);
  const d = median(dueOnly);
  console.log(
    `${label}: claim 50 due among ${SCHEDULED} scheduled ${a.toFixed(2)} ms; among ${onlyDue.length} (all due) ${d.toFixed(2)} ms; ratio ${(a / d).toFixed(2)}`,
  );
}

export async function runMessagesBench(pgServer: string): Promise<void> {
  console.log(
    `messages: ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await onBothStores('messages', pgServer, measure);
}
