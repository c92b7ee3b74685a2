import type { ChildProcess } from 'node:child_process';
import type { ErrorCode, ErrorDetails, ErrorObject, WireRepair } from '@browser-provider/protocol';

/**
 * The provider answered `ok: false`: what a session-bound method throws (its `try` form returns the
 * same answer as data instead). `code`, `retryable` and `details` are the envelope's; `repair`, when
 * the provider gave one, names the call that recovers.
 */
export class CallError extends Error {
  override readonly name = 'CallError';
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details: ErrorDetails;
  constructor(
    readonly method: string,
    readonly error: ErrorObject,
  ) {
    super(`${method}: ${error.code}${error.details.code === undefined ? '' : ` (${error.details.code})`}: ${error.message}`);
    this.code = error.code;
    this.retryable = error.retryable;
    this.details = error.details;
  }

  get repair(): WireRepair | undefined {
    return this.error.details.repair;
  }
}

/**
 * Why a call produced no envelope. An `ok:false` answer is not one of these: it is the provider's
 * verdict, returned as data. These are the client's own failures (no answer in time, the caller gave
 * up, the provider is gone), each a class so a harness can tell them apart with `instanceof`.
 */
export class CallTimeoutError extends Error {
  override readonly name = 'CallTimeoutError';
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`${method}: no response within ${timeoutMs} ms`);
  }
}

export class CallAbortedError extends Error {
  override readonly name = 'CallAbortedError';
  constructor(method: string, reason: unknown) {
    super(`${method}: aborted (${reason instanceof Error ? reason.message : String(reason)})`, { cause: reason });
  }
}

/** The caller closed the client; nothing more is sent. */
export class ClientClosedError extends Error {
  override readonly name = 'ClientClosedError';
  constructor(method: string) {
    super(`${method}: the client is closed`);
  }
}

/** The provider's child process ended (or never started) while the call waited, or before it was made. */
export class ProviderExitedError extends Error {
  override readonly name = 'ProviderExitedError';
  constructor(
    readonly code: number | null,
    readonly signal: ChildProcess['signalCode'],
    /** The last few KB of its stderr, when the client read it (`stderr` given as a function). */
    readonly stderrTail: string,
    options?: ErrorOptions,
  ) {
    const cause = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(
      (code === null && signal === null ? `provider could not be started${cause}` : `provider exited (code ${code ?? 'null'}, signal ${signal ?? 'none'}) before answering`) +
        (stderrTail ? `; stderr tail:\n${stderrTail}` : ''),
      options,
    );
  }
}

/** The stream pair closed under a call: the provider at the other end is gone. */
export class ProviderClosedError extends Error {
  override readonly name = 'ProviderClosedError';
  constructor(method: string) {
    super(`${method}: the provider closed its output before answering`);
  }
}
