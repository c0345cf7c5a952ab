export { createClient } from './client.ts';
export type { ClientOptions, RetryOptions, StaydeskClient, WaitOptions } from './client.ts';
export { BookingCancelledError, ConfirmationTimeoutError, StaydeskError, WebhookVerificationError } from './errors.ts';
export { signServiceWebhook, verifyEvent } from './webhooks.ts';
export type * from './types.ts';
export type { components, operations, paths } from './generated/openapi.ts';
