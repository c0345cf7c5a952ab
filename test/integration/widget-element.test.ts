import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, test } from 'node:test';
import {
  Window,
  type HTMLButtonElement,
  type HTMLElement as DomElement,
  type HTMLInputElement,
  type HTMLTextAreaElement,
  type ShadowRoot,
} from 'happy-dom';
import { createClient, type StaydeskClient } from '../../packages/client/src/index.ts';
import { createBookingProxy } from '../../packages/client/src/proxy.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { bookingBody, makeAccommodation } from '../support/factories.ts';
import { injectFetch } from '../support/inject-fetch.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { eventually } from '../support/timeouts.ts';

// The booking widget's element, <staydesk-booking> (packages/widget/src), in a happy-dom
// document instead of a browser: its `endpoint` is a real booking proxy of @staydesk/client
// mounted on a local HTTP server, over the in-process app. A guest sees the month with its taken
// nights, chooses nights and gets the quote, gives their details and books by bank transfer; a
// one-night stay is refused in the widget's words, and `lang` switches them. The card flow and
// the page's look are test/browser/partner-site.test.ts's.

/**
 * The widget, imported by its URL: its source is typed against the browser's DOM and checked by
 * `tsc -p packages/widget`; here it runs in happy-dom's.
 */
const WIDGET = new URL('../../packages/widget/src/index.ts', import.meta.url).href;
/**
 * The page's globals the widget uses, happy-dom's while the file runs. `fetch` stays Node's: the
 * widget's calls go over HTTP to the proxy's server, as a page's do.
 */
const PAGE_GLOBALS = ['document', 'customElements', 'HTMLElement', 'CustomEvent', 'FormData'] as const;

let t: TestApp;
let client: StaydeskClient;
let place: Accommodation;
let site: Server;
let endpoint: string;
const window = new Window({ url: 'http://partner.test/' });
const saved = new Map<string, PropertyDescriptor | undefined>();

/** The booking proxy on a node:http server, as a partner's site mounts it: Request in, Response out. */
async function serveProxy(proxy: ReturnType<typeof createBookingProxy>): Promise<Server> {
  const toRequest = async (req: IncomingMessage, origin: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'GET' ? undefined : Buffer.concat(chunks);
    return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers, body });
  };
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await proxy(await toRequest(req, 'http://127.0.0.1'), { address: req.socket.remoteAddress });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

before(async () => {
  t = await createTestApp();
  client = createClient({ baseUrl: 'http://staydesk.test', apiKey: t.apiKey, fetch: injectFetch(t.app) });
  place = await makeAccommodation(t.ctx.db, {
    name: 'Widget House',
    base_price: 8000,
    cleaning_fee: 2500,
    tax_rate_ppm: 0,
    min_stay: 2,
  });
  site = await serveProxy(createBookingProxy({ client }));
  endpoint = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}/staydesk`;
  for (const name of PAGE_GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
  window.document.documentElement.setAttribute('lang', 'en');
  await import(WIDGET);
});
after(async () => {
  for (const [name, descriptor] of saved) {
    if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.defineProperty(globalThis, name, descriptor);
  }
  await window.happyDOM.close();
  site.closeAllConnections();
  site.close();
  await t.close();
});

/** A month whose every day is ahead, whatever today is, and its days. */
const month = (() => {
  const [y, m] = todayIn('UTC').split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + 1, 1)).toISOString().slice(0, 7);
})();
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
const text = (node: { textContent: string | null } | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A widget on the page for the test house, in `month` (afterEach takes it off the page). */
function mount(attributes: Record<string, string> = {}): { element: DomElement; root: ShadowRoot } {
  const element = window.document.createElement('staydesk-booking');
  const all = { endpoint, accommodation: String(place.id), currency: 'EUR', month, ...attributes };
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value);
  window.document.body.append(element);
  const root = element.shadowRoot;
  assert.ok(root, 'the element renders into an open shadow root');
  return { element, root };
}

/** Resolves once `check` holds on the widget's shadow tree, looking again at each change of it. */
function seen<T>(root: ShadowRoot, what: string, check: () => T | null | undefined | false): Promise<T> {
  return eventually(
    what,
    new Promise<T>((resolve) => {
      const look = () => {
        const found = check();
        if (!found) return false;
        observer.disconnect();
        resolve(found);
        return true;
      };
      const observer = new window.MutationObserver(() => void look());
      if (!look()) observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    }),
  );
}

const dayButton = (root: ShadowRoot, iso: string) => root.querySelector<HTMLButtonElement>(`button[data-day="${iso}"]`);
/** Clicks a day once its month's nights have arrived (before that, it cannot be chosen). */
async function pick(root: ShadowRoot, iso: string): Promise<void> {
  const button = await seen(
    root,
    `${iso} known`,
    () => root.querySelector(`table[aria-busy="false"]`) && dayButton(root, iso),
  );
  button.click();
}
/**
 * The `detail` of the next `type` event the element sends; a `staydesk-error` before it fails
 * the wait at once, with what the widget reported.
 */
function nextEvent<T = unknown>(element: DomElement, type: string): Promise<T> {
  const detail = (event: unknown): unknown => (event instanceof window.CustomEvent ? event.detail : null);
  return eventually(
    type,
    new Promise<T>((resolve, reject) => {
      const refused = (event: unknown) => {
        reject(new Error(JSON.stringify(detail(event))));
      };
      element.addEventListener(type, (event) => {
        resolve(detail(event) as T);
      });
      if (type !== 'staydesk-error') element.addEventListener('staydesk-error', refused);
    }),
  );
}
const status = (root: ShadowRoot) => text(root.querySelector('[role="status"]'));
const alert = (root: ShadowRoot) => text(root.querySelector('[role="alert"]'));

describe(`<staydesk-booking> in happy-dom over a real booking proxy (${testStoreKind})`, () => {
  afterEach(() => {
    window.document.body.replaceChildren();
  });

  test('the month view marks taken nights and prices the free ones', async () => {
    const made = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(place.id, { checkin: day(20), checkout: day(23) }, { booking: { expected_amount: 265 } }),
    });
    assert.equal(made.statusCode, 200, made.body);
    const { root } = mount();
    await seen(root, 'the month loaded', () => root.querySelector('table[aria-busy="false"]'));
    assert.equal(text(root.querySelector('h2')), 'Book your stay');
    assert.equal(text(root.querySelector('.sub')), 'Widget House');
    const expectedTitle = new Intl.DateTimeFormat('en', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    assert.equal(text(root.querySelector('#month-title')), expectedTitle.format(new Date(`${month}-01T00:00:00Z`)));
    const taken = [...root.querySelectorAll('button.day.taken')].map((b) => b.getAttribute('data-day'));
    assert.deepEqual(taken, [day(20), day(21), day(22)]);
    assert.match(text(dayButton(root, day(21))?.querySelector('.sr') ?? null), /not available/);
    // The departure day of the stay is free again, priced as every free night.
    assert.match(String(dayButton(root, day(23))?.getAttribute('class')), /\bfree\b/);
    assert.equal(text(dayButton(root, day(23))?.querySelector('.price') ?? null), '€80');
    assert.equal(dayButton(root, day(21))?.querySelector('.price'), null);
  });

  test('a guest chooses three nights, sees the quote and books by bank transfer through the proxy', async () => {
    const { element, root } = mount();
    await pick(root, day(5));
    assert.equal(dayButton(root, day(5))?.getAttribute('aria-pressed'), 'true');
    assert.match(text(root.querySelector('p.help:not(#month-help)')), /^Arrival .*\. Now choose your departure day\.$/);
    const quoted = nextEvent(element, 'staydesk-quote');
    await pick(root, day(8));
    await quoted;
    await seen(root, 'the quote', () => status(root).includes('€265.00'));
    assert.equal(status(root), '3 nights: Total €265.00');
    const breakdown = [...root.querySelectorAll('dl dt, dl dd')].map((node) => text(node));
    assert.deepEqual(breakdown, ['Stay (3 nights)', '€240.00', 'Cleaning fee', '€25.00', 'Total', '€265.00']);

    // The guest's details form, offering bank transfer only (the page set no card payment hook).
    const form = root.querySelector('form');
    assert.ok(form && !form.hidden, 'the details form is shown with the quote');
    const labels = [...form.querySelectorAll('label')].map((label) => text(label));
    assert.deepEqual(labels, [
      'First name',
      'Last name',
      'E-mail',
      'Phone (optional)',
      'Message for the host (optional)',
      'Bank transfer',
    ]);
    const fill = (id: string, value: string) => {
      const input = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${id}`);
      assert.ok(input, id);
      input.value = value;
    };
    fill('guest-first', 'Mia');
    fill('guest-last', 'Widget');
    fill('guest-email', 'mia@example.com');
    fill('guest-notes', 'Arriving late');
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    assert.equal(text(submit), 'Book for €265.00');
    const booked = nextEvent<{ booking_id: number }>(element, 'staydesk-booked');
    submit?.click();
    const { booking_id } = await booked;
    const done = await seen(root, 'the confirmation', () => {
      const shown = root.querySelector<DomElement>('.done');
      return shown !== null && !shown.hidden && shown;
    });
    const reference = done.getAttribute('data-reference') ?? '';
    assert.equal(
      text(done.querySelector('p')),
      `Your stay is booked. Reference: ${reference}. A confirmation with the bank details is on its way to mia@example.com.`,
    );

    // The booking is at Staydesk, as the guest gave it.
    const booking = await client.getBooking(booking_id);
    assert.equal(booking.booking_reference, reference);
    assert.deepEqual(
      [booking.checkin_date, booking.checkout_date, booking.payment_method, booking.total_amount],
      [day(5), day(8), 'bank_transfer', 265],
    );

    // Booking another stay: the month again, the nights just booked now taken.
    done.querySelector('button')?.click();
    await seen(root, 'the booked nights taken', () => dayButton(root, day(7))?.classList.contains('taken'));
    assert.deepEqual(
      [day(5), day(6), day(7), day(8)].map((d) => dayButton(root, d)?.classList.contains('taken')),
      [true, true, true, false],
    );
  });

  test('a stay under the minimum is refused in the widget’s words, and no booking is offered', async () => {
    const { element, root } = mount();
    const refused = nextEvent<{ reason: string; status: number }>(element, 'staydesk-error');
    await pick(root, day(12));
    await pick(root, day(13));
    const refusal = await refused;
    assert.deepEqual([refusal.status, refusal.reason], [400, 'min_stay']);
    await seen(root, 'the refusal', () => alert(root));
    assert.equal(alert(root), 'The shortest stay here is 2 nights.');
    assert.equal(root.querySelector('form')?.hidden, true);
  });

  test('the lang attribute switches the words, the dates and the amounts', async () => {
    const { element, root } = mount();
    await seen(root, 'the month loaded', () => root.querySelector('table[aria-busy="false"]'));
    assert.equal(text(root.querySelector('h2')), 'Book your stay');
    element.setAttribute('lang', 'de');
    assert.equal(text(root.querySelector('h2')), 'Ihren Aufenthalt buchen');
    assert.equal(
      root.querySelector('.nav button:last-child')?.getAttribute('aria-label'),
      'Nächster Monat',
      'the month navigation is German',
    );
    const germanMonth = new Intl.DateTimeFormat('de', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    assert.equal(text(root.querySelector('#month-title')), germanMonth.format(new Date(`${month}-01T00:00:00Z`)));
    await pick(root, day(12));
    await pick(root, day(13));
    await seen(root, 'the German refusal', () => alert(root));
    assert.equal(alert(root), 'Der kürzeste Aufenthalt hier beträgt 2 Nächte.');
    await pick(root, day(12));
    await pick(root, day(15));
    await seen(root, 'the German quote', () => status(root).includes('Gesamt'));
    assert.equal(status(root), '3 Nächte: Gesamt 265,00 €');
    element.setAttribute('lang', 'fr');
    assert.equal(text(root.querySelector('h2')), 'Réserver votre séjour');
    await seen(root, 'the month in French', () => root.querySelector('table[aria-busy="false"]'));
    assert.equal(text(dayButton(root, day(16))?.querySelector('.price') ?? null), '80 €');
  });
});
