import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkMessageText,
  MESSAGE_VARIABLES,
  messageLanguage,
  renderMessage,
  type MessageValues,
} from '../../src/messages/message-text.ts';

const values: MessageValues = {
  guest: { first_name: 'Zoë <script>', last_name: 'Q' },
  stay: {
    checkin_date: '1 July 2031',
    checkout_date: '4 July 2031',
    checkin_time: '15:00',
    checkout_time: '10:00',
    nights: 3,
  },
  accommodation: {
    name: 'Sea & Sky',
    address: null,
    arrival_instructions: 'Gate on the left.\nKey under the pot.',
    door_code: '4711',
    wifi_name: 'SeaSky',
    wifi_password: '"quoted"',
  },
  booking: { confirmation_code: 'ABC123' },
  payment: { total: '€300.00', balance: '€0.00' },
  host: { name: 'Sea & Sky Ltd' },
  guest_page_url: 'https://stay.example/guest/abc?x=1&y=2',
};

test('every documented variable passes the check; others are refused by name', async () => {
  for (const name of Object.keys(MESSAGE_VARIABLES)) await checkMessageText(`{{ ${name} }}`, 'body.en');
  await checkMessageText(
    '{% if accommodation.door_code %}Code {{ accommodation.door_code | upcase }}{% endif %}',
    'body.en',
  );
  await assert.rejects(
    checkMessageText('{{ guest.email }}', 'body.en'),
    (e: { details: { reason: string; received: string } }) => {
      assert.equal(e.details.reason, 'unknown_variable');
      assert.equal(e.details.received, 'guest.email');
      return true;
    },
  );
  await assert.rejects(checkMessageText('{{ guest }}', 'body.en'), /not a message variable/);
  await assert.rejects(checkMessageText('{{ guest.first_name | no_such_filter }}', 'body.en'), /not a valid template/);
  // No file system: an include is refused when rendered, never reads a file.
  await assert.rejects(
    renderMessage({ subject: { en: 'x' }, body: { en: "{% include '/etc/passwd' %}" } }, 'en', values),
  );
});

test('the text is as written; the HTML part escapes every value and makes paragraphs', async () => {
  const m = await renderMessage(
    {
      subject: { en: 'Welcome {{ guest.first_name }}' },
      body: {
        en: 'Hi {{ guest.first_name }},\n\n{{ accommodation.arrival_instructions }}\nWi-Fi: {{ accommodation.wifi_password }}{{ accommodation.address }}',
      },
    },
    'en',
    values,
  );
  assert.equal(m.subject, 'Welcome Zoë <script>');
  assert.equal(m.text, 'Hi Zoë <script>,\n\nGate on the left.\nKey under the pot.\nWi-Fi: "quoted"');
  assert.match(m.html, /<p>Hi Zoë &lt;script&gt;,<\/p>/);
  assert.match(m.html, /<p>Gate on the left\.<br>\nKey under the pot\.<br>\nWi-Fi: &quot;quoted&quot;<\/p>/);
  assert.doesNotMatch(m.html, /<script>/);
});

test("{{ guest_page_url }} prints the booking's page address, escaped in the HTML part", async () => {
  const m = await renderMessage(
    { subject: { en: 'Your page' }, body: { en: 'See {{ guest_page_url }}' } },
    'en',
    values,
  );
  assert.equal(m.text, 'See https://stay.example/guest/abc?x=1&y=2');
  assert.match(m.html, /See https:\/\/stay\.example\/guest\/abc\?x=1&amp;y=2/);
});

test("the language: the booking's, else the home's, else the template's first", () => {
  const texts = { subject: { de: 'x', fr: 'y' }, body: { de: 'x', fr: 'y' } };
  assert.equal(messageLanguage(texts, 'fr', 'de'), 'fr');
  assert.equal(messageLanguage(texts, 'it', 'de'), 'de');
  assert.equal(messageLanguage(texts, null, 'en'), 'de');
  assert.equal(messageLanguage(texts, 'fr-CH', null), 'fr');
});
