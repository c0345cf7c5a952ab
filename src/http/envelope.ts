import { Type, type TSchema } from 'typebox';
import { isoInstant } from '../shared/dates.ts';
import { ERROR_REASON_NAMES, type ErrorReason } from './error-reasons.ts';

/** The response envelope and the error shape of docs/api.md#envelope and docs/api.md#errors. */

export const API_VERSION = '1.0';

export interface EndpointMetadata {
  api_version: string;
  timestamp: string;
  endpoint: string;
}
export interface RequestMetadata {
  api_version: string;
  timestamp: string;
  request_id: string;
}

/** The metadata of a v1 answer; `at` is the request's own clock reading when it has one. */
export function endpointMetadata(at: Date = new Date()): EndpointMetadata {
  return { api_version: API_VERSION, timestamp: isoInstant(at), endpoint: 'v1' };
}

export function requestMetadata(requestId: string): RequestMetadata {
  return { api_version: API_VERSION, timestamp: new Date().toISOString(), request_id: requestId };
}

export function ok<T>(
  data: T,
  metadata: EndpointMetadata | RequestMetadata,
): { success: true; data: T; metadata: EndpointMetadata | RequestMetadata } {
  return { success: true, data, metadata };
}

export const MetadataSchema = Type.Object({
  api_version: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  endpoint: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String()),
});

/** `{success: true, data, metadata}` around a data schema. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data, metadata: MetadataSchema });
}

/** `{success: true, data}` with no metadata (booking retrieval, the not-available answer). */
export function BareEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

/** `details.reason`: one of the closed table (src/http/error-reasons.ts); a 500 has none. */
export const ErrorReasonSchema = Type.Unsafe<ErrorReason>({
  type: 'string',
  enum: ERROR_REASON_NAMES,
  description: 'What went wrong, for a client to branch on; docs/api.md#error-reasons says what each means.',
});

export const ErrorBodySchema = Type.Object({
  code: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  details: Type.Object({ reason: Type.Optional(ErrorReasonSchema) }, { additionalProperties: true }),
});

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorBodySchema,
    metadata: MetadataSchema,
  },
  { additionalProperties: true },
);

/** Error responses every authenticated JSON route can give, for the OpenAPI document. */
export const commonErrorResponses = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  500: ErrorEnvelopeSchema,
  503: ErrorEnvelopeSchema,
};
