import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OutboxStatus } from '../../src/db/schema.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function insertMail(status: OutboxStatus, subject: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: 'booking_confirmed',
      booking_id: null,
      recipient: 'guest@example.com',
      subject,
      body_text: `Text of ${subject}`,
      body_html: `<p>HTML of ${subject}</p>`,
      status,
      attempts: status === 'failed' ? 5 : 0,
      next_attempt_at: now,
      locked_until: null,
      locked_by: null,
      last_error: status === 'failed' ? 'connection refused' : null,
      created_at: now,
      sent_at: status === 'sent' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface OutboxEntry {
  id: number;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  body_text?: string;
  body_html?: string;
}

describe(`admin outbox (${testStoreKind})`, () => {
  test('lists messages newest first without bodies, filtered by status and paged; one with its bodies', async () => {
    const pending = await insertMail('pending', 'Pending mail');
    const sent = await insertMail('sent', 'Sent mail');
    const failed = await insertMail('failed', 'Failed mail');

    const res = await t.admin('GET', '/admin/api/outbox');
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'GET', '/admin/api/outbox', res);
    const all = res.json<{ data: OutboxEntry[] }>().data;
    assert.deepEqual(
      all.slice(0, 3).map((m) => m.id),
      [failed, sent, pending],
    );
    assert.ok(!res.body.includes('Text of') && !res.body.includes('HTML of'), 'no bodies in the list');
    assert.deepEqual(Object.keys(all[0] ?? {}).sort(), [
      'attempts',
      'booking_id',
      'created_at',
      'id',
      'kind',
      'last_error',
      'next_attempt_at',
      'recipient',
      'sent_at',
      'status',
      'subject',
      'template',
    ]);

    const onlyFailed = (await t.admin('GET', '/admin/api/outbox?status=failed')).json<{ data: OutboxEntry[] }>().data;
    assert.ok(onlyFailed.every((m) => m.status === 'failed'));
    const failedEntry = onlyFailed.find((m) => m.id === failed);
    assert.equal(failedEntry?.last_error, 'connection refused');
    assert.equal(failedEntry.attempts, 5);
    assert.deepEqual(
      (await t.admin('GET', '/admin/api/outbox?limit=1&offset=1'))
        .json<{ data: OutboxEntry[] }>()
        .data.map((m) => m.id),
      [sent],
    );

    const one = await t.admin('GET', `/admin/api/outbox/${sent}`);
    assert.equal(one.statusCode, 200, one.body);
    assertMatchesOpenApi(t.app, 'GET', `/admin/api/outbox/${sent}`, one);
    const message = one.json<{ data: OutboxEntry }>().data;
    assert.equal(message.subject, 'Sent mail');
    assert.equal(message.body_text, 'Text of Sent mail');
    assert.equal(message.body_html, '<p>HTML of Sent mail</p>');
  });

  test('bad filters are a 400; an unknown id is a 404', async () => {
    for (const [query, parameter] of [
      ['?status=queued', 'status'],
      ['?limit=500', 'limit'],
      ['?page=2', 'page'],
    ] as const) {
      const body = assertErrorEnvelope(await t.admin('GET', `/admin/api/outbox${query}`), 400, 'BAD_REQUEST');
      assert.equal(body.error.details.parameter, parameter, query);
    }
    assertErrorEnvelope(await t.admin('GET', '/admin/api/outbox/999999'), 404, 'NOT_FOUND');
  });
});

describe(`admin payment issues (${testStoreKind})`, () => {
  test('lists recorded issues newest first, amounts in major units of their currency', async () => {
    const now = new Date().toISOString();
    const insert = (values: { kind: string; amount: number | null; currency: string | null }) =>
      t.ctx.db
        .insertInto('payment_issues')
        .values({
          ...values,
          booking_id: null,
          payment_intent_id: 'pi_test',
          detail: `${values.kind} detail`,
          created_at: now,
          resolved_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const eur = await insert({ kind: 'amount_mismatch', amount: 93250, currency: 'EUR' });
    const jpy = await insert({ kind: 'amount_mismatch', amount: 15000, currency: 'jpy' });
    const none = await insert({ kind: 'unknown_booking', amount: null, currency: null });

    const res = await t.admin('GET', '/admin/api/payment-issues');
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'GET', '/admin/api/payment-issues', res);
    const issues = res.json<{
      data: {
        id: number;
        amount: number | null;
        currency: string | null;
        detail: string;
        resolved_at: string | null;
      }[];
    }>().data;
    assert.deepEqual(
      issues.map((i) => i.id),
      [none.id, jpy.id, eur.id],
    );
    assert.deepEqual(
      issues.map((i) => i.amount),
      [null, 15000, 932.5],
    );
    assert.deepEqual(
      issues.map((i) => i.currency),
      [null, 'jpy', 'EUR'],
    );
    assert.equal(issues[2]?.detail, 'amount_mismatch detail');
    assert.equal(issues[2]?.resolved_at, null);

    assert.equal(
      (await t.admin('GET', '/admin/api/payment-issues?limit=1')).json<{ data: unknown[] }>().data.length,
      1,
    );
    assertErrorEnvelope(await t.admin('GET', '/admin/api/payment-issues?limit=0'), 400, 'BAD_REQUEST');
  });
});
