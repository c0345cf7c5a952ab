import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatter, localeFrom } from '../../src/console/format.ts';
import { html } from '../../src/shared/html.ts';
import {
  createSignInLimits,
  FAILURES_PER_IP,
  FAILURES_PER_LOGIN,
  SIGN_IN_WINDOW_MS,
} from '../../src/console/sign-in-limits.ts';

test('html escapes every interpolated value, in text and in attributes', () => {
  const name = `<script>alert("x")</script> & 'quotes'`;
  const out = html`<p title="${name}">${name}</p>`.text;
  assert.equal(
    out,
    '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>',
  );
});

test('html passes its own fragments through, and flattens lists', () => {
  const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
  assert.equal(html`<ul>${items}</ul>`.text, '<ul><li>a&lt;b</li><li>c</li></ul>');
  assert.equal(html`${html`<br>`}${null}${undefined}${false}${0}`.text, '<br>0');
});

test('the locale is the first Accept-Language entry Intl supports, else en-GB', () => {
  assert.equal(localeFrom('de-CH,de;q=0.9'), 'de-CH');
  assert.equal(localeFrom(undefined), 'en-GB');
  assert.equal(localeFrom('*'), 'en-GB');
  assert.equal(localeFrom('not a tag!!, fr'), 'fr');
  const f = formatter('ja-JP');
  assert.equal(f.money(1234, 'JPY'), '￥1,234');
  assert.equal(formatter('de-DE').money(123456, 'EUR').replace(/\s/g, ' '), '1.234,56 €');
  assert.equal(formatter('en-GB').date('2027-02-13'), 'Sat, 13 Feb 2027');
});

test('sign-in attempts are reserved as failures before the check, per login and per address within the window', () => {
  const limits = createSignInLimits();
  const t0 = 1_000_000;
  for (let i = 0; i < FAILURES_PER_LOGIN - 1; i += 1) assert.equal(limits.reserve('Host', `10.0.0.${i}`, t0), 0);
  assert.equal(limits.reserve('HOST', '10.0.0.99', t0), 0, 'the last attempt below the limit is admitted');
  assert.ok(limits.reserve('host', '10.0.1.1', t0 + 1000) > 0, 'the login is limited, whatever its case or address');
  assert.equal(limits.reserve('other', '10.0.1.2', t0), 0, 'other logins are not');
  assert.equal(limits.reserve('host', '10.0.1.3', t0 + SIGN_IN_WINDOW_MS), 0, 'until the window has passed');

  const perIp = createSignInLimits();
  for (let i = 0; i < FAILURES_PER_IP; i += 1) assert.equal(perIp.reserve(`user${i}`, '192.0.2.1', t0), 0);
  assert.ok(perIp.reserve('fresh', '192.0.2.1', t0) > 0, 'an address trying many logins is limited');
  assert.equal(perIp.reserve('fresh', '192.0.2.2', t0), 0);

  const reset = createSignInLimits();
  for (let i = 0; i < FAILURES_PER_LOGIN - 1; i += 1) reset.reserve('h', `10.1.0.${i}`, t0);
  reset.recordSuccess('h', '10.1.0.0', t0);
  for (let i = 0; i < FAILURES_PER_LOGIN; i += 1)
    assert.equal(reset.reserve('h', '10.1.1.1', t0), 0, 'a success clears the login’s count');

  const returned = createSignInLimits();
  for (let i = 0; i < FAILURES_PER_IP; i += 1) {
    assert.equal(returned.reserve(`u${i}`, '192.0.2.9', t0), 0);
    returned.recordSuccess(`u${i}`, '192.0.2.9', t0);
  }
  assert.equal(returned.reserve('more', '192.0.2.9', t0), 0, 'successes do not count against the address');
});
