import { ERROR_STATUS, rememberedError, type AppError, type ErrorDetails, type ErrorName } from '../http/errors.ts';
import type { DeliveryAnswer } from './webhook-events.ts';
import type { CalendarSyncResult, UpdateResult } from './webhook-schemas.ts';

/**
 * The answer of a service webhook delivery (/webhook/update, /webhook/calendar_sync) as it is
 * remembered, and given again to a repeat of the same bytes: the result of an applied delivery,
 * or the refusal (its error name, message, details and extra body fields, which the error
 * handler turns into the same envelope).
 */

interface StoredRefusal {
  name: string;
  message: string;
  details: ErrorDetails;
  extras: Record<string, unknown>;
}

export function answerOfResult(result: UpdateResult | CalendarSyncResult): DeliveryAnswer {
  return { status: 200, body: JSON.stringify({ result }) };
}

export function answerOfRefusal(error: AppError): DeliveryAnswer {
  const refusal: StoredRefusal = {
    name: error.name,
    message: error.message,
    details: error.details,
    extras: { ...error.bodyExtras },
  };
  return { status: error.status, body: JSON.stringify({ refusal }) };
}

function isErrorName(name: string): name is ErrorName {
  return Object.hasOwn(ERROR_STATUS, name);
}

/** The remembered result, or throws the remembered refusal; null when the record cannot be read. */
export function replayAnswer(answer: DeliveryAnswer): UpdateResult | CalendarSyncResult | null {
  const parsed = JSON.parse(answer.body) as { result?: UpdateResult | CalendarSyncResult; refusal?: StoredRefusal };
  if (parsed.result !== undefined) return parsed.result;
  const refusal = parsed.refusal;
  if (refusal === undefined || !isErrorName(refusal.name)) return null;
  throw rememberedError(refusal.name, refusal.message, refusal.details, refusal.extras);
}
