import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupSteps, type SetupFacts } from '../../src/seed/setup-steps.ts';

const empty: SetupFacts = {
  businessSet: false,
  firstHomeId: null,
  smtpConfigured: false,
  mail: { sent: false, lastSentAt: null, waiting: 0 },
  feedCount: 0,
  cardSecretSet: false,
  partnerKeyCount: 0,
  demo: { accommodationId: 1, keyIds: [1] },
};

const state = (f: SetupFacts) => Object.fromEntries(setupSteps(f).map((s) => [s.name, s.done]));

test('each set-up step ticks on its own fact; mail needs SMTP_URL and a mail sent', () => {
  assert.ok(Object.values(state(empty)).every((done) => !done));
  assert.equal(state({ ...empty, smtpConfigured: true }).mail, false, 'configured, nothing sent yet');
  assert.equal(
    state({ ...empty, mail: { sent: true, lastSentAt: null, waiting: 0 } }).mail,
    false,
    'sent once, SMTP_URL since removed',
  );
  assert.equal(
    state({ ...empty, smtpConfigured: true, mail: { sent: true, lastSentAt: null, waiting: 0 } }).mail,
    true,
  );
  assert.equal(state({ ...empty, demo: { accommodationId: null, keyIds: [3] } }).demo, false, 'the key is left');
  assert.equal(state({ ...empty, demo: { accommodationId: null, keyIds: [] } }).demo, true);
  const all: SetupFacts = {
    businessSet: true,
    firstHomeId: 2,
    smtpConfigured: true,
    mail: { sent: true, lastSentAt: '2027-01-01T10:00:00.000Z', waiting: 0 },
    feedCount: 1,
    cardSecretSet: true,
    partnerKeyCount: 1,
    demo: { accommodationId: null, keyIds: [] },
  };
  assert.deepEqual(
    setupSteps(all).map((s) => s.name),
    ['business', 'home', 'mail', 'channel', 'card', 'partner_key', 'demo'],
  );
  assert.ok(setupSteps(all).every((s) => s.done));
});
