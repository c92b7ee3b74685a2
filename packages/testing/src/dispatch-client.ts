import type { Dispatcher } from '@browser-provider/core';
import type { ErrorObject, ResponseEnvelope } from '@browser-provider/protocol';

/** A method's result, as the suites read it. */
export type Result = Record<string, any>;

type Params = Record<string, unknown>;

/** The three ways a suite calls its dispatcher, as a client would: each request with an id of its own. */
export interface DispatchClient {
  /** The whole response envelope, ok or not. */
  call(method: string, params?: Params): Promise<ResponseEnvelope>;
  /** The result; a refusal throws, with the method and the error it got. */
  ok(method: string, params?: Params): Promise<Result>;
  /** The error; a success throws, with the method and (the start of) what it answered. */
  fails(method: string, params?: Params): Promise<ErrorObject>;
}

/**
 * Calls the dispatcher `dispatcher()` returns at the time of the call (suites make theirs in
 * `beforeAll`), with ids `${prefix}1`, `${prefix}2`, …; `defaults()` (the suite's page, say) goes under
 * every call's own params.
 */
export function dispatchClient(dispatcher: () => Dispatcher, prefix = 'r', defaults?: () => Params): DispatchClient {
  let n = 0;
  const call = (method: string, params: Params = {}): Promise<ResponseEnvelope> =>
    dispatcher().handle({ protocol_version: '0.1', id: `${prefix}${++n}`, method, params: defaults ? { ...defaults(), ...params } : params });
  return {
    call,
    async ok(method, params) {
      const env = await call(method, params);
      if (!env.ok) throw new Error(`${method} failed: ${JSON.stringify(env.error)}`);
      return env.result as Result;
    },
    async fails(method, params) {
      const env = await call(method, params);
      if (env.ok) throw new Error(`${method} succeeded: ${JSON.stringify(env.result).slice(0, 300)}`);
      return env.error;
    },
  };
}
