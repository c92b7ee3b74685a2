import type { EventEnvelope, RequestId, ResponseEnvelope } from '@browser-provider/protocol';
import type { CallOptions, CallParams, CallResult, ClientMethodName, ProviderSession } from './method-types';

export type { CallOptions, CallResult } from './method-types';

export type BrowserName = 'firefox' | 'chrome' | 'safari';

/**
 * A provider, wherever it runs: in this process (createProvider), in a child process (spawnProvider)
 * or at the other end of any stream pair (connectStdio). The same envelope semantics everywhere.
 */
export interface TypedProvider {
  call<M extends ClientMethodName>(method: M, ...params: {} extends CallParams<M> ? [params?: CallParams<M>, options?: CallOptions] : [params: CallParams<M>, options?: CallOptions]): Promise<CallResult<M>>;
  /**
   * Any method by name, params unchecked: a custom method (`firefox.*`, `jobs.*`, another provider's
   * own), or a deliberately wrong call. Resolves with the response envelope as the provider sent it.
   */
  callUntyped(method: string, params?: unknown, options?: CallOptions): Promise<ResponseEnvelope>;
  /**
   * session.ensure, answered with a session whose methods have its id bound (and pages from
   * `session.open` with theirs): `(await provider.session()).open(url)` → `page.click('e4')`. Those
   * methods throw CallError on `ok: false`; each has a `try` twin that returns the answer instead.
   */
  session(params?: CallParams<'session.ensure'>, options?: CallOptions): Promise<ProviderSession>;
  /** Receives the event envelopes of sessions that called events.subscribe; returns the unsubscribe. */
  onEvent(sink: (event: EventEnvelope) => void): () => void;
  /** Closes every session and stops every browser (and the child process, if any). Idempotent. */
  close(): Promise<void>;
}

/** One line of the newline-delimited JSON, as it crossed the stream (without its newline). */
export interface WireLine {
  direction: 'sent' | 'received';
  text: string;
  /**
   * The request the line belongs to, while the client waits for it: the one a sent line carries, or
   * the one a received line answers (by its id; an `id: null` answer goes to the oldest
   * `sendLine` waiting for one). Absent for events, stray answers and lines that are not JSON.
   */
  request?: { id: RequestId | null; method: string | undefined };
}

/**
 * Sees every line before the client acts on it. Returning an Error for a received line refuses it:
 * the request it answers rejects with that error, and the line is otherwise dropped (no answer, no
 * event). That is how a strict harness holds a provider to the schemas.
 */
export type LineObserver = (line: WireLine) => Error | undefined | void;

export interface SendLineOptions extends CallOptions {
  /** The id of the request the line carries: resolve with its answer. Without it, resolve with the next `id: null` answer. */
  id?: RequestId;
}

/** A provider at the other end of a stream: it also takes raw lines. */
export interface StreamProvider extends TypedProvider {
  /**
   * Writes `line` exactly as given (a newline is added), for what a typed call cannot send: a wrong
   * protocol_version, a missing method, a line that is not JSON. Resolves with the answer envelope,
   * whatever its shape; a line the provider cannot read is answered with `id: null`.
   */
  sendLine(line: string, options?: SendLineOptions): Promise<ResponseEnvelope>;
}

export interface ProviderExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The client signalled the provider: it did not exit within the grace period after its stdin closed. */
  killed: boolean;
}

/** A provider in a child process. */
export interface SpawnedProvider extends StreamProvider {
  readonly pid: number | undefined;
  /** Set once the child has exited (or failed to start). */
  readonly exitStatus: ProviderExit | undefined;
  /** Resolves when the child has exited, whoever ended it. */
  readonly exited: Promise<ProviderExit>;
  /**
   * Ends the child's stdin (its cue to stop), waits `graceMs` (default: `exitGraceMs`) for it to
   * exit, then sends SIGTERM, and SIGKILL 2 s later; resolves once it exited (`exitStatus` says how).
   * Idempotent.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}
