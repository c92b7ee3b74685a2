import type { z } from 'zod';
import type { ErrorObject, EventEnvelope, METHODS, MethodName, ResultOf } from '@browser-provider/protocol';

/** What a caller may pass as `method`'s params: the schema's input (defaults optional), so a wrong key or type is a compile error. */
export type ParamsOf<M extends MethodName> = z.input<(typeof METHODS)[M]['params']>;

export type ProviderError = ErrorObject;

/** The protocol's envelope without its bookkeeping: `result` typed by the method table, or the error. */
export type CallResult<M extends MethodName> =
  | { ok: true; result: ResultOf<M>; warnings: string[] }
  | { ok: false; error: ProviderError };

export interface CallOptions {
  /** Rejects the promise (the call itself is not cancelled on the provider) when the answer takes longer. */
  timeoutMs?: number;
}

/**
 * A provider, wherever it runs: in this process (createProvider), in a child process (spawnProvider)
 * or at the other end of any stream pair (connectStdio). The same envelope semantics everywhere.
 */
export interface TypedProvider {
  call<M extends MethodName>(method: M, ...params: {} extends ParamsOf<M> ? [params?: ParamsOf<M>, options?: CallOptions] : [params: ParamsOf<M>, options?: CallOptions]): Promise<CallResult<M>>;
  /** Receives the event envelopes of sessions that called events.subscribe; returns the unsubscribe. */
  onEvent(sink: (event: EventEnvelope) => void): () => void;
  /** Closes every session and stops every browser (and the child process, if any). Idempotent. */
  close(): Promise<void>;
}
