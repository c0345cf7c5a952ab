import type { Booking, ErrorReason } from './types.ts';

/** An error answer of the service: its HTTP status, `details.reason` and the request id to quote. */
export class StaydeskError extends Error {
  override readonly name = 'StaydeskError';
  readonly status: number;
  /** `details.reason`; absent on a 500 or an answer that was not the service's JSON. */
  readonly reason: ErrorReason | undefined;
  readonly details: Record<string, unknown>;
  readonly requestId: string | undefined;
  /** Seconds, from the Retry-After header (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    reason?: ErrorReason | undefined;
    details?: Record<string, unknown>;
    requestId?: string | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.reason = init.reason;
    this.details = init.details ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
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

/** An outbound event whose signature, id or timestamp does not check out. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}
