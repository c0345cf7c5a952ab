import type { Booking, ErrorReason } from './types.ts';

interface ErrorInit {
  status: number;
  message: string;
  reason?: ErrorReason | undefined;
  details?: Record<string, unknown>;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
}

/**
 * An error answer of the service: its HTTP status, `details.reason` and the request id to quote.
 * The answers whose details say more have a subclass of their own (InvalidRequestError,
 * DatesUnavailableError, PriceMismatchError, ...); every one is a StaydeskError.
 */
export class StaydeskError extends Error {
  override readonly name: string = 'StaydeskError';
  readonly status: number;
  /** `details.reason`; absent on a 500 or an answer that was not the service's JSON. */
  readonly reason: ErrorReason | undefined;
  readonly details: Record<string, unknown>;
  readonly requestId: string | undefined;
  /** Seconds, from the Retry-After header (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(init: ErrorInit) {
    super(init.message);
    this.status = init.status;
    this.reason = init.reason;
    this.details = init.details ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A 400: the request itself is wrong; `parameter` names the field, `expected` what it takes. */
export class InvalidRequestError extends StaydeskError {
  override readonly name: string = 'InvalidRequestError';
  /** The field or parameter at fault, as a dotted path (`booking_data.checkin_date`), when one is. */
  readonly parameter: string | undefined;
  /** What the field takes (a type, a list of values, a rule), when the service says. */
  readonly expected: unknown;
  /** What was sent there, as the service echoes it. */
  readonly received: unknown;
  constructor(init: ErrorInit) {
    super(init);
    this.parameter = text(this.details.parameter) ?? text(this.details.field);
    this.expected = this.details.expected;
    this.received = this.details.received;
  }
}

/** A 401 or 403: the API key is missing, unknown, revoked or not allowed here. */
export class AuthenticationError extends StaydeskError {
  override readonly name: string = 'AuthenticationError';
}

/** A 404: no such booking, accommodation, endpoint or route (or not one this key may see). */
export class NotFoundError extends StaydeskError {
  override readonly name: string = 'NotFoundError';
}

/** A 409 `dates_unavailable`: a night of the stay is taken; `night` is the first one. */
export class DatesUnavailableError extends StaydeskError {
  override readonly name: string = 'DatesUnavailableError';
  /** The first taken night (`YYYY-MM-DD`); null when a race was lost to a booking not yet readable. */
  readonly night: string | null;
  constructor(init: ErrorInit) {
    super(init);
    this.night = text(this.details.conflicting_night) ?? text(this.details.night) ?? null;
  }
}

/** A 409 `price_mismatch`: the amount sent is not the price of the stay, which is `expected`. */
export class PriceMismatchError extends StaydeskError {
  override readonly name: string = 'PriceMismatchError';
  /** The price of the stay now, in major units. */
  readonly expected: number | undefined;
  readonly received: unknown;
  constructor(init: ErrorInit) {
    super(init);
    this.expected = typeof this.details.expected === 'number' ? this.details.expected : undefined;
    this.received = this.details.received;
  }
}

/** A 409 `idempotency_key_reused`: the key was sent before with another body. */
export class IdempotencyConflictError extends StaydeskError {
  override readonly name: string = 'IdempotencyConflictError';
}

/** A 409 with another reason (`booking_not_draft`, `endpoint_limit`, ...): the state forbids it. */
export class ConflictError extends StaydeskError {
  override readonly name: string = 'ConflictError';
}

/** A 429 `rate_limited`: too many requests; `retryAfter` says when to come back (the client retries). */
export class RateLimitedError extends StaydeskError {
  override readonly name: string = 'RateLimitedError';
}

/**
 * A 429 `draft_limit`: the key holds as many card drafts as it may; `retryAfter` is when the
 * first hold ends. Never retried: release a draft (`cancelDraft`).
 */
export class DraftLimitError extends StaydeskError {
  override readonly name: string = 'DraftLimitError';
}

/** A 503 (`store_unavailable`, `shutting_down`, `outcome_unknown`): nothing was done, or it is unknown. */
export class ServiceUnavailableError extends StaydeskError {
  override readonly name: string = 'ServiceUnavailableError';
}

/** The error of an error answer: the subclass its status and reason have, else a StaydeskError. */
export function errorFor(init: ErrorInit): StaydeskError {
  switch (init.status) {
    case 400:
      return new InvalidRequestError(init);
    case 401:
    case 403:
      return new AuthenticationError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      if (init.reason === 'dates_unavailable') return new DatesUnavailableError(init);
      if (init.reason === 'price_mismatch') return new PriceMismatchError(init);
      if (init.reason === 'idempotency_key_reused') return new IdempotencyConflictError(init);
      return new ConflictError(init);
    case 429:
      return init.reason === 'draft_limit' ? new DraftLimitError(init) : new RateLimitedError(init);
    case 503:
      return new ServiceUnavailableError(init);
    default:
      return new StaydeskError(init);
  }
}

/**
 * No answer came from the service: the connection was refused or reset, or the request took
 * longer than `timeoutMs`, on every attempt. `cause` is the last attempt's error. Whether a
 * booking sent this way was made is unknown: send it again with the same idempotency key.
 */
export class StaydeskNetworkError extends Error {
  override readonly name = 'StaydeskNetworkError';
  /** The last attempt timed out (rather than being refused or cut). */
  readonly timedOut: boolean;
  readonly attempts: number;
  constructor(init: { message: string; cause: unknown; timedOut: boolean; attempts: number }) {
    super(init.message, { cause: init.cause });
    this.timedOut = init.timedOut;
    this.attempts = init.attempts;
  }
}

/** `waitForConfirmation` ran out of attempts; `booking` is the last answer. */
export class ConfirmationTimeoutError extends Error {
  override readonly name = 'ConfirmationTimeoutError';
  readonly booking: Booking | undefined;
  constructor(booking: Booking | undefined) {
    super(`Booking ${booking?.id ?? ''} was not confirmed in time (last status: ${booking?.status ?? 'unknown'}).`);
    this.booking = booking;
  }
}

/** The booking was cancelled for a reason after which no payment confirms it. */
export class BookingCancelledError extends Error {
  override readonly name = 'BookingCancelledError';
  readonly booking: Booking;
  constructor(booking: Booking) {
    super(`Booking ${booking.id} was cancelled${booking.cancel_reason ? ` (${booking.cancel_reason})` : ''}.`);
    this.booking = booking;
  }
}

/** Why `verifyEvent` refused a request. */
export type WebhookVerificationReason = 'missing_header' | 'stale_timestamp' | 'invalid_signature' | 'invalid_body';

/** A pushed event whose headers, signature, timestamp or body does not check out: answer 400 or 401. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
