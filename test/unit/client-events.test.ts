import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import {
  signServiceWebhook,
  verifyEvent,
  WebhookVerificationError,
  type StaydeskEvent,
} from '../../packages/client/src/index.ts';
import { hmacSha256, sha256 } from '../../packages/client/src/hmac-sha256.ts';
import { signedHeaders } from '../../src/events/standard-webhooks.ts';

const key = Buffer.from('a-32-byte-key-for-signing-events');
const secret = `whsec_${key.toString('base64')}`;
const now = new Date('2030-01-01T00:00:00Z');
const ts = Math.floor(now.getTime() / 1000);
const booking = { id: 7, booking_status: 'confirmed' };
const sign = (id: string, body: string, at = ts) => signedHeaders([secret], id, at, body);

describe('@staydesk/client HMAC-SHA256', () => {
  test('matches node:crypto for any key and message, around every block boundary', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 300 }), (k, message) => {
        const ours = Buffer.from(hmacSha256(k, message)).toString('hex');
        assert.equal(ours, createHmac('sha256', k).update(message).digest('hex'));
      }),
      { numRuns: 300 },
    );
    assert.equal(
      Buffer.from(sha256(new TextEncoder().encode('abc'))).toString('hex'),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('signServiceWebhook gives sha256=<hex HMAC of the body>, synchronously', () => {
    const body = '{"event_type":"cancelled","booking_id":1}';
    assert.equal(
      signServiceWebhook(body, 's3cret'),
      `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`,
    );
  });
});

describe('@staydesk/client verifyEvent (Standard Webhooks)', () => {
  test('returns {id, type, timestamp, livemode, data} from a signed event, synchronously', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'booking.confirmed',
      timestamp: '2030-01-01T00:00:00Z',
      livemode: false,
      data: booking,
    });
    const event = verifyEvent(body, sign('evt_1', body), secret, { now });
    assert.deepEqual(event, {
      id: 'evt_1',
      type: 'booking.confirmed',
      timestamp: '2030-01-01T00:00:00Z',
      livemode: false,
      data: booking,
    });
    // Headers as fetch gives them, and the body as bytes.
    assert.equal(
      verifyEvent(new TextEncoder().encode(body), new Headers(sign('evt_1', body)), secret, { now }).id,
      'evt_1',
    );
  });

  test('a body without id takes the webhook-id, and one without livemode is live', () => {
    const body = JSON.stringify({ type: 'booking.created', timestamp: '2030-01-01T00:00:00Z', data: booking });
    const event = verifyEvent(body, sign('evt_42', body), secret, { now });
    assert.equal(event.id, 'evt_42');
    assert.equal(event.livemode, true);
  });

  test('accepts the reference implementation’s signature and either secret during a rotation', () => {
    const body = JSON.stringify({
      id: 'evt_3',
      type: 'booking.created',
      timestamp: 'x',
      livemode: true,
      data: booking,
    });
    const reference = new Webhook(secret).sign('evt_3', now, body);
    const headers = { 'webhook-id': 'evt_3', 'webhook-timestamp': String(ts), 'webhook-signature': reference };
    assert.equal(verifyEvent(body, headers, secret, { now }).id, 'evt_3');
    const old = `whsec_${Buffer.from('the previous secret').toString('base64')}`;
    assert.equal(verifyEvent(body, signedHeaders([secret, old], 'evt_3', ts, body), old, { now }).id, 'evt_3');
  });

  test('the union narrows by type: calendar.changed carries its nights, payment.issue its issue', () => {
    const handled: string[] = [];
    const receive = (event: StaydeskEvent) => {
      switch (event.type) {
        case 'calendar.changed':
          handled.push(`${event.data.accommodation_id} ${event.data.from}..${event.data.to}`);
          break;
        case 'payment.issue':
          handled.push(`${event.data.issue.kind} ${event.data.issue.payment_intent_id ?? ''} on ${event.data.id}`);
          break;
        case 'booking.created':
        case 'booking.confirmed':
        case 'booking.modified':
        case 'booking.cancelled':
        case 'booking.expired':
          handled.push(`${event.type} ${event.data.id}`);
      }
    };
    const bodies = [
      { type: 'calendar.changed', data: { accommodation_id: 3, from: '2030-02-01', to: '2030-02-04' } },
      {
        type: 'payment.issue',
        data: {
          ...booking,
          issue: { kind: 'amount_mismatch', amount: 10, currency: 'EUR', payment_intent_id: 'pi_1' },
        },
      },
      { type: 'booking.expired', data: booking },
    ];
    bodies.forEach((b, i) => {
      const body = JSON.stringify({ id: `evt_${i}`, timestamp: '2030-01-01T00:00:00Z', livemode: true, ...b });
      receive(verifyEvent(body, sign(`evt_${i}`, body), secret, { now }));
    });
    assert.deepEqual(handled, ['3 2030-02-01..2030-02-04', 'amount_mismatch pi_1 on 7', 'booking.expired 7']);
  });

  test('refuses, with a reason: a missing header, an old timestamp, a changed body, another secret, a body that is no event', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'booking.created',
      timestamp: 'x',
      livemode: true,
      data: booking,
    });
    const headers = sign('evt_1', body);
    const refused = (reason: string, run: () => unknown) => {
      assert.throws(run, (e: unknown) => e instanceof WebhookVerificationError && e.reason === reason);
    };
    refused('missing_header', () => verifyEvent(body, { ...headers, 'webhook-signature': undefined }, secret, { now }));
    refused('stale_timestamp', () => verifyEvent(body, headers, secret, { now: new Date(now.getTime() + 301_000) }));
    refused('stale_timestamp', () => verifyEvent(body, { ...headers, 'webhook-timestamp': '1e9' }, secret, { now }));
    refused('invalid_signature', () => verifyEvent(`${body} `, headers, secret, { now }));
    refused('invalid_signature', () => verifyEvent(body, { ...headers, 'webhook-id': 'evt_2' }, secret, { now }));
    refused('invalid_signature', () => verifyEvent(body, headers, `whsec_${btoa('another')}`, { now }));
    for (const bad of [
      'not json',
      '[]',
      '{"type":"booking.created","timestamp":"x"}',
      '{"type":1,"timestamp":"x","data":{}}',
    ]) {
      refused('invalid_body', () => verifyEvent(bad, sign('evt_1', bad), secret, { now }));
    }
    // Within the tolerance given, an older timestamp passes.
    assert.equal(verifyEvent(body, sign('evt_1', body, ts - 500), secret, { now, toleranceSeconds: 600 }).id, 'evt_1');
  });

  test('a secret that is not whsec_ and base64 is a TypeError (a set-up mistake, not a forged event)', () => {
    const body = '{}';
    assert.throws(() => verifyEvent(body, sign('evt_1', body), 'whsec_not base64!', { now }), TypeError);
  });
});
