export { createClient } from './client.ts';
export type { EventsQuery, StaydeskClient, WaitOptions } from './client.ts';
export type { ClientOptions, RetryOptions } from './options.ts';
export { StaydeskPromise } from './response.ts';
export type { ApiResponse } from './response.ts';
export type { RequestOptions } from './send.ts';
export type { Timers } from './timers.ts';
export {
  AuthenticationError,
  BookingCancelledError,
  ConfirmationTimeoutError,
  ConflictError,
  DatesUnavailableError,
  DraftLimitError,
  IdempotencyConflictError,
  InvalidRequestError,
  NotFoundError,
  PriceMismatchError,
  RateLimitedError,
  ServiceUnavailableError,
  StaydeskError,
  StaydeskNetworkError,
  WebhookVerificationError,
} from './errors.ts';
export type { WebhookVerificationReason } from './errors.ts';
export { signServiceWebhook, verifyEvent } from './webhooks.ts';
export type { HeaderSource, VerifyOptions } from './webhooks.ts';
export type * from './types.ts';
export type { components, operations, paths } from './generated/openapi.ts';
