export { CallAbortedError, CallTimeoutError, ClientClosedError, ProviderClosedError, ProviderExitedError } from '@browser-provider/client/stdio';

/**
 * A line the provider wrote that the protocol does not allow (not JSON, off-schema, an answer to no
 * request). Recorded by ProviderClient and thrown to the call it belonged to; the other ways a call
 * fails (timeout, abort, exit) are the typed client's errors, re-exported above.
 */
export class ProtocolViolationError extends Error {
  override readonly name = 'ProtocolViolationError';
  constructor(
    message: string,
    /** The offending line as received, cut to a readable length. */
    readonly line?: string,
  ) {
    super(message);
  }
}

/** Cuts a line for error messages so one huge envelope cannot flood a report. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
