import type { ChildProcess } from 'node:child_process';

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
