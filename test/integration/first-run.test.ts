import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { startServer } from '../../src/server.ts';
import { getSetting } from '../../src/settings/settings-repository.ts';
import { signBody } from '../../src/webhooks/signature.ts';
import { postSignIn } from '../support/console-client.ts';

// docs/decisions.md#start-up and issue 9: the first start of an empty embedded or in-memory store seeds the
// demo, prints an API key and a generated webhook secret; DATABASE_URL=memory: says it is
// throw-away. These run the embedded stores whatever TEST_DATABASE_URL says: PostgreSQL is never
// seeded automatically (test/e2e/server.test.ts).

async function firstStart(env: Record<string, string>) {
  const lines: string[] = [];
  const server = await startServer(
    loadConfig({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ICAL_SYNC_INTERVAL_SECONDS: '0', ...env }),
    (line) => lines.push(line),
  );
  return { server, lines, text: lines.join('\n') };
}

test('the first start of an empty embedded store prints a console login and password that sign in at /admin', async () => {
  const { server, text } = await firstStart({ DATABASE_URL: 'memory:' });
  try {
    assert.match(text, /console is at http:\/\/[^ ]+\/admin/);
    const login = /^\s*login:\s+(\S+)\s*$/m.exec(text)?.[1];
    const password = /^\s*password:\s+(\S+)\s*$/m.exec(text)?.[1];
    assert.equal(login, 'admin');
    assert.ok(password !== undefined && password.length >= 20, text);
    const wrong = await postSignIn(server.app, { login: 'admin', password: 'not-it' });
    assert.equal(wrong.statusCode, 401);
    const res = await postSignIn(server.app, { login: 'admin', password });
    assert.equal(res.statusCode, 303, res.body);
    assert.match(String(res.headers['set-cookie']), /^staydesk_session=/);
  } finally {
    await server.stop();
  }
});

test('the first start of an empty embedded store prints the API key and a webhook secret it set', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-first-run-'));
  try {
    const { server, lines, text } = await firstStart({ STAYDESK_DATA_DIR: dir });
    try {
      const secret = await getSetting(server.ctx.db, 'webhook_secret');
      assert.ok(secret !== null, 'a webhook secret is set');
      assert.match(secret, /^whsk_[0-9a-f]{64}$/);
      assert.ok(
        lines.some((l) => l.trim() === secret),
        `the secret is printed on its own line:\n${text}`,
      );
      assert.ok(
        lines.some((l) => l.trimStart().startsWith('curl -H "Authorization: Bearer sdk_')),
        text,
      );
      assert.match(text, /webhook-secret clear/);
      assert.doesNotMatch(text, /in memory/);

      // Unsigned webhook calls are refused from the start; signed ones get through the check.
      const body = JSON.stringify({ event_type: 'cancelled', booking_id: 999999, timestamp: new Date().toISOString() });
      const url = `/${server.ctx.config.slug}/webhook/update`;
      const unsigned = await server.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(unsigned.statusCode, 401, unsigned.body);
      const signed = await server.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-service-signature': signBody(secret, body) },
      });
      assert.equal(signed.statusCode, 404, signed.body);
    } finally {
      await server.stop();
    }
    // A second start seeds nothing and prints no secret.
    const again = await firstStart({ STAYDESK_DATA_DIR: dir });
    await again.server.stop();
    assert.deepEqual(again.lines, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('DATABASE_URL=memory: seeds the demo and says the store is throw-away', async () => {
  const { server, text } = await firstStart({ DATABASE_URL: 'memory:' });
  try {
    const accommodations = await server.ctx.db.selectFrom('accommodations').select('name').execute();
    assert.equal(accommodations.length, 1);
    assert.match(text, /in memory \(DATABASE_URL=memory:\)/);
    assert.match(text, /gone when the process stops/);
    assert.match(text, /demo accommodation \(id \d+\)/);
  } finally {
    await server.stop();
  }
});
