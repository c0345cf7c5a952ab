/**
 * The outside booking floor: the least a correct booking needs, in a process of its own, outside
 * the app. A bare Fastify instance (no plugins, no hooks) on a bare `pg` pool of the app's size
 * takes the bench's own booking request and writes, in one transaction (one statement of
 * data-modifying CTEs, prepared once): a booking row, a claim of each of its two nights under the
 * primary key `(accommodation_id, night)`, and one outbox row. No key, no checks, no price, no
 * guest, no events. Its tables live beside the app's in the bench's database (DATABASE_URL).
 * Prints one JSON line with its `port` once it listens.
 */
import Fastify from 'fastify';
import pg from 'pg';

/** The app's pool size (`createPgPool`'s default), so neither side has more connections. */
const POOL_SIZE = 10;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
await pool.query(`
  create table if not exists outside_bookings (id serial primary key, accommodation_id integer not null,
    email text not null, checkin date not null, checkout date not null, total integer not null,
    created_at timestamptz not null default now());
  create table if not exists outside_night_claims (accommodation_id integer not null, night date not null,
    booking_id integer not null references outside_bookings (id), primary key (accommodation_id, night));
  create table if not exists outside_outbox (id serial primary key,
    booking_id integer not null references outside_bookings (id), body text not null)`);

const BOOK = {
  name: 'outside-floor-booking',
  text: `with booking as (
      insert into outside_bookings (accommodation_id, email, checkin, checkout, total)
      values ($1, $2, $3, $4, $5) returning id),
    claims as (
      insert into outside_night_claims (accommodation_id, night, booking_id)
      select $1, night::date, booking.id from booking, generate_series($3::date, $4::date - 1, interval '1 day') as night),
    mail as (insert into outside_outbox (booking_id, body) select id, $6 from booking)
    select id from booking`,
};

interface BookingRequest {
  accommodation_id: number;
  partner_data: { email: string };
  booking_data: { checkin_date: string; checkout_date: string; expected_amount: number };
}

const app = Fastify({ logger: false });
app.post('/bench/outside-floor/booking', async (request) => {
  const body = request.body as BookingRequest;
  const { checkin_date: checkin, checkout_date: checkout, expected_amount: amount } = body.booking_data;
  const result = await pool.query<{ id: number }>({
    ...BOOK,
    values: [body.accommodation_id, body.partner_data.email, checkin, checkout, amount * 100, 'confirmation'],
  });
  return { success: true, data: { booking_id: result.rows[0]?.id } };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const bound = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof bound === 'object' && bound !== null ? bound.port : 0 })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
