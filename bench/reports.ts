/**
 * `npm run bench -- reports`: the yearly occupancy report (GET /admin/api/reports/occupancy, by
 * month) over BENCH_REPORT_HOMES (default 100) accommodations and BENCH_REPORT_BOOKINGS (default
 * 20 000) bookings, all of them arriving in the reported year, with blocks, imported stays,
 * cancellations and card drafts beside them, in two currencies; BENCH_REPORT_HISTORY_YEARS
 * (default 0) years before it filled the same way, which the report must not read. Served in-process through
 * `inject` (server time only, no network), on the embedded store (a file, as `staydesk serve`
 * keeps it) and on PostgreSQL; the median and p95 of 20 answers after 3 warm-ups, and the
 * process's CPU time per answer, for the JSON answer, the CSV and the console's page. Target:
 * the JSON answer under 500 ms.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/store.ts';
import type { BookingStatus, NightClaimsTable, NewBooking } from '../src/db/schema.ts';
import { claimRow } from '../src/occupancy/night-ledger.ts';
import { addDays, eachDate } from '../src/shared/dates.ts';
import { signIn } from '../test/support/console-client.ts';
import { makeAccommodation } from '../test/support/factories.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { onBothStores } from './both-stores.ts';

const HOMES = Number(process.env.BENCH_REPORT_HOMES ?? 100);
const BOOKINGS = Number(process.env.BENCH_REPORT_BOOKINGS ?? 20_000);
/** Years before the reported one filled the same way (history the report must not read). */
const HISTORY_YEARS = Number(process.env.BENCH_REPORT_HISTORY_YEARS ?? 0);
const ANSWERS = 20;
const WARM_UPS = 3;
const FROM = '2031-01-01';
const TO = '2032-01-01';

async function insertAll<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
}

/**
 * Per home and year, BOOKINGS / HOMES bookings: nine in ten confirmed or modified stays of one
 * or two nights back to back from 30 December (the first across the year's start), a free night
 * after every fourth, five blocked or imported nights after every thirtieth; the rest cancelled
 * (on any night) or card drafts holding nights after the stays.
 */
async function seed(db: Db): Promise<{ claims: number }> {
  const now = new Date().toISOString();
  const perHome = Math.floor(BOOKINGS / HOMES);
  const live = Math.floor(perHome * 0.9);
  const bookings: NewBooking[] = [];
  const claims: Insertable<NightClaimsTable>[] = [];
  const stays: { accommodation_id: number; feed_id: number; uid: string; start: string; end: string }[] = [];
  for (let h = 0; h < HOMES; h++) {
    const home = await makeAccommodation(db, {
      name: `Bench home ${String(h + 1).padStart(3, '0')}`,
      ...(h % 5 === 4 ? { currency: 'CHF', timezone: 'Europe/Zurich' } : {}),
      max_stay: 30,
    });
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
    const feed = await db
      .insertInto('external_feeds')
      .values({
        accommodation_id: home.id,
        name: 'airbnb',
        url: 'https://example.com/bench.ics',
        created_at: now,
        last_synced_at: null,
        last_status: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = (checkin: string, nights: number, status: BookingStatus, i: number): void => {
      const checkout = addDays(checkin, nights);
      const created = new Date(Date.parse(`${checkin}T10:00:00Z`) - ((i * 7) % 200) * 86_400_000).toISOString();
      const total = 10_000 * nights + ((i * 37) % 5000);
      bookings.push({
        accommodation_id: home.id,
        guest_id: guest.id,
        confirmation_code: randomBytes(6).toString('hex').toUpperCase(),
        status,
        source: i % 3 === 0 ? 'phone' : 'direct',
        checkin,
        checkout,
        nights,
        adults: 2,
        children: 0,
        babies: 0,
        guest_notes: '',
        payment_method: status === 'draft' ? 'card_processor' : 'bank_transfer',
        payment_intent_id: null,
        currency: home.currency,
        base_price: total,
        discount_name: null,
        discount_ppm: 0,
        discount: 0,
        cleaning_fee: 0,
        extras: '{}',
        extras_total: 0,
        tax: 0,
        total,
        hold_expires_at: status === 'draft' ? new Date(Date.now() + 3_600_000).toISOString() : null,
        cancel_reason: status === 'cancelled' ? 'guest' : null,
        invoice_token: randomBytes(16).toString('hex'),
        guest_token: randomBytes(32).toString('base64url'),
        api_key_id: null,
        color_index: i % 10,
        created_at: created,
        updated_at: created,
        confirmed_at: status === 'draft' ? null : created,
        cancelled_at: status === 'cancelled' ? now : null,
        hold_expired_at: null,
        guest_title: null,
        guest_first_name: 'Bench',
        guest_last_name: `Guest ${h}-${i}`,
        guest_email: `guest${h}@bench.test`,
        guest_phone: null,
        guest_address: null,
      });
    };
    const take = (nights: string[], kind: 'booking' | 'block' | 'external') => {
      for (const night of nights) claims.push(claimRow({ accommodationId: home.id, kind }, night, now));
    };
    for (let year = 2031 - HISTORY_YEARS; year <= 2031; year++) {
      let cursor = `${year - 1}-12-30`;
      for (let i = 0; i < live; i++) {
        const nights = 1 + (i % 2);
        booking(cursor, nights, i % 18 === 17 ? 'modified' : 'confirmed', i);
        take(eachDate(cursor, addDays(cursor, nights)), 'booking');
        cursor = addDays(cursor, nights + (i % 4 === 3 ? 1 : 0));
        if (i % 30 === 29) {
          const end = addDays(cursor, 5);
          if (i % 60 === 29) take(eachDate(cursor, end), 'block');
          else
            stays.push({ accommodation_id: home.id, feed_id: feed.id, uid: `${year}-${h}-${i}`, start: cursor, end });
          cursor = end;
        }
      }
      for (let i = live; i < perHome; i++) {
        if (i % 3 === 0) {
          booking(cursor, 1, 'draft', i);
          take([cursor], 'booking');
          cursor = addDays(cursor, 1);
        } else {
          booking(addDays(`${year}-01-01`, (i * 53) % 360), 2, 'cancelled', i);
        }
      }
    }
  }
  await insertAll(bookings, (batch) => db.insertInto('bookings').values(batch).execute());
  // Booking claims name their booking only for the ledger's own reads; the report reads none of them.
  await insertAll(claims, (batch) => db.insertInto('night_claims').values(batch).execute());
  const now2 = new Date().toISOString();
  for (const s of stays) {
    const { id } = await db
      .insertInto('external_reservations')
      .values({
        feed_id: s.feed_id,
        accommodation_id: s.accommodation_id,
        uid: s.uid,
        summary: 'Reserved',
        start_date: s.start,
        end_date: s.end,
        created_at: now2,
        updated_at: now2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('night_claims')
      .values(
        eachDate(s.start, s.end).map((night) =>
          claimRow({ accommodationId: s.accommodation_id, kind: 'external', externalReservationId: id }, night, now2),
        ),
      )
      .execute();
  }
  return { claims: claims.length + stays.length * 5 };
}

function summary(times: number[]): string {
  const sorted = [...times].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
}

async function timed(label: string, answer: () => Promise<{ statusCode: number; body: string }>): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  let cpu = { user: 0, system: 0 };
  for (let i = 0; i < ANSWERS + WARM_UPS; i++) {
    if (i === WARM_UPS) cpu = process.cpuUsage();
    const started = performance.now();
    const res = await answer();
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    bytes = res.body.length;
    if (i >= WARM_UPS) times.push(elapsed);
  }
  // CPU time of this process (the server's work; PostgreSQL's own is not in it), which the
  // machine's other load does not stretch as it stretches the wall-clock times.
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / ANSWERS;
  console.log(
    `  ${label.padEnd(34)} ${summary(times)}, ${cpuMs.toFixed(1)} ms CPU each, over ${ANSWERS} answers (${Math.round(bytes / 1024)} KiB)`,
  );
}

async function measure(label: string, t: TestApp): Promise<void> {
  const started = performance.now();
  const { claims } = await seed(t.ctx.db);
  const count = await t.ctx.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `\nyearly report, ${label}: ${HOMES} accommodations, ${count.n} bookings, ${claims} claimed nights (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const query = `from=${FROM}&to=${TO}&group=month`;
  // The machine is shared: its load says how far the figures can be taken.
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  );
  const json = await t.admin('GET', `/admin/api/reports/occupancy?${query}`);
  const totals = json.json<{ data: { totals: { currency: string; bookings: number; occupancy_rate: number }[] } }>()
    .data.totals;
  console.log(
    `  the report: ${totals.map((x) => `${x.currency} ${x.bookings} bookings, occupancy ${x.occupancy_rate}`).join('; ')}`,
  );
  await timed('GET /admin/api/reports/occupancy', () => t.admin('GET', `/admin/api/reports/occupancy?${query}`));
  await timed('GET …/reports/occupancy.csv', () => t.admin('GET', `/admin/api/reports/occupancy.csv?${query}`));
  const host = await signIn(t, `bench-reports-${label.replace(/\W/g, '').toLowerCase()}`);
  await timed('GET /admin/reports (console page)', () => host.get(`/admin/reports?${query}`));
}

export async function runReportsBench(pgServer: string): Promise<void> {
  console.log('target: the JSON answer under 500 ms (median)');
  await onBothStores('reports', pgServer, measure);
}
