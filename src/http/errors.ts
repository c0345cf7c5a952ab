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
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorName = keyof typeof ERROR_STATUS;

/** `details` of a bad parameter, as api-v1.md section 7 names them. */
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

  constructor(name: ErrorName, message: string, details: ErrorDetails = {}, bodyExtras: Record<string, unknown> = {}) {
    super(message);
    this.name = name;
    this.status = ERROR_STATUS[name];
    this.details = details;
    this.bodyExtras = bodyExtras;
  }

  withBody(extras: Record<string, unknown>): AppError {
    return new AppError(this.name, this.message, this.details, { ...this.bodyExtras, ...extras });
  }
}

/** `details` besides the reason, which the factories take first. */
export type DetailsWithoutReason = Omit<ErrorDetails, 'reason'> & { reason?: never };

function withReason(name: ErrorName, reason: ErrorReason, message: string, details: DetailsWithoutReason): AppError {
  return new AppError(name, message, { ...details, reason });
}

// One factory per status: each accepts only a reason that src/http/error-reasons.ts (and
// docs/decisions.md "Error reasons") lists for that status, so `details.reason` is a known word.
export const badRequest = (reason: ReasonFor<400>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('BAD_REQUEST', reason, message, details);
export const unauthorized = (reason: ReasonFor<401>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('UNAUTHORIZED', reason, message, details);
export const forbidden = (reason: ReasonFor<403>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('FORBIDDEN', reason, message, details);
export const notFound = (reason: ReasonFor<404>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('NOT_FOUND', reason, message, details);
export const conflict = (reason: ReasonFor<409>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('CONFLICT', reason, message, details);
export const payloadTooLarge = (reason: ReasonFor<413>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('PAYLOAD_TOO_LARGE', reason, message, details);
export const tooManyRequests = (reason: ReasonFor<429>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('TOO_MANY_REQUESTS', reason, message, details);
export const serviceUnavailable = (reason: ReasonFor<503>, message: string, details: DetailsWithoutReason = {}): AppError =>
  withReason('SERVICE_UNAVAILABLE', reason, message, details);
/** A 500 says nothing of internals, so it carries no reason. */
export const internalError = (message: string): AppError => new AppError('INTERNAL_ERROR', message);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
