import { PROTOCOL_VERSION, type ResponseEnvelope } from '@browser-provider/protocol';
import type { CallResult } from './types';

/** One request id source per client: numbers, never reused within it. */
export function idCounter(): () => number {
  let next = 1;
  return () => next++;
}

export const request = (id: number, method: string, params: unknown) => ({ protocol_version: PROTOCOL_VERSION, id, method, params: params ?? {} });

/** The envelope as the caller sees it: `result` (typed by the caller's method) or `error`. */
export function toResult(envelope: ResponseEnvelope): CallResult<never> {
  return envelope.ok
    ? ({ ok: true, result: envelope.result, warnings: envelope.warnings } as CallResult<never>)
    : { ok: false, error: envelope.error };
}

/** Races `promise` against `timeoutMs` (when given); the timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number | undefined, method: string): Promise<T> {
  if (timeoutMs === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${method}: no answer within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
