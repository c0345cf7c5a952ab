import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupSteps, type SetupFacts } from '../../src/seed/setup-steps.ts';

const empty: SetupFacts = {
  businessSet: false,
  firstHomeId: null,
  smtpConfigured: false,
  mailSent: false,
  feedCount: 0,
  cardSecretSet: false,
  partnerKeyCount: 0,
  demo: { accommodationId: 1, keyIds: [1] },
};

const state = (f: SetupFacts) => Object.fromEntries(setupSteps(f).map((s) => [s.name, s.done]));

test('each set-up step ticks on its own fact; mail needs SMTP_URL and a mail sent', () => {
  assert.ok(Object.values(state(empty)).every((done) => !done));
  assert.equal(state({ ...empty, smtpConfigured: true }).mail, false, 'configured, nothing sent yet');
  assert.equal(state({ ...empty, mailSent: true }).mail, false, 'sent once, SMTP_URL since removed');
  assert.equal(state({ ...empty, smtpConfigured: true, mailSent: true }).mail, true);
  assert.equal(state({ ...empty, demo: { accommodationId: null, keyIds: [3] } }).demo, false, 'the key is left');
  assert.equal(state({ ...empty, demo: { accommodationId: null, keyIds: [] } }).demo, true);
  const all: SetupFacts = {
    businessSet: true,
    firstHomeId: 2,
    smtpConfigured: true,
    mailSent: true,
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
