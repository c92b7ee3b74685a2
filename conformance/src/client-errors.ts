/**
 * Why a call through the client did not produce a usable envelope. Each is a failure of the provider
 * (or of the harness, for `ClientClosedError`), never a protocol-level `ok:false` answer: those are
 * returned to the caller as data.
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

export class CallTimeoutError extends Error {
  override readonly name = 'CallTimeoutError';
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`${method}: no response within ${timeoutMs} ms`);
  }
}

export class ProviderExitedError extends Error {
  override readonly name = 'ProviderExitedError';
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderrTail: string,
  ) {
    super(
      (code === null && signal === null
        ? 'provider could not be started'
        : `provider exited (code ${code ?? 'null'}, signal ${signal ?? 'none'}) before answering`) +
        (stderrTail ? `; stderr tail:\n${stderrTail}` : ''),
    );
  }
}

export class ClientClosedError extends Error {
  override readonly name = 'ClientClosedError';
  constructor(method: string) {
    super(`${method}: the client is closed`);
  }
}

export class CallAbortedError extends Error {
  override readonly name = 'CallAbortedError';
  constructor(method: string, reason: unknown) {
    super(`${method}: aborted (${reason instanceof Error ? reason.message : String(reason)})`);
  }
}

/** Cuts a line for error messages so one huge envelope cannot flood a report. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
