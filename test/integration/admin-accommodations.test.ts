import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

interface Accommodation {
  id: number;
  name: string;
  currency: string;
  timezone: string;
  base_price: number;
  cleaning_fee: number;
  tax_rate: number;
  weekly_discount: number;
  monthly_discount: number;
  min_stay: number;
  max_stay: number;
  max_guests: number;
  checkin_time: string;
  checkout_time: string;
  extras: Record<string, number>;
  created_at: string;
  updated_at: string;
}

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const BASE = '/admin/api/accommodations';

async function create(body: Record<string, unknown>): Promise<Accommodation> {
  const res = await t.admin('POST', BASE, body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: Accommodation }>().data;
}

/** Posts a body that must be refused with a 400 naming `parameter`. */
async function assertCreateRefused(body: Record<string, unknown>, parameter: string, reason?: string) {
  const res = await t.admin('POST', BASE, body);
  const error = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  assert.equal(error.error.details.parameter, parameter, res.body);
  if (reason !== undefined) assert.equal(error.error.details.reason, reason, res.body);
  assertMatchesOpenApi(t.app, 'POST', BASE, res);
  return error;
}

const minimal = { name: 'Harbour Flat', base_price: 100, max_guests: 4 };

describe(`admin accommodations (${testStoreKind})`, () => {
  test('create → get → patch → list → delete', async () => {
    const res = await t.admin('POST', BASE, {
      name: 'Seaside Cottage',
      currency: 'EUR',
      base_price: 120.5,
      cleaning_fee: 50,
      tax_rate: 0.1,
      weekly_discount: 0.1,
      monthly_discount: 0.2,
      min_stay: 2,
      max_stay: 30,
      max_guests: 4,
      checkin_time: '16:00',
      checkout_time: '11:00',
      extras: { breakfast: 12, linen: 8.5 },
      timezone: 'europe/lisbon',
    });
    assert.equal(res.statusCode, 201, res.body);
    assertMatchesOpenApi(t.app, 'POST', BASE, res);
    const body = res.json<{ success: boolean; data: Accommodation; metadata: Record<string, string> }>();
    assert.equal(body.success, true);
    assert.equal(body.metadata.request_id, res.headers['x-request-id']);
    const created = body.data;
    assert.ok(Number.isInteger(created.id) && created.id > 0);
    assert.match(
      (created as { ical_export_url?: string }).ical_export_url ?? '',
      /^http:\/\/staydesk\.test\/staydesk\/ical\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    assert.deepEqual(
      { ...created, id: 0, created_at: '', updated_at: '', ical_export_url: '' },
      {
        id: 0,
        name: 'Seaside Cottage',
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
        base_price: 120.5,
        cleaning_fee: 50,
        tax_rate: 0.1,
        weekly_discount: 0.1,
        monthly_discount: 0.2,
        min_stay: 2,
        max_stay: 30,
        max_guests: 4,
        checkin_time: '16:00',
        checkout_time: '11:00',
        language: 'en',
        extras: { breakfast: 12, linen: 8.5 },
        city_tax: null,
        extra_guest_fee: null,
        damage_deposit: null,
        cancellation_policy: null,
        payment_terms: null,
        registration_number: null,
        address: null,
        arrival_instructions: null,
        door_code: null,
        door_code_days: 2,
        wifi_name: null,
        wifi_password: null,
        created_at: '',
        updated_at: '',
        archived_at: null,
        ical_export_url: '',
      },
    );

    const got = await t.admin('GET', `${BASE}/${created.id}`);
    assert.equal(got.statusCode, 200);
    assertMatchesOpenApi(t.app, 'GET', `${BASE}/${created.id}`, got);
    assert.deepEqual(got.json<{ data: Accommodation }>().data, created);

    const patched = await t.admin('PATCH', `${BASE}/${created.id}`, {
      name: 'Seaside Cottage II',
      base_price: 130,
      extras: { late_checkin: 25 },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assertMatchesOpenApi(t.app, 'PATCH', `${BASE}/${created.id}`, patched);
    const after = patched.json<{ data: Accommodation }>().data;
    assert.equal(after.name, 'Seaside Cottage II');
    assert.equal(after.base_price, 130);
    assert.deepEqual(after.extras, { late_checkin: 25 }, 'extras replaces the whole object');
    assert.equal(after.cleaning_fee, 50, 'fields not sent are kept');
    assert.equal(after.created_at, created.created_at);
    assert.ok(after.updated_at >= created.updated_at);

    const list = await t.admin('GET', BASE);
    assert.equal(list.statusCode, 200);
    assertMatchesOpenApi(t.app, 'GET', BASE, list);
    const listed = list.json<{ data: Accommodation[] }>().data;
    assert.ok(Array.isArray(listed));
    // The list leaves out the export URL; it stays the same through a change.
    const { ical_export_url: exportUrl, ...listedFields } = after as Accommodation & { ical_export_url: string };
    assert.equal(exportUrl, (created as Accommodation & { ical_export_url: string }).ical_export_url);
    assert.deepEqual(
      listed.find((a) => a.id === created.id),
      listedFields,
    );

    const deleted = await t.admin('DELETE', `${BASE}/${created.id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assertMatchesOpenApi(t.app, 'DELETE', `${BASE}/${created.id}`, deleted);
    assert.deepEqual(deleted.json<{ data: unknown }>().data, { id: created.id, deleted: true, archived: false });

    assertErrorEnvelope(await t.admin('GET', `${BASE}/${created.id}`), 404, 'NOT_FOUND');
    assertErrorEnvelope(await t.admin('DELETE', `${BASE}/${created.id}`), 404, 'NOT_FOUND');
    assert.equal(
      (await t.admin('GET', BASE)).json<{ data: Accommodation[] }>().data.some((a) => a.id === created.id),
      false,
    );
  });

  test('defaults for every optional field', async () => {
    const created = await create(minimal);
    assert.equal(created.currency, 'EUR');
    assert.equal(created.timezone, 'UTC');
    assert.equal(created.cleaning_fee, 0);
    assert.equal(created.tax_rate, 0);
    assert.equal(created.weekly_discount, 0);
    assert.equal(created.monthly_discount, 0);
    assert.equal(created.min_stay, 1);
    assert.equal(created.max_stay, 365);
    assert.equal(created.checkin_time, '15:00');
    assert.equal(created.checkout_time, '10:00');
    assert.deepEqual(created.extras, {});
  });

  test('amounts with more decimals than the currency allows are refused', async () => {
    const eur = await assertCreateRefused({ ...minimal, base_price: 120.555 }, 'base_price', 'invalid_amount');
    assert.equal(eur.error.details.received, 120.555);
    await assertCreateRefused({ ...minimal, currency: 'JPY', base_price: 100.5 }, 'base_price', 'invalid_amount');
    await assertCreateRefused({ ...minimal, cleaning_fee: 9.999 }, 'cleaning_fee', 'invalid_amount');
    await assertCreateRefused({ ...minimal, extras: { breakfast: 1.001 } }, 'extras.breakfast', 'invalid_amount');
    const jpy = await create({ ...minimal, currency: 'JPY', base_price: 15000 });
    assert.equal(jpy.base_price, 15000);
    const kwd = await create({ ...minimal, currency: 'KWD', base_price: 12.345 });
    assert.equal(kwd.base_price, 12.345);
  });

  test('invalid bodies are 400 with details', async () => {
    await assertCreateRefused({ base_price: 100, max_guests: 2 }, 'name', 'missing');
    await assertCreateRefused({ name: 'x', max_guests: 2 }, 'base_price', 'missing');
    await assertCreateRefused({ name: 'x', base_price: 100 }, 'max_guests', 'missing');
    await assertCreateRefused({ ...minimal, base_price: '100' }, 'base_price', 'invalid_type');
    await assertCreateRefused({ ...minimal, base_price: -1 }, 'base_price');
    await assertCreateRefused({ ...minimal, max_guests: 0 }, 'max_guests');
    await assertCreateRefused({ ...minimal, max_guests: 2.5 }, 'max_guests');
    await assertCreateRefused({ ...minimal, prize: 1 }, 'prize', 'unknown_parameter');
    await assertCreateRefused({ ...minimal, currency: 'XYZ' }, 'currency', 'unknown_currency');
    await assertCreateRefused({ ...minimal, currency: 'eur' }, 'currency');
    await assertCreateRefused({ ...minimal, timezone: 'Nowhere/City' }, 'timezone', 'unknown_timezone');
    await assertCreateRefused({ ...minimal, tax_rate: 1.5 }, 'tax_rate');
    await assertCreateRefused({ ...minimal, weekly_discount: 0.1234567 }, 'weekly_discount', 'invalid_rate');
    await assertCreateRefused({ ...minimal, min_stay: 7, max_stay: 3 }, 'max_stay', 'invalid_range');
    await assertCreateRefused({ ...minimal, checkin_time: '25:00' }, 'checkin_time');
    await assertCreateRefused({ ...minimal, checkout_time: '9:00' }, 'checkout_time');
    await assertCreateRefused({ ...minimal, extras: { spa: 10 } }, 'extras.spa', 'unknown_parameter');
    await assertCreateRefused({ ...minimal, extras: { linen: -1 } }, 'extras.linen');
    await assertCreateRefused({ ...minimal, name: '   ' }, 'name', 'blank');
  });

  test('PATCH validates like create and refuses unknown ids', async () => {
    const created = await create(minimal);
    const url = `${BASE}/${created.id}`;
    const bad = assertErrorEnvelope(await t.admin('PATCH', url, { base_price: 1.005 }), 400, 'BAD_REQUEST');
    assert.equal(bad.error.details.parameter, 'base_price');
    const range = assertErrorEnvelope(await t.admin('PATCH', url, { min_stay: 400 }), 400, 'BAD_REQUEST');
    assert.equal(range.error.details.parameter, 'min_stay');
    assert.equal(range.error.details.reason, 'invalid_range');
    assertErrorEnvelope(await t.admin('PATCH', url, { colour: 'blue' }), 400, 'BAD_REQUEST');
    assert.deepEqual(
      (await t.admin('GET', url)).json<{ data: Accommodation }>().data,
      created,
      'a refused patch changes nothing',
    );

    const missing = assertErrorEnvelope(await t.admin('PATCH', `${BASE}/999999`, { name: 'x' }), 404, 'NOT_FOUND');
    assert.equal(missing.error.details.reason, 'accommodation_not_found');
    const notAnId = assertErrorEnvelope(await t.admin('GET', `${BASE}/abc`), 400, 'BAD_REQUEST');
    assert.equal(notAnId.error.details.parameter, 'id');
  });

  test('a currency change keeps the major amounts of the accommodation and its nightly prices', async () => {
    const created = await create({ ...minimal, base_price: 100.5, cleaning_fee: 40, extras: { breakfast: 12 } });
    const url = `${BASE}/${created.id}`;

    const lossy = assertErrorEnvelope(await t.admin('PATCH', url, { currency: 'JPY' }), 400, 'BAD_REQUEST');
    assert.equal(lossy.error.details.parameter, 'base_price');

    assert.equal(
      (await t.admin('PUT', `${url}/prices`, { from: '2031-06-01', to: '2031-06-03', price: 80.25 })).statusCode,
      200,
    );
    const nightPrice = assertErrorEnvelope(
      await t.admin('PATCH', url, { currency: 'JPY', base_price: 15000 }),
      400,
      'BAD_REQUEST',
    );
    assert.equal(nightPrice.error.details.parameter, 'currency');
    assert.equal(nightPrice.error.details.night, '2031-06-01');
    assert.equal((await t.admin('GET', url)).json<{ data: Accommodation }>().data.currency, 'EUR', 'nothing changed');

    assert.equal(
      (await t.admin('PUT', `${url}/prices`, { from: '2031-06-01', to: '2031-06-03', price: 80 })).statusCode,
      200,
    );
    const changed = await t.admin('PATCH', url, { currency: 'JPY', base_price: 15000 });
    assert.equal(changed.statusCode, 200, changed.body);
    const jpy = changed.json<{ data: Accommodation }>().data;
    assert.equal(jpy.currency, 'JPY');
    assert.equal(jpy.base_price, 15000);
    assert.equal(jpy.cleaning_fee, 40);
    assert.deepEqual(jpy.extras, { breakfast: 12 });
    const prices = (await t.admin('GET', `${url}/prices?from=2031-06-01&to=2031-06-04`)).json<{
      data: { date: string; price: number; source: string }[];
    }>().data;
    assert.deepEqual(prices, [
      { date: '2031-06-01', price: 80, source: 'override' },
      { date: '2031-06-02', price: 80, source: 'override' },
      { date: '2031-06-03', price: 15000, source: 'base' },
    ]);

    const back = await t.admin('PATCH', url, { currency: 'KWD' });
    assert.equal(back.statusCode, 200, back.body);
    const kwdPrices = (await t.admin('GET', `${url}/prices?from=2031-06-01&to=2031-06-02`)).json<{
      data: { price: number }[];
    }>().data;
    assert.equal(kwdPrices[0]?.price, 80, 'prices scaled up to three decimals keep their value');
  });

  test('DELETE removes the nightly prices, blocks and feeds with the accommodation', async () => {
    const created = await create(minimal);
    const url = `${BASE}/${created.id}`;
    assert.equal(
      (await t.admin('PUT', `${url}/prices`, { from: '2031-07-01', to: '2031-07-05', price: 90 })).statusCode,
      200,
    );
    assert.equal(
      (await t.admin('POST', `${url}/blocks`, { from: '2031-07-10', to: '2031-07-12', reason: 'painting' })).statusCode,
      201,
    );
    assert.equal(
      (await t.admin('POST', `${url}/ical-feeds`, { name: 'airbnb', url: 'https://example.com/cal.ics' })).statusCode,
      201,
    );

    const { db } = t.ctx;
    const count = async (table: 'nightly_prices' | 'night_claims' | 'external_feeds') =>
      (await db.selectFrom(table).select('accommodation_id').where('accommodation_id', '=', created.id).execute())
        .length;
    assert.deepEqual(
      [await count('nightly_prices'), await count('night_claims'), await count('external_feeds')],
      [4, 2, 1],
    );

    assert.equal((await t.admin('DELETE', url)).statusCode, 200);
    assert.deepEqual(
      [await count('nightly_prices'), await count('night_claims'), await count('external_feeds')],
      [0, 0, 0],
    );
  });

  test('changes and deletion reach the v1 API at once, whatever it has cached', async () => {
    const created = await create({ ...minimal, base_price: 100, max_stay: 30 });
    const stay = { accommodation_id: created.id, checkin: '2032-03-01', checkout: '2032-03-03', guest_count: 2 };
    const quote = async () => t.request({ method: 'POST', url: `${t.v1}/availability`, payload: stay, key: t.apiKey });
    const before = await quote();
    assert.equal(before.statusCode, 200, before.body);
    assert.equal(before.json<{ data: { pricing: { base_price: number } } }>().data.pricing.base_price, 200);

    assert.equal((await t.admin('PATCH', `${BASE}/${created.id}`, { base_price: 150 })).statusCode, 200);
    const after = await quote();
    assert.equal(after.json<{ data: { pricing: { base_price: number } } }>().data.pricing.base_price, 300);

    assert.equal((await t.admin('DELETE', `${BASE}/${created.id}`)).statusCode, 200);
    assertErrorEnvelope(await quote(), 404, 'NOT_FOUND');
  });

  test('keys: none is 401, a v1 key is 403', async () => {
    assertErrorEnvelope(await t.request({ method: 'GET', url: BASE, key: null }), 401, 'UNAUTHORIZED');
    const forbidden = assertErrorEnvelope(
      await t.request({ method: 'GET', url: BASE, key: t.apiKey }),
      403,
      'FORBIDDEN',
    );
    assert.equal(forbidden.error.details.reason, 'admin_scope_required');
    const refused = await t.request({ method: 'POST', url: BASE, key: t.apiKey, payload: minimal });
    assertErrorEnvelope(refused, 403, 'FORBIDDEN');
  });
});
