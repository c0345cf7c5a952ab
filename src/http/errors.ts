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
  reason?: string;
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

export const badRequest = (message: string, details: ErrorDetails = {}): AppError =>
  new AppError('BAD_REQUEST', message, details);
export const unauthorized = (message: string, details: ErrorDetails = {}): AppError =>
  new AppError('UNAUTHORIZED', message, details);
export const forbidden = (message: string, details: ErrorDetails = {}): AppError =>
  new AppError('FORBIDDEN', message, details);
export const notFound = (message: string, details: ErrorDetails = {}): AppError =>
  new AppError('NOT_FOUND', message, details);
export const conflict = (message: string, details: ErrorDetails = {}): AppError =>
  new AppError('CONFLICT', message, details);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
