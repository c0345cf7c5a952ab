/**
 * `npm run bench -- console`: the server time of the console's calendar page (GET
 * /admin/calendar) for 20 accommodations with 500 bookings in the month, rendered in-process
 * through `inject` (no network), on the embedded store and on PostgreSQL. Reports the median
 * and p95 of 30 renders after 3 warm-ups; the target is a median under 500 ms.
 */
import { performance } from 'node:perf_hooks';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { signIn } from '../test/support/console-client.ts';
import { insertBooking, makeAccommodation } from '../test/support/factories.ts';
import { createTestApp } from '../test/support/test-app.ts';

const ACCOMMODATIONS = 20;
const BOOKINGS = 500;
const RENDERS = 30;

async function measure(label: string): Promise<void> {
  const t = await createTestApp();
  try {
    const today = todayIn('UTC');
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    // Next month, so every night of it is in the future.
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    const first = `${next}-01`;
    const perAccommodation = BOOKINGS / ACCOMMODATIONS;
    for (let a = 0; a < ACCOMMODATIONS; a += 1) {
      const accommodation = await makeAccommodation(t.ctx.db, {
        name: `Bench house ${String(a + 1).padStart(2, '0')}`,
      });
      await t.ctx.db
        .insertInto('nightly_prices')
        .values(
          Array.from({ length: 28 }, (_, i) => ({
            accommodation_id: accommodation.id,
            night: addDays(first, i),
            price: 12000 + i * 100,
          })),
        )
        .execute();
      for (let b = 0; b < perAccommodation; b += 1) {
        const checkin = addDays(first, b);
        await insertBooking(t.ctx.db, accommodation, {
          checkin,
          checkout: addDays(checkin, 1),
          firstName: `Guest${b}`,
          ...(b % 7 === 0 ? { status: 'draft' as const } : {}),
        });
      }
    }
    const host = await signIn(t, `bench-${label.replace(/\W/g, '').toLowerCase()}`);
    const url = `/admin/calendar?month=${next}`;
    const times: number[] = [];
    for (let i = 0; i < RENDERS + 3; i += 1) {
      const started = performance.now();
      const res = await host.get(url);
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`calendar answered ${res.statusCode}`);
      if (i === 0 && (res.body.match(/class="bar /g) ?? []).length < BOOKINGS)
        throw new Error('the calendar does not show every booking');
      if (i >= 3) times.push(elapsed);
    }
    times.sort((x, y) => x - y);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(
      `console calendar, ${ACCOMMODATIONS} accommodations × ${BOOKINGS} bookings in the month (${label}): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${RENDERS} renders (target: median < 500 ms)`,
    );
  } finally {
    await t.close();
  }
}

export async function runConsoleBench(pgServer: string): Promise<void> {
  const previous = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  await measure('embedded SQLite');
  process.env.TEST_DATABASE_URL = pgServer;
  try {
    await measure('PostgreSQL');
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}
