/**
 * The widget's calls to the booking proxy of `@staydesk/client/proxy`, mounted by the page's own
 * server at `endpoint`: the browser never talks to Staydesk, and never holds its key.
 */

export interface MonthView {
  accommodation_id: number;
  accommodation_name: string;
  month: number;
  year: number;
  taken_nights: string[];
  daily_prices: Record<string, number>;
  min_stay: number;
  max_stay: number;
}

export interface Pricing {
  base_price: number;
  avg_price_per_night: number;
  cleaning_fee: number;
  tax: number;
  extras: Record<string, number>;
  discounts: Record<string, number>;
  total: number;
}

export interface Quote {
  available: boolean;
  nights: number;
  pricing: Pricing | null;
  restrictions: { min_stay: number; max_stay: number; max_guests: number } | null;
  message: string;
}

export interface Created {
  booking_id: number;
  booking_reference: string;
  /** What the proxy asks for, with the id, to tell this booking's status (and only this one's). */
  status_token: string;
  /** Present for a card booking: what the page's `pay` hook confirms the payment with. */
  client_secret?: string | null;
  status?: string;
}

export interface Followed {
  booking_id: number;
  booking_reference: string;
  booking_status: string;
  total_amount: number;
  currency: string;
}

/** A refusal from the proxy or the service: `reason` is the service's `details.reason`. */
export class ProxyError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly details: Record<string, unknown>;
  constructor(status: number, reason: string, message: string, details: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.details = details;
  }
}

async function call<T>(url: string, method: 'GET' | 'POST', body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ProxyError(0, 'network', 'The booking service cannot be reached.', {});
  }
  const data = (await res.json().catch(() => null)) as
    (T & { error?: { message?: string; details?: Record<string, unknown> } }) | null;
  if (res.ok && data !== null) return data;
  const details = data?.error?.details ?? {};
  const reason = typeof details.reason === 'string' ? details.reason : res.status >= 500 ? 'network' : 'invalid';
  throw new ProxyError(res.status, reason, data?.error?.message ?? `HTTP ${res.status}`, details);
}

export function createProxyApi(endpoint: string) {
  const base = endpoint.replace(/\/+$/, '');
  return {
    month: (accommodation_id: number, month: string) => {
      const [year, m] = month.split('-').map(Number);
      return call<MonthView>(`${base}/calendar`, 'POST', { accommodation_id, month: m, year });
    },
    quote: (body: { accommodation_id: number; checkin: string; checkout: string; guest_count: number }) =>
      call<Quote>(`${base}/availability`, 'POST', body),
    book: (body: unknown) => call<Created>(`${base}/bookings`, 'POST', body),
    /** A booking's status: the token its creation answered goes with its id, as the proxy asks. */
    follow: (id: number, token: string) =>
      call<Followed>(`${base}/bookings/${id}?token=${encodeURIComponent(token)}`, 'GET'),
  };
}

export type ProxyApi = ReturnType<typeof createProxyApi>;
