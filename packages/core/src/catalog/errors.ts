import type { ErrorCode, ErrorDetails, ErrorEnvelope, RequestId, Repair } from '@browser-provider/protocol';
import { PROTOCOL_VERSION } from '@browser-provider/protocol';

export interface ProviderErrorOptions {
  retryable?: boolean;
  /** Finer cause, e.g. `stale_ref`. Goes to `details.code`. */
  detail?: string;
  repair?: Repair;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error type of the provider. Anything else that reaches the dispatcher becomes
 * `internal_error`, with the original kept as `cause` for the log and never sent to the client.
 */
export class ProviderError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, options: ProviderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = {
      ...options.details,
      ...(options.detail === undefined ? {} : { code: options.detail }),
      ...(options.repair === undefined ? {} : { repair: options.repair }),
    };
  }

  toEnvelope(id: RequestId | null): ErrorEnvelope {
    return {
      protocol_version: PROTOCOL_VERSION,
      id,
      ok: false,
      error: { code: this.code, message: this.message, retryable: this.retryable, details: this.details },
    };
  }

  static is(e: unknown, code?: ErrorCode): e is ProviderError {
    return e instanceof ProviderError && (code === undefined || e.code === code);
  }
}

/** Turns any throwable into a ProviderError; unknown ones become `internal_error` carrying the cause. */
export function toProviderError(e: unknown): ProviderError {
  if (e instanceof ProviderError) return e;
  return new ProviderError('internal_error', 'The provider failed unexpectedly; see the server log.', { cause: e });
}
