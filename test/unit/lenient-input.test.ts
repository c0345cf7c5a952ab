import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from 'typebox';
import { readLeniently } from '../../src/http/lenient-body.ts';
import { isSecretName, redactUrl } from '../../src/http/log-redaction.ts';
import { echo } from '../../src/http/validation-errors.ts';
import { Nullable } from '../../src/http/nullable.ts';
import { scrubAddresses } from '../../src/shared/scrub-addresses.ts';

const Schema: Parameters<typeof readLeniently>[0] = Type.Object({
  id: Type.Integer(),
  note: Type.Optional(Type.String()),
  cleared: Type.Optional(Nullable(Type.String())),
  email: Type.String({ format: 'email' }),
  inner: Type.Optional(Type.Object({ a: Type.Optional(Type.String()), b: Type.String() })),
}) as unknown as Parameters<typeof readLeniently>[0];

test('readLeniently: null optional fields go, required and nullable ones stay, e-mails are trimmed', () => {
  const body: Record<string, unknown> = {
    id: null,
    note: null,
    cleared: null,
    email: ' a@b.example\t',
    inner: { a: null, b: null },
    unknown: null,
  };
  readLeniently(Schema, body);
  assert.deepEqual(body, { id: null, cleared: null, email: 'a@b.example', inner: { b: null }, unknown: null });
  const arrays = [null];
  readLeniently(Schema, arrays);
  assert.deepEqual(arrays, [null], 'not an object: left alone');
  readLeniently(Schema, null);
  readLeniently(undefined, { note: null });
});

test('echo: short values come back, secrets and long values are described', () => {
  assert.equal(echo('abc', 'booking_data.checkin_date'), 'abc');
  assert.equal(echo('short-secret', 'webhook_secret'), 'string of 12 characters');
  assert.equal(echo('tok', 'booking_data.payment_token'), 'string of 3 characters');
  assert.equal(echo('x'.repeat(101), 'partner_data.first_name'), 'string of 101 characters');
  assert.equal(echo(undefined), null);
  assert.equal(echo({ a: 1 }), 'object');
});

test('secret names: key-like suffixes and short names, not words that merely contain them', () => {
  for (const name of ['key', 'apikey', 'apiKey', 'api_key', 'access_token', 'k', 's', 'sig', 'password', 'X-Secret'])
    assert.ok(isSecretName(name), name);
  for (const name of ['keyword', 'month', 'q', 'status', 'keys_count', 'next']) assert.ok(!isSecretName(name), name);
});

test('redactUrl: credential paths by the matched route or by the decoded path, in any case', () => {
  assert.equal(redactUrl('/staydesk/%69nvoices/abc', 'staydesk'), '/staydesk/invoices/[redacted]');
  assert.equal(redactUrl('/staydesk/INVOICES/abc', 'staydesk'), '/staydesk/invoices/[redacted]');
  assert.equal(redactUrl('/staydesk/%69cal/abc.ics', 'staydesk'), '/staydesk/ical/[redacted].ics');
  assert.equal(redactUrl('/anything', 'staydesk', '/staydesk/invoices/:token'), '/staydesk/invoices/[redacted]');
  assert.equal(redactUrl('/x?apiKey=1&k=2&kind=3', 'staydesk'), '/x?apiKey=[redacted]&k=[redacted]&kind=3');
  assert.equal(redactUrl('/%ZZ?x=1', 'staydesk'), '/%ZZ?x=1', 'a badly encoded path is matched as sent');
});

test('scrubAddresses: every address in a server text, bare or bracketed', () => {
  assert.equal(
    scrubAddresses("550 5.1.1 <Ada.L+x@mail.example.com>: user unknown; also bob@example.org, 'c@d.io'"),
    "550 5.1.1 <[address]>: user unknown; also [address], '[address]'",
  );
  assert.equal(scrubAddresses('421 try later'), '421 try later');
});
