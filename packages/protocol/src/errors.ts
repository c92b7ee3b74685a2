import { z } from 'zod';
import type { AnyMethodName } from './method-names';
import { ErrorCode } from './codes';

export { ERROR_CODES, ErrorCode } from './codes';

/**
 * A next step for the agent: a method with ready-to-send params and one sentence. On the wire the
 * method is a string; in code it is a method name, so a repair cannot name a method that does not exist.
 */
export const Repair = z.object({
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
  hint: z.string(),
});
export type Repair = Omit<z.infer<typeof Repair>, 'method'> & { method: AnyMethodName };
/** A repair as read off the wire (a client's view): its method is any string until checked. */
export type WireRepair = z.infer<typeof Repair>;

export const ErrorDetails = z
  .object({
    /** Finer cause, e.g. `stale_ref`, `obscured`, `ambiguous`. */
    code: z.string().optional(),
    /** The offending field for `invalid_request`, as a dotted path. */
    field: z.string().optional(),
    repair: Repair.optional(),
  })
  .catchall(z.unknown());
export type ErrorDetails = z.infer<typeof ErrorDetails>;

export const ErrorObject = z.object({
  code: ErrorCode,
  message: z.string(),
  retryable: z.boolean(),
  details: ErrorDetails,
});
export type ErrorObject = z.infer<typeof ErrorObject>;
