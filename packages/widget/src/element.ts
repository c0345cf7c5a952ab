import { detailsForm, guestsFieldset, type GuestDetails, type Guests } from './booking-form.ts';
import { h } from './dom.ts';
import { createFormat, type Format } from './format.ts';
import { fill, messagesFor, type Messages } from './messages.ts';
import { monthTable } from './month-view.ts';
import { addMonths, firstDayOfWeek, localToday, monthOf, notBefore, pickDay, type Selection } from './month.ts';
import { createProxyApi, ProxyError, type Created, type MonthView, type ProxyApi, type Quote } from './proxy-api.ts';
import { STYLES } from './styles.ts';

/** What the page's `pay` hook receives for a card booking: it confirms the payment with `clientSecret`. */
export interface PaymentRequest {
  clientSecret: string;
  bookingId: number;
  bookingReference: string;
  /** The quoted total, in major units of `currency`. */
  amount: number;
  currency: string | null;
  email: string;
  name: string;
}

/** Resolves once the card payment is accepted; rejects (its Error's message is shown) when it is not. */
export type PayHook = (request: PaymentRequest) => Promise<unknown>;

interface Pending {
  created: Created & { client_secret: string };
  details: GuestDetails;
  total: number;
}

/** The refusals the widget words itself; any other shows the service's message. */
const REFUSALS = [
  'past_date',
  'min_stay',
  'max_stay',
  'max_guests',
  'dates_unavailable',
  'price_mismatch',
  'rate_limited',
  'draft_limit',
  'network',
] as const satisfies readonly (keyof Messages)[];
type Refusal = (typeof REFUSALS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `widget-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `<staydesk-booking endpoint="/staydesk" accommodation="1" currency="EUR" lang="de">`: a month
 * of free nights, a quote, the guest's details, a booking through the page's booking proxy, and
 * for a card the page's `pay` hook, then the confirmation (see docs/widget.md).
 */
export class StaydeskBooking extends HTMLElement {
  static readonly observedAttributes = ['endpoint', 'accommodation', 'currency', 'lang', 'month'];

  /** The page's card payment step; without it the widget offers bank transfer only. */
  pay: PayHook | null = null;
  /** Words to use instead of the built-in ones. */
  messages: Partial<Messages> = {};

  private readonly root = this.attachShadow({ mode: 'open' });
  private api!: ProxyApi;
  private t!: Messages;
  private f!: Format;
  private language = 'en';
  private firstDay = 1;
  private today = localToday();
  private shown = monthOf(this.today);
  private focusDay = this.today;
  private selection: Selection = { checkin: null, checkout: null };
  private guests: Guests = { adults: 2, children: 0, babies: 0 };
  private months = new Map<string, MonthView | 'loading'>();
  private quote: Quote | null = null;
  private quoteSeq = 0;
  private idempotencyKey: string | null = null;
  private pending: Pending | null = null;
  private busy = false;
  private ui!: {
    title: HTMLElement;
    sub: HTMLElement;
    previous: HTMLButtonElement;
    monthTitle: HTMLElement;
    table: HTMLElement;
    chosen: HTMLElement;
    breakdown: HTMLElement;
    live: HTMLElement;
    alert: HTMLElement;
    form: HTMLFormElement;
    submit: HTMLButtonElement;
    retry: HTMLButtonElement;
    done: HTMLElement;
    choose: HTMLElement;
  };

  connectedCallback(): void {
    this.build();
  }

  attributeChangedCallback(): void {
    if (this.isConnected && this.ui !== undefined) this.build();
  }

  private get accommodation(): number {
    return Number(this.getAttribute('accommodation'));
  }

  private get pollInterval(): number {
    return Number(this.getAttribute('poll-interval') ?? 2000);
  }

  private get pollAttempts(): number {
    return Number(this.getAttribute('poll-attempts') ?? 30);
  }

  private build(): void {
    this.language =
      this.getAttribute('lang') ??
      this.parentElement?.closest('[lang]')?.getAttribute('lang') ??
      (navigator.language || 'en');
    this.t = messagesFor(this.language, this.messages);
    this.f = createFormat(this.language, this.getAttribute('currency'), this.t);
    this.firstDay = firstDayOfWeek(this.language);
    this.api = createProxyApi(this.getAttribute('endpoint') ?? '');
    const start = this.getAttribute('month');
    this.today = localToday();
    this.shown =
      start !== null && /^\d{4}-\d{2}$/.test(start) && start > monthOf(this.today) ? start : monthOf(this.today);
    this.focusDay = this.shown === monthOf(this.today) ? this.today : `${this.shown}-01`;
    this.selection = { checkin: null, checkout: null };
    this.months.clear();
    this.quote = null;
    this.pending = null;
    const t = this.t;
    const nav = (label: string, step: number, text: string) =>
      h(
        'button',
        { type: 'button', class: 'act', 'aria-label': label, onclick: () => void this.showMonth(step) },
        text,
      );
    const { form, submit } = this.makeForm();
    const ui = {
      title: h('h2', {}, t.title),
      previous: nav(t.previousMonth, -1, '‹'),
      sub: h('p', { class: 'sub' }),
      monthTitle: h('h3', { id: 'month-title', 'aria-live': 'polite' }),
      table: h('div'),
      chosen: h('p', { class: 'help' }),
      breakdown: h('dl', { hidden: true }),
      live: h('p', { class: 'live', role: 'status' }),
      alert: h('p', { class: 'alert', role: 'alert' }),
      form,
      submit,
      retry: h(
        'button',
        { type: 'button', class: 'act primary', hidden: true, onclick: () => void this.payAndConfirm() },
        t.retryPay,
      ),
      done: h('div', { class: 'done', tabindex: -1, hidden: true }),
      choose: h('div'),
    };
    this.ui = ui;
    ui.choose.append(
      h('div', { class: 'nav' }, ui.previous, ui.monthTitle, nav(t.nextMonth, 1, '›')),
      ui.table,
      h('p', { id: 'month-help', class: 'help' }, t.calendarHelp),
      ui.chosen,
      guestsFieldset(t, this.guests, (guests) => {
        this.guests = guests;
        void this.requote();
      }),
      ui.breakdown,
    );
    const style = h('style', {}, STYLES);
    this.root.replaceChildren(
      style,
      h(
        'section',
        { class: 'box', 'aria-labelledby': 'title' },
        ui.title,
        ui.sub,
        ui.choose,
        ui.live,
        ui.alert,
        ui.form,
        ui.retry,
        ui.done,
      ),
    );
    ui.title.id = 'title';
    this.renderChosen();
    void this.showMonth(0);
  }

  private cardOffered = false;

  private makeForm(): { form: HTMLFormElement; submit: HTMLButtonElement } {
    this.cardOffered = this.pay !== null;
    const made = detailsForm(this.t, this.cardOffered, (details) => void this.book(details));
    made.form.hidden = true;
    return made;
  }

  /** The page may set `pay` after the element is on the page: the form offers a card once it has. */
  private refreshForm(): void {
    if (this.cardOffered === (this.pay !== null)) return;
    const { form, submit } = this.makeForm();
    this.ui.form.replaceWith(form);
    this.ui.form = form;
    this.ui.submit = submit;
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  private say(text: string): void {
    this.ui.live.textContent = text;
  }

  private fail(error: unknown): void {
    const e = error instanceof ProxyError ? error : new ProxyError(0, 'network', String(error), {});
    const known = (REFUSALS as readonly string[]).includes(e.reason) ? this.t[e.reason as Refusal] : null;
    const view = this.months.get(this.shown);
    const limits = view !== undefined && view !== 'loading' ? view : null;
    const n =
      e.reason === 'min_stay'
        ? limits?.min_stay
        : e.reason === 'max_stay'
          ? limits?.max_stay
          : e.reason === 'max_guests'
            ? this.quote?.restrictions?.max_guests
            : undefined;
    const usable = known !== null && (!known.includes('{n}') || n !== undefined);
    this.ui.alert.textContent = usable ? fill(known, { n: n ?? '' }) : fill(this.t.generic, { message: e.message });
    this.emit('staydesk-error', { status: e.status, reason: e.reason, message: e.message });
  }

  private clearAlert(): void {
    this.ui.alert.textContent = '';
  }

  private isTaken = (night: string): boolean => {
    const view = this.months.get(monthOf(night));
    return view !== undefined && view !== 'loading' && view.taken_nights.includes(night);
  };

  private async showMonth(step: number): Promise<void> {
    if (step !== 0) {
      this.shown = addMonths(this.shown, step);
      this.focusDay = this.shown === monthOf(this.today) ? this.today : `${this.shown}-01`;
    }
    // Months before this one have no night to book.
    this.ui.previous.disabled = this.shown <= monthOf(this.today);
    this.renderMonth(false);
    const month = this.shown;
    if (this.months.has(month)) return;
    this.months.set(month, 'loading');
    try {
      const view = await this.api.month(this.accommodation, month);
      this.months.set(month, view);
      this.ui.sub.textContent = view.accommodation_name;
    } catch (error) {
      this.months.delete(month);
      this.fail(error);
    }
    if (this.shown === month) this.renderMonth(false);
  }

  private renderMonth(focus: boolean): void {
    const hadFocus = focus || this.root.activeElement?.classList.contains('day') === true;
    const view = this.months.get(this.shown);
    // The heading is a live region: written only when the month changes, so moves and picks do not repeat it.
    const title = this.f.month(this.shown);
    if (this.ui.monthTitle.textContent !== title) this.ui.monthTitle.textContent = title;
    const table = monthTable(
      {
        month: this.shown,
        focusDay: this.focusDay,
        selection: this.selection,
        firstDay: this.firstDay,
        loading: view === undefined || view === 'loading',
        dayState: (day) => {
          const v = this.months.get(monthOf(day));
          return {
            past: day < this.today,
            loading: v === undefined || v === 'loading',
            taken: this.isTaken(day),
            price: v !== undefined && v !== 'loading' ? v.daily_prices[day] : undefined,
          };
        },
      },
      this.t,
      this.f,
      (moved) => {
        // As the previous-month button, keys stop at today.
        const day = notBefore(moved, this.today);
        this.focusDay = day;
        if (monthOf(day) !== this.shown) {
          this.shown = monthOf(day);
          void this.showMonth(0);
        }
        this.renderMonth(true);
      },
      (day) => {
        this.focusDay = day;
        this.pick(day);
      },
    );
    this.ui.table.replaceChildren(table);
    if (hadFocus) table.querySelector<HTMLButtonElement>(`[data-day="${this.focusDay}"]`)?.focus();
  }

  private pick(day: string): void {
    if (this.busy || this.pending !== null) return;
    // Until its month has arrived, a day's night may be taken: it cannot be chosen yet.
    const view = this.months.get(monthOf(day));
    if (view === undefined || view === 'loading') return;
    this.clearAlert();
    const result = pickDay(this.selection, day, this.today, this.isTaken);
    if (result.kind === 'refused') {
      this.ui.alert.textContent =
        result.why === 'past' ? this.t.past_date : result.why === 'taken' ? this.t.taken_night : this.t.blocked_range;
      this.renderMonth(true);
      return;
    }
    this.selection = result.selection;
    this.renderMonth(true);
    this.renderChosen();
    void this.requote();
  }

  private renderChosen(): void {
    const { checkin, checkout } = this.selection;
    const t = this.t;
    this.ui.chosen.textContent =
      checkin === null
        ? t.chooseArrival
        : checkout === null
          ? fill(t.chooseDeparture, { date: this.f.shortDate(checkin) })
          : `${t.arrival}: ${this.f.shortDate(checkin)} · ${t.departure}: ${this.f.shortDate(checkout)}`;
  }

  private async requote(): Promise<void> {
    const { checkin, checkout } = this.selection;
    this.quote = null;
    this.idempotencyKey = null;
    this.ui.breakdown.hidden = true;
    this.ui.form.hidden = true;
    if (checkin === null || checkout === null) {
      this.say(checkin === null ? '' : this.ui.chosen.textContent);
      return;
    }
    const seq = ++this.quoteSeq;
    this.say(this.t.quoting);
    this.clearAlert();
    try {
      const quote = await this.api.quote({
        accommodation_id: this.accommodation,
        checkin,
        checkout,
        guest_count: this.guests.adults + this.guests.children,
      });
      if (seq !== this.quoteSeq) return;
      this.quote = quote;
      if (!quote.available || quote.pricing === null) {
        this.say('');
        this.ui.alert.textContent = this.t.unavailable;
        return;
      }
      this.showQuote(quote);
      this.emit('staydesk-quote', {
        checkin,
        checkout,
        nights: quote.nights,
        guests: { ...this.guests },
        pricing: quote.pricing,
      });
    } catch (error) {
      if (seq !== this.quoteSeq) return;
      this.say('');
      this.fail(error);
    }
  }

  private showQuote(quote: Quote): void {
    const p = quote.pricing;
    if (p === null) return;
    const { t, f } = this;
    const rows: [string, string, boolean][] = [[`${t.stay} (${f.nights(quote.nights)})`, f.money(p.base_price), false]];
    for (const [name, rate] of Object.entries(p.discounts))
      rows.push([`${t.discount} (${name}, ${f.percent(rate)})`, `−${f.percent(rate)}`, false]);
    for (const [name, amount] of Object.entries(p.extras)) rows.push([name, f.money(amount), false]);
    if (p.cleaning_fee > 0) rows.push([t.cleaningFee, f.money(p.cleaning_fee), false]);
    if (p.tax > 0) rows.push([t.tax, f.money(p.tax), false]);
    rows.push([t.total, f.money(p.total), true]);
    this.ui.breakdown.replaceChildren(
      ...rows.flatMap(([term, value, sum]) => [
        h('dt', { class: sum ? 'sum' : null }, term),
        h('dd', { class: sum ? 'sum' : null }, value),
      ]),
    );
    this.ui.breakdown.hidden = false;
    this.say(`${f.nights(quote.nights)}: ${t.total} ${f.money(p.total)}`);
    this.refreshForm();
    this.ui.submit.textContent = fill(t.book, { total: f.money(p.total) });
    this.ui.form.hidden = false;
  }

  private async book(details: GuestDetails): Promise<void> {
    const { checkin, checkout } = this.selection;
    const total = this.quote?.pricing?.total;
    if (this.busy || checkin === null || checkout === null || total === undefined) return;
    if (details.method === 'card_processor' && this.pay === null) return;
    this.busy = true;
    this.ui.submit.disabled = true;
    this.clearAlert();
    this.say(this.t.booking);
    this.idempotencyKey ??= randomKey();
    try {
      const created = await this.api.book({
        accommodation_id: this.accommodation,
        partner_data: {
          first_name: details.first_name,
          last_name: details.last_name,
          email: details.email,
          ...(details.phone === '' ? {} : { phone: details.phone }),
        },
        booking_data: {
          checkin_date: checkin,
          checkout_date: checkout,
          adults_count: this.guests.adults,
          children_count: this.guests.children,
          babies_count: this.guests.babies,
          payment_method: details.method,
          expected_amount: total,
          idempotency_key: this.idempotencyKey,
          ...(details.notes === '' ? {} : { guest_notes: details.notes }),
        },
      });
      this.emit('staydesk-booked', { ...created });
      if (typeof created.client_secret === 'string') {
        this.pending = { created: { ...created, client_secret: created.client_secret }, details, total };
        this.ui.form.hidden = true;
        await this.payAndConfirm();
      } else {
        this.finish(fill(this.t.confirmedBank, { ref: created.booking_reference, email: details.email }), created);
      }
    } catch (error) {
      this.say('');
      this.fail(error);
      if (error instanceof ProxyError && (error.reason === 'dates_unavailable' || error.reason === 'price_mismatch')) {
        this.months.clear();
        void this.showMonth(0);
        void this.requote();
      }
    } finally {
      this.busy = false;
      this.ui.submit.disabled = false;
    }
  }

  private async payAndConfirm(): Promise<void> {
    const pending = this.pending;
    if (pending === null || this.pay === null) return;
    const { created, details, total } = pending;
    this.ui.retry.hidden = true;
    this.clearAlert();
    this.say(this.t.paying);
    try {
      await this.pay({
        clientSecret: created.client_secret,
        bookingId: created.booking_id,
        bookingReference: created.booking_reference,
        amount: total,
        currency: this.getAttribute('currency'),
        email: details.email,
        name: `${details.first_name} ${details.last_name}`,
      });
    } catch (error) {
      this.say('');
      this.ui.alert.textContent = fill(this.t.payFailed, {
        message: error instanceof Error ? error.message : String(error),
      });
      this.emit('staydesk-error', { status: 402, reason: 'payment_failed', message: String(error) });
      this.ui.retry.hidden = false;
      return;
    }
    this.say(this.t.confirming);
    for (let attempt = 1; attempt <= this.pollAttempts; attempt++) {
      try {
        const booking = await this.api.follow(created.booking_id, created.status_token);
        if (booking.booking_status === 'confirmed' || booking.booking_status === 'modified') {
          this.finish(fill(this.t.confirmed, { ref: created.booking_reference, email: details.email }), created);
          this.emit('staydesk-confirmed', { ...booking });
          return;
        }
        if (booking.booking_status === 'cancelled') {
          this.pending = null;
          this.say('');
          this.ui.alert.textContent = this.t.cancelled;
          return;
        }
      } catch {
        // A missed look is retried at the next attempt.
      }
      if (attempt < this.pollAttempts) await sleep(this.pollInterval);
    }
    this.finish(fill(this.t.stillConfirming, { ref: created.booking_reference, email: details.email }), created);
  }

  private finish(text: string, created: Created): void {
    const { checkin, checkout } = this.selection;
    this.pending = null;
    this.say('');
    this.ui.choose.hidden = true;
    this.ui.form.hidden = true;
    this.ui.retry.hidden = true;
    this.ui.form.reset();
    this.ui.done.replaceChildren(
      h('p', {}, text),
      h(
        'button',
        {
          type: 'button',
          class: 'act',
          onclick: () => {
            this.again();
          },
        },
        this.t.again,
      ),
    );
    this.ui.done.dataset.reference = created.booking_reference;
    this.ui.done.hidden = false;
    this.ui.done.focus();
    if (checkin !== null) this.months.delete(monthOf(checkin));
    if (checkout !== null) this.months.delete(monthOf(checkout));
  }

  private again(): void {
    this.ui.done.hidden = true;
    this.ui.choose.hidden = false;
    this.selection = { checkin: null, checkout: null };
    this.quote = null;
    this.ui.breakdown.hidden = true;
    this.renderChosen();
    void this.showMonth(0);
    this.root.querySelector<HTMLButtonElement>('.day[tabindex="0"]')?.focus();
  }
}
