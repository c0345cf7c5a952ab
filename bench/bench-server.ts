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
// requests a second from one address, so every limit is off.
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  PORT: '0',
  RATE_LIMIT_PER_KEY: '0',
  RATE_LIMIT_PUBLIC_PER_IP: '0',
  AUTH_FAILURES_PER_IP: '0',
  DRAFTS_PER_KEY: '0',
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

const app = await buildApp(ctx, { logger: false });
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

const accommodation = await createDemoAccommodation(ctx.db);
await ctx.db
  .updateTable('accommodations')
  .set({ max_stay: 365, min_stay: 1 })
  .where('id', '=', accommodation.id)
  .execute();
const { key } = await createApiKey(ctx.db, { name: 'bench', scope: 'api' });
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

const bare = Fastify({ logger: false });
bare.get('/bench/hello', async () => ({ hello: 'world' }));
bare.post(
  '/bench/fixed-availability',
  { schema: { body: AvailabilityBody, response: { 200: AvailabilityResponse } } },
  async () => fixedAnswer,
);

await app.listen({ host: '127.0.0.1', port: 0 });
await bare.listen({ host: '127.0.0.1', port: 0 });
const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
};
process.stdout.write(
  `${JSON.stringify({ port: portOf(app.server), barePort: portOf(bare.server), key, accommodationId: accommodation.id, availabilityBody, store: ctx.store.kind })}\n`,
);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => ctx.store.destroy())
    .then(() => process.exit(0));
});
