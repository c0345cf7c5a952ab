import type { ErrorReason, ReasonFor } from './error-reasons.ts';

/**
 * The one error type of the service. Domain code throws AppError with a name from the closed
 * set below; the error handler (error-handler.ts) is the only place that turns it into HTTP.
 */

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorName = keyof typeof ERROR_STATUS;

/** `details` of a bad parameter, as docs/api.md#errors names them. */
export interface ErrorDetails {
  parameter?: string;
  field?: string;
  expected?: unknown;
  received?: unknown;
  reason?: ErrorReason;
  [key: string]: unknown;
}

export class AppError extends Error {
  override readonly name: ErrorName;
  readonly status: number;
  readonly details: ErrorDetails;
  /** Extra top-level body fields some endpoints owe their callers (e.g. webhooks' `updated: false`). */
  readonly bodyExtras: Readonly<Record<string, unknown>>;

  /** `status` differs from the name's own only for a 503, which has no name in the closed set. */
  constructor(
    name: ErrorName,
    message: string,
    details: ErrorDetails = {},
    bodyExtras: Record<string, unknown> = {},
    status: number = ERROR_STATUS[name],
  ) {
    super(message);
    this.name = name;
    this.status = status;
    this.details = details;
    this.bodyExtras = bodyExtras;
  }

  withBody(extras: Record<string, unknown>): AppError {
    return new AppError(this.name, this.message, this.details, { ...this.bodyExtras, ...extras }, this.status);
  }

  /** The same error in the plain envelope, for endpoints that owe their callers no extra fields. */
  plain(): AppError {
    return new AppError(this.name, this.message, this.details, {}, this.status);
  }
}

/** `details` besides the reason, which the factories take first. */
export type DetailsWithoutReason = Omit<ErrorDetails, 'reason'> & { reason?: never };

/** The factory of one status: it accepts only a reason the table lists for that status. */
function factory<N extends ErrorName>(name: N) {
  return (reason: ReasonFor<(typeof ERROR_STATUS)[N]>, message: string, details: DetailsWithoutReason = {}): AppError =>
    new AppError(name, message, { ...details, reason });
}

// One factory per status, so `details.reason` is always a word of src/http/error-reasons.ts (and
// of docs/api.md#error-reasons) that belongs to the answer's status.
export const badRequest = factory('BAD_REQUEST');
export const unauthorized = factory('UNAUTHORIZED');
export const forbidden = factory('FORBIDDEN');
export const notFound = factory('NOT_FOUND');
export const conflict = factory('CONFLICT');
export const payloadTooLarge = factory('PAYLOAD_TOO_LARGE');
export const tooManyRequests = factory('TOO_MANY_REQUESTS');
/**
 * A 503 (the store is away, the server is stopping: retry, nothing was done). The spec's closed
 * set of names (docs/api.md#errors) has none for it, so it is named INTERNAL_ERROR with code 503.
 */
export const serviceUnavailable = (
  reason: ReasonFor<503>,
  message: string,
  details: DetailsWithoutReason = {},
): AppError => new AppError('INTERNAL_ERROR', message, { ...details, reason }, {}, 503);
/** A 500 says nothing of internals, so it carries no reason. */
export const internalError = (message: string): AppError => new AppError('INTERNAL_ERROR', message);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Rebuilds an error that was answered once and remembered (a webhook delivery's first answer,
 * given again to a repeat of the same bytes): its reason was checked when it was first made.
 */
export function rememberedError(
  name: ErrorName,
  message: string,
  details: ErrorDetails,
  extras: Record<string, unknown>,
): AppError {
  return new AppError(name, message, details, extras);
}
