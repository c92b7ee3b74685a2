import { PROTOCOL_VERSION, type RequestId, type ResponseEnvelope } from '@browser-provider/protocol';
import { CallAbortedError, CallTimeoutError } from './errors';
import type { CallOptions, CallResult } from './types';

export const request = (id: RequestId, method: string, params: unknown) => ({ protocol_version: PROTOCOL_VERSION, id, method, params: params ?? {} });

/** The envelope as the caller sees it: `result` (typed by the caller's method) or `error`. */
export function toResult(envelope: ResponseEnvelope): CallResult<never> {
  return envelope.ok
    ? ({ ok: true, result: envelope.result, warnings: envelope.warnings } as CallResult<never>)
    : { ok: false, error: envelope.error };
}

/**
 * Settles with `answer` unless the caller stops waiting first: a CallTimeoutError after `timeoutMs`,
 * a CallAbortedError when `signal` aborts. `giveUp` then runs (to forget the request). The timer
 * never keeps the process alive.
 */
export function deadline<T>(answer: Promise<T>, method: string, options: CallOptions | undefined, giveUp?: () => void): Promise<T> {
  const { timeoutMs, signal } = options ?? {};
  if (timeoutMs === undefined && signal === undefined) return answer;
  if (signal?.aborted) {
    giveUp?.();
    return Promise.reject(new CallAbortedError(method, signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const settle = (finish: () => void, early: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (early) giveUp?.();
      finish();
    };
    const onAbort = () => settle(() => reject(new CallAbortedError(method, signal?.reason)), true);
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => settle(() => reject(new CallTimeoutError(method, timeoutMs)), true), timeoutMs);
    timer?.unref();
    signal?.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (v) => settle(() => resolve(v), false),
      (e: unknown) => settle(() => reject(e instanceof Error ? e : new Error(String(e))), false),
    );
  });
}
