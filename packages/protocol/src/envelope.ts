import { z } from 'zod';
import { ErrorObject } from './errors';
import { RequestId } from './ids';

export const PROTOCOL_VERSION = '0.1' as const;

export { RequestId } from './ids';

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
