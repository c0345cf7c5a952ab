export { createClient } from './client.ts';
export type { StaydeskClient, WaitOptions } from './client.ts';
export type { ClientOptions, RetryOptions } from './options.ts';
export type { RequestOptions } from './send.ts';
export type { Timers } from './timers.ts';
export {
  BookingCancelledError,
  ConfirmationTimeoutError,
  StaydeskError,
  StaydeskNetworkError,
  WebhookVerificationError,
} from './errors.ts';
export { signServiceWebhook, verifyEvent } from './webhooks.ts';
export type * from './types.ts';
export type { components, operations, paths } from './generated/openapi.ts';
