import { z } from 'zod';
import { ErrorObject } from './errors';

export const PROTOCOL_VERSION = '0.1' as const;

/** Request ids may be strings or numbers, as in JSON-RPC; responses echo them unchanged. */
export const RequestId = z.union([z.string().max(256), z.number()]);
export type RequestId = z.infer<typeof RequestId>;

export const RequestEnvelope = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  id: RequestId,
  method: z.string().min(1).max(256),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type RequestEnvelope = z.infer<typeof RequestEnvelope>;

export const SuccessEnvelope = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  id: RequestId,
  ok: z.literal(true),
  result: z.unknown(),
  warnings: z.array(z.string()),
});
export type SuccessEnvelope = z.infer<typeof SuccessEnvelope>;

export const ErrorEnvelope = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  /** `null` when the request could not be read far enough to know its id. */
  id: RequestId.nullable(),
  ok: z.literal(false),
  error: ErrorObject,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const ResponseEnvelope = z.discriminatedUnion('ok', [SuccessEnvelope, ErrorEnvelope]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelope>;

export const EventEnvelope = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
