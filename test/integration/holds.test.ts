import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startJobRunner } from '../../src/jobs/job-runner.ts';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import { addDays } from '../../src/shared/dates.ts';
import {
  bookingBody,
  bookingById,
  claimedNights,
  futureStay,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { concurrency, testStoreKind } from '../support/test-store.ts';

// docs/api.md#draft-holds: an unpaid card-payment draft holds its nights for DRAFT_HOLD_SECONDS, then is
// cancelled with reason payment_timeout and its nights are free. Time is moved through ctx.now.

const HOLD_SECONDS = 2;
let t: TestApp;
let clock = Date.now();
before(async () => {
  t = await createTestApp({ DRAFT_HOLD_SECONDS: String(HOLD_SECONDS), STAYDESK_JOB_POLL_MS: '20' });
  (t.ctx as { now: () => Date }).now = () => new Date(clock);
});
after(async () => {
  await t.close();
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function createDraft(accommodationId: number, stay: { checkin: string; checkout: string }, total: number) {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, stay, {
      booking: { payment_method: 'card_processor', expected_amount: total },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { booking_id: number; status: string } }>().data;
  assert.equal(data.status, 'draft');
  return data.booking_id;
}

async function available(accommodationId: number, stay: { checkin: string; checkout: string }): Promise<boolean> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/availability`,
    payload: { accommodation_id: accommodationId, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { available: boolean } }>().data.available;
}

test(`an expired hold is free at once, and the expiry job cancels the draft with payment_timeout and mails the guest (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(2);
  const id = await createDraft(accommodation.id, stay, 275); // 2 × 100 + 50, tax 10 %
  const draft = await bookingById(t.ctx.db, id);
  assert.equal(Date.parse(draft.hold_expires_at ?? ''), clock + HOLD_SECONDS * 1000);
  assert.equal(await available(accommodation.id, stay), false, 'held while the hold lasts');
  assert.deepEqual(await expireDueDrafts(t.ctx, new Date(clock)), [], 'nothing to expire yet');

  clock += HOLD_SECONDS * 1000 + 1;
  assert.equal(await available(accommodation.id, stay), true, 'free as soon as the hold ran out, before any job ran');
  assert.equal((await bookingById(t.ctx.db, id)).status, 'draft');

  assert.deepEqual(await expireDueDrafts(t.ctx, new Date(clock)), [id]);
  const expired = await bookingById(t.ctx.db, id);
  assert.equal(expired.status, 'cancelled');
  assert.equal(expired.cancel_reason, 'payment_timeout');
  assert.equal(expired.cancelled_at, new Date(clock).toISOString());
  assert.deepEqual(await claimedNights(t.ctx.db, id), []);
  const mails = await outboxFor(t.ctx.db, id);
  assert.deepEqual(
    mails.map((m) => m.template),
    ['booking_cancellation'],
  );
  assert.match(mails[0]?.body_text ?? '', /did not receive the card payment .* in time/);
  assert.deepEqual(await expireDueDrafts(t.ctx, new Date(clock)), [], 'expired once');
  assert.equal((await outboxFor(t.ctx.db, id)).length, 1);
});

test(`a new booking takes an expired draft's nights at once; the draft is expired exactly once (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(2);
  const first = await createDraft(accommodation.id, stay, 275);
  clock += HOLD_SECONDS * 1000 + 1;
  const second = await createDraft(accommodation.id, stay, 275);
  const old = await bookingById(t.ctx.db, first);
  assert.equal(old.status, 'cancelled');
  assert.equal(old.cancel_reason, 'payment_timeout');
  assert.deepEqual(await claimedNights(t.ctx.db, first), []);
  assert.equal((await claimedNights(t.ctx.db, second)).length, 2);
  assert.deepEqual(
    (await outboxFor(t.ctx.db, first)).map((m) => m.template),
    ['booking_cancellation'],
  );
  // The job finds nothing more to do for it.
  assert.ok(!(await expireDueDrafts(t.ctx, new Date(clock))).includes(first));
  assert.equal((await outboxFor(t.ctx.db, first)).length, 1);
});

test(`bookings sent at once for an expired draft's nights: one wins, the others get a 409 naming it, the draft is expired once (${concurrency})`, async () => {
  // Half the racers are the same guest submitting twice (they share the guest's row), half are
  // other guests; several rounds, since a lock-order fault shows only in some interleavings.
  for (let round = 0; round < 20; round++) {
    const accommodation = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const draft = await createDraft(accommodation.id, stay, 275);
    clock += HOLD_SECONDS * 1000 + 1;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request({
          method: 'POST',
          url: `${t.v1}/bookings`,
          payload: bookingBody(accommodation.id, stay, {
            booking: { expected_amount: 275 },
            partner: { email: i % 2 === 0 ? 'same.guest@example.com' : `racer${i}@example.com` },
          }),
        }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    assert.equal(won.length, 1, answers.map((r) => `${r.statusCode} ${r.body.slice(0, 160)}`).join('\n'));
    const code = won[0]?.json<{ data: { confirmation_code: string } }>().data.confirmation_code;
    for (const lost of answers.filter((r) => r.statusCode !== 200)) {
      assert.equal(lost.statusCode, 409, lost.body);
      const details = lost.json<{ error: { details: { reason: string; conflicting_booking: string | null } } }>().error
        .details;
      assert.equal(details.reason, 'dates_unavailable');
      assert.equal(details.conflicting_booking, code);
    }
    assert.equal((await bookingById(t.ctx.db, draft)).status, 'cancelled');
    assert.deepEqual(
      (await outboxFor(t.ctx.db, draft)).map((m) => m.template),
      ['booking_cancellation'],
    );
  }
});

test(`a booking over an expired draft and a live booking is a 409 naming the live one; the draft is left to the job (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(4);
  const draft = await createDraft(accommodation.id, { checkin: stay.checkin, checkout: addDays(stay.checkin, 2) }, 275);
  clock += HOLD_SECONDS * 1000 + 1;
  const live = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(
      accommodation.id,
      { checkin: addDays(stay.checkin, 2), checkout: stay.checkout },
      { booking: { expected_amount: 275 } },
    ),
  });
  assert.equal(live.statusCode, 200, live.body);
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodation.id, stay, { booking: { expected_amount: 495 } }),
  });
  assert.equal(res.statusCode, 409, res.body);
  const details = res.json<{ error: { details: { conflicting_booking: string | null; conflicting_night: string } } }>()
    .error.details;
  assert.equal(
    details.conflicting_booking,
    live.json<{ data: { confirmation_code: string } }>().data.confirmation_code,
  );
  assert.equal(details.conflicting_night, addDays(stay.checkin, 2));
  assert.equal((await bookingById(t.ctx.db, draft)).status, 'draft');
});

test(`the background jobs expire a draft on their own schedule (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const id = await createDraft(accommodation.id, futureStay(2), 275);
  clock += HOLD_SECONDS * 1000 + 1;
  const jobs = startBackgroundJobs(t.ctx, silent);
  try {
    await until('the draft expired', async () => (await bookingById(t.ctx.db, id)).status !== 'draft', 20);
  } finally {
    await jobs.stop();
  }
  assert.equal((await bookingById(t.ctx.db, id)).status, 'cancelled');
  const runs = await t.ctx.metrics.jobRuns.get();
  assert.ok(runs.values.some((v) => v.labels.job === 'expire-drafts' && v.labels.outcome === 'done' && v.value >= 1));
});

test(`the background jobs prune idempotency keys past their retention, once per hour across processes (${testStoreKind})`, async () => {
  clock += 3_600_000 + 1; // past any prune lease taken by an earlier test
  const at = (hoursAgo: number) => new Date(clock - hoursAgo * 3_600_000).toISOString();
  const row = (key: string, created_at: string) => ({
    api_key_id: 1,
    key,
    request_hash: 'h',
    booking_id: null,
    response: '{}',
    created_at,
  });
  await t.ctx.db
    .insertInto('idempotency_keys')
    .values([row('prune-old', at(8 * 24)), row('prune-recent', at(23))])
    .execute();
  const doneRuns = async () =>
    (await t.ctx.metrics.jobRuns.get()).values.find(
      (v) => v.labels.job === 'prune-idempotency' && v.labels.outcome === 'done',
    )?.value ?? 0;
  const before = await doneRuns();
  const processes = [
    startBackgroundJobs(t.ctx, silent, { worker: 'one' }),
    startBackgroundJobs(t.ctx, silent, { worker: 'two' }),
  ];
  const keys = async () =>
    (await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', 'like', 'prune-%').execute()).map(
      (r) => r.key,
    );
  try {
    await until('the old key pruned', async () => !(await keys()).includes('prune-old'), 20);
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
  assert.deepEqual(await keys(), ['prune-recent']);
  assert.equal((await doneRuns()) - before, 1, 'one of the two processes pruned');
  const lease = await t.ctx.db
    .selectFrom('job_leases')
    .select(['locked_by', 'locked_until'])
    .where('name', '=', 'prune-idempotency')
    .executeTakeFirstOrThrow();
  assert.ok(['one', 'two'].includes(lease.locked_by ?? ''), 'the prune ran under a lease');
  assert.ok(lease.locked_until > new Date(clock).toISOString(), 'held for the hour');
});

test('the job runner keeps going after a failing run, counts outcomes and waits for a run in progress on stop', async (tc) => {
  // The runner's timers are moved by hand: no waiting, and "no run after stop" is checked over
  // several intervals rather than a guess at how long is long enough.
  tc.mock.timers.enable({ apis: ['setTimeout'] });
  const passes = async (intervals: number) => {
    for (let i = 0; i < intervals; i++) {
      tc.mock.timers.tick(1);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const { metrics } = t.ctx;
  const errors: unknown[] = [];
  let runs = 0;
  let release: () => void = () => undefined;
  const inProgress = new Promise<void>((resolve) => {
    release = resolve;
  });
  let finished = false;
  const runner = startJobRunner(
    [
      {
        name: 'flaky-test-job',
        intervalMs: 1,
        run: async () => {
          runs++;
          if (runs === 1) throw new Error('boom');
          if (runs === 3) {
            await inProgress;
            finished = true;
          }
          return 'done';
        },
      },
    ],
    { metrics, log: { ...silent, error: (obj: unknown) => errors.push(obj) } },
  );
  for (let i = 0; i < 10 && runs < 3; i++) await passes(1);
  assert.equal(runs, 3, 'ran again after the failure');
  const stopped = runner.stop();
  release();
  await stopped;
  assert.equal(finished, true, 'stop waited for the run in progress');
  const after = runs;
  await passes(10);
  assert.equal(runs, after, 'no run after stop');
  assert.equal(errors.length, 1);
  const counted = (await metrics.jobRuns.get()).values.filter((v) => v.labels.job === 'flaky-test-job');
  assert.deepEqual(counted.map((v) => [v.labels.outcome, v.value]).sort(), [
    ['done', 2],
    ['error', 1],
  ]);
});
