/**
 * The server under benchmark: the real app plus two floor routes on the same framework and
 * the same store pool — one indexed SELECT, one INSERT transaction — so the hot paths can be
 * compared with the least work the stack can do, and a bare Fastify instance in the same
 * process (no hooks, no plugins) serving one hello-world route: what the framework alone serves
 * on this machine. The bare instance also serves availability's own request and answer schemas
 * around a fixed answer (the app's real answer to the bench's request, taken once at start): what
 * the framework alone costs a route of availability's shape, before any key check, hook or quote.
 * Prints one JSON line with both ports, the key and the availability request the bench sends.
 */
import Fastify from 'fastify';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { createApiKey } from '../src/auth/api-key-repository.ts';
import { loadConfig } from '../src/config/config.ts';
import { createContext } from '../src/create-app-context.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { AvailabilityBody, AvailabilityResponse } from '../src/availability/availability-schemas.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { createDemoAccommodation } from '../src/seed/demo-accommodation.ts';

// The benchmark measures the hot paths, not the abuse limits: one key sends thousands of
// requests a second from one address, so every limit is off — unless BENCH_LIMITS=defaults, where
// the limits keep their defaults and the load is spread over BENCH_KEYS keys (each stays under
// its per-key limit), so the cost of checking them shows.
const limitsOn = process.env.BENCH_LIMITS === 'defaults';
const limitsOff = {
  RATE_LIMIT_PER_KEY: '0',
  RATE_LIMIT_PUBLIC_PER_IP: '0',
  RATE_LIMIT_ICAL_EXPORT_PER_IP: '0',
  AUTH_FAILURES_PER_IP: '0',
  DRAFTS_PER_KEY: '0',
};
// BENCH_LOG=info: the app logs as `staydesk serve` does by default (to /dev/null, through the same
// synchronous writes pino makes to stdout), so the bench shows what request logging costs.
const logLevel = process.env.BENCH_LOG;
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: logLevel ?? 'silent',
  PORT: '0',
  ...(limitsOn ? {} : limitsOff),
});
const ctx = createContext(config);
await migrateToLatest(ctx.db);
await sql`create table if not exists bench_floor (id integer primary key, label text not null)`.execute(ctx.db);
if (ctx.store.kind === 'postgres') {
  await sql`create table if not exists bench_insert (id serial primary key, label text not null, created_at text not null)`.execute(
    ctx.db,
  );
} else {
  await sql`create table if not exists bench_insert (id integer primary key autoincrement, label text not null, created_at text not null)`.execute(
    ctx.db,
  );
}
await sql`insert into bench_floor (id, label) values (1, 'one') on conflict do nothing`.execute(ctx.db);
// The booking-shaped floor's tables: the rows a booking writes (guest found or created by e-mail,
// the booking, one claim per night under a primary key, the guest's mail, a history entry), with
// none of the checks, pricing or bookkeeping around them.
const serial = ctx.store.kind === 'postgres' ? sql`serial primary key` : sql`integer primary key autoincrement`;
await sql`create table if not exists bench_guests (id ${serial}, email text not null unique, name text not null)`.execute(
  ctx.db,
);
await sql`create table if not exists bench_bookings (id ${serial}, guest_id integer not null references bench_guests (id),
  checkin text not null, checkout text not null, total integer not null, created_at text not null)`.execute(ctx.db);
await sql`create table if not exists bench_claims (night text primary key,
  booking_id integer not null references bench_bookings (id))`.execute(ctx.db);
await sql`create table if not exists bench_mail (id ${serial}, booking_id integer not null references bench_bookings (id),
  body text not null)`.execute(ctx.db);
await sql`create table if not exists bench_history (id ${serial},
  booking_id integer not null references bench_bookings (id), entry text not null)`.execute(ctx.db);

const app = await buildApp(
  ctx,
  logLevel === undefined ? { logger: false } : { logStream: pino.destination({ dest: '/dev/null', sync: true }) },
);
// The least the framework can do: no store, no authentication, no body.
app.get('/bench/hello', async () => ({ hello: 'world' }));
app.get('/bench/floor/select', async () => {
  const row = await sql<{ id: number; label: string }>`select id, label from bench_floor where id = ${1}`.execute(
    ctx.db,
  );
  return { success: true, data: row.rows[0] };
});
app.post('/bench/floor/insert', async () => {
  const row = await ctx.db.transaction().execute((trx) =>
    sql<{
      id: number;
    }>`insert into bench_insert (label, created_at) values (${'x'}, ${new Date().toISOString()}) returning id`.execute(
      trx,
    ),
  );
  return { success: true, data: row.rows[0] };
});

// Two fresh nights per request, as the bench's bookings take.
let floorBookings = 0;
app.post('/bench/floor/booking', async () => {
  const n = floorBookings++;
  const checkin = addDays('2100-01-01', 2 * n);
  const checkout = addDays(checkin, 2);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const guest = await sql<{
      id: number;
    }>`insert into bench_guests (email, name) values (${`guest${String(n % 500)}@bench.test`},
      ${'Bench Guest'}) on conflict (email) do update set name = excluded.name returning id`.execute(trx);
    const guestId = guest.rows[0]?.id ?? 0;
    const booking = await sql<{
      id: number;
    }>`insert into bench_bookings (guest_id, checkin, checkout, total, created_at)
      values (${guestId}, ${checkin}, ${checkout}, ${27500}, ${new Date().toISOString()}) returning id`.execute(trx);
    const bookingId = booking.rows[0]?.id ?? 0;
    await sql`insert into bench_claims (night, booking_id) values (${checkin}, ${bookingId}),
      (${addDays(checkin, 1)}, ${bookingId})`.execute(trx);
    await sql`insert into bench_mail (booking_id, body) values (${bookingId}, ${'confirmation'})`.execute(trx);
    await sql`insert into bench_history (booking_id, entry) values (${bookingId}, ${'created'})`.execute(trx);
    return bookingId;
  });
  return { success: true, data: { id } };
});

const accommodation = await createDemoAccommodation(ctx.db);
await ctx.db
  .updateTable('accommodations')
  .set({ max_stay: 365, min_stay: 1 })
  .where('id', '=', accommodation.id)
  .execute();
const { key } = await createApiKey(ctx.db, { name: 'bench', scope: 'api' });
const keys = [key];
for (let i = 1; i < (limitsOn ? Number(process.env.BENCH_KEYS ?? 2000) : 1); i++) {
  keys.push((await createApiKey(ctx.db, { name: `bench ${String(i)}`, scope: 'api' })).key);
}
// A week a month out with an extra: free (bookings start a year out), priced, restricted.
const checkin = addDays(todayIn('UTC'), 30);
const availabilityBody = {
  accommodation_id: accommodation.id,
  checkin,
  checkout: addDays(checkin, 7),
  guest_count: 2,
  extras: { breakfast: true },
};
const realAnswer = await app.inject({
  method: 'POST',
  url: `/api/v1/${config.slug}/availability`,
  headers: { authorization: `Bearer ${key}` },
  payload: availabilityBody,
});
if (realAnswer.statusCode !== 200)
  throw new Error(`availability answered ${String(realAnswer.statusCode)}: ${realAnswer.body}`);
const fixedAnswer: unknown = realAnswer.json();
// Every key once before the load: in the cache, last used just now, as a partner's key in steady use.
for (const other of keys.slice(1)) {
  await app.inject({
    method: 'POST',
    url: `/api/v1/${config.slug}/availability`,
    headers: { authorization: `Bearer ${other}` },
    payload: availabilityBody,
  });
}

// BENCH_FIXED_SPIN_US: the fixed route first busy-waits that long (by the clock, so at most that
// much CPU), to measure how much server time a route's added work costs on this machine beyond
// the work itself.
const spinMs = Number(process.env.BENCH_FIXED_SPIN_US ?? 0) / 1000;
const bare = Fastify({ logger: false });
bare.get('/bench/hello', async () => ({ hello: 'world' }));
bare.post(
  '/bench/fixed-availability',
  { schema: { body: AvailabilityBody, response: { 200: AvailabilityResponse } } },
  async () => {
    if (spinMs > 0) for (const end = performance.now() + spinMs; performance.now() < end;);
    return fixedAnswer;
  },
);

await app.listen({ host: '127.0.0.1', port: 0 });
await bare.listen({ host: '127.0.0.1', port: 0 });
const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
};
process.stdout.write(
  `${JSON.stringify({ port: portOf(app.server), barePort: portOf(bare.server), key, keys, accommodationId: accommodation.id, availabilityBody, store: ctx.store.kind })}\n`,
);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => ctx.store.destroy())
    .then(() => process.exit(0));
});
