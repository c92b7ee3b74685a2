import type { z } from 'zod';
import type { ErrorObject, METHODS, OWN_METHODS } from '@browser-provider/protocol';

/**
 * The client's types derived from the protocol's method tables (the draft's and ours): nothing here
 * names a method. For the session-bound client, a method whose params take `page_id` is a page's; one
 * that takes `session_id` but no `page_id` is a session's. The ids are bound, so a caller never passes them.
 */

type Table = typeof METHODS & typeof OWN_METHODS;
/** Every method with params and result in the protocol's tables: the draft's and ours (`jobs.*`, `route.*`, …). */
export type ClientMethodName = keyof Table;
/** What a caller may pass as `method`'s params: the schema's input (defaults optional), so a wrong key or type is a compile error. */
export type CallParams<M extends ClientMethodName> = z.input<Table[M]['params']>;
/** What `method` answers on success, as the schema parses it. */
export type CallValue<M extends ClientMethodName> = z.output<Table[M]['result']>;

/** The protocol's envelope without its bookkeeping: `result` typed by the method table, or the error. */
export type CallResult<M extends ClientMethodName> =
  | { ok: true; result: CallValue<M>; warnings: string[] }
  | { ok: false; error: ErrorObject };

export interface CallOptions {
  /** Rejects the promise with a CallTimeoutError when the answer takes longer (the provider is not told). */
  timeoutMs?: number;
  /** Rejects the promise with a CallAbortedError when aborted (the provider is not told). */
  signal?: AbortSignal;
}

/** The fields an action names its element by; a ref given first stands for `element_ref`. */
export type TargetKey = 'element_ref' | 'selector' | 'text_query';
type Bound = 'session_id' | 'page_id';

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** A plain object cannot be told from the params object, so such a field is never positional. */
type Positionable<V> = V extends readonly unknown[] ? true : V extends object ? false : true;

/**
 * The one field a call cannot do without (besides the bound ids and the target), when there is
 * exactly one and it is not an object: `url` of page.open, `text` of page.type, `key` of page.press.
 * It may then be passed positionally. `never` otherwise.
 */
export type LoneKey<P> = [RequiredKeys<Omit<P, TargetKey | 'rev'>>] extends [infer K extends keyof P]
  ? [K] extends [never]
    ? never
    : IsUnion<K> extends true
      ? never
      : Positionable<P[K]> extends true
        ? K
        : never
  : never;

type Tail<T> = {} extends T ? [params?: T, options?: CallOptions] : [params: T, options?: CallOptions];
type WithLone<T> = [LoneKey<T>] extends [never] ? never : [value: T[LoneKey<T>], ...Tail<Omit<T, LoneKey<T>>>];
type Free<M extends ClientMethodName> = Omit<CallParams<M>, Bound>;

/**
 * A bound method's arguments: always the params object (then CallOptions); for a method that takes
 * an element, a ref string first; and the lone required field positionally, after the ref if any:
 * `page.click('e4')`, `page.type('e4', 'hello')`, `session.open('https://…')`, `page.snapshot({ mode: 'interactive' })`.
 */
export type BoundArgs<M extends ClientMethodName> =
  | Tail<Free<M>>
  // For a method that takes an element, a leading string is always the ref (so the call reads the same at run time).
  | ('element_ref' extends keyof Free<M> ? [ref: string, ...(Tail<Omit<Free<M>, TargetKey>> | WithLone<Omit<Free<M>, TargetKey>>)] : WithLone<Free<M>>);

/** How a bound method answers: `throw` resolves with the result and throws CallError on `ok:false`; `result` resolves with CallResult. */
export type Mode = 'throw' | 'result';
type Fn<M extends ClientMethodName, Mo extends Mode> = (...args: BoundArgs<M>) => Promise<Mo extends 'throw' ? CallValue<M> : CallResult<M>>;

export type PageMethodName = { [M in ClientMethodName]: 'page_id' extends keyof CallParams<M> ? M : never }[ClientMethodName];
export type SessionMethodName = { [M in ClientMethodName]: 'session_id' extends keyof CallParams<M> ? ('page_id' extends keyof CallParams<M> ? never : M) : never }[ClientMethodName];

type Namespace<N extends string> = N extends `${infer NS}.${string}` ? NS : never;

/**
 * The methods of `Names` as an object: those of the `Home` namespace flat (`page.go_back` →
 * `goBack` on a page; `session.close` → `close` on a session), the others under their namespace
 * (`cookie.set` → `cookie.set`, `upload.set_files` → `upload.setFiles`).
 */
export type BoundMethods<Names extends ClientMethodName, Home extends string, Mo extends Mode> = {
  [M in Names as M extends `${Home}.${infer R}` ? Camel<R> : never]: Fn<M, Mo>;
} & {
  [NS in Exclude<Namespace<Names>, Home>]: { [M in Names as M extends `${NS}.${infer R}` ? Camel<R> : never]: Fn<M, Mo> };
};

/** A page of a session: every page method with `session_id` and `page_id` bound. */
export type ProviderPage = BoundMethods<PageMethodName, 'page', 'throw'> & {
  readonly id: string;
  readonly session: ProviderSession;
  /** page.open's answer, when this handle came from `session.open`. */
  readonly opened: CallValue<'page.open'> | undefined;
  /** The same methods, each resolving with `{ ok, result, warnings } | { ok: false, error }` instead of throwing. */
  readonly try: BoundMethods<PageMethodName, 'page', 'result'>;
};

/** A session: every session method with `session_id` bound; pages come from `open` and `page`. */
export type ProviderSession = BoundMethods<SessionMethodName, 'session', 'throw'> & {
  readonly id: string;
  /** session.ensure's answer (`reused` says whether `client_session_id` found a live session). */
  readonly ensured: CallValue<'session.ensure'>;
  /**
   * page.open, answered with the page it opened: the session's current page navigated to `url`, or a
   * new tab with `{ new_page: true }`. Throws CallError when the provider refuses.
   */
  open(url: string, params?: Omit<CallParams<'page.open'>, 'session_id' | 'page_id' | 'url'>, options?: CallOptions): Promise<ProviderPage>;
  /** A handle on a page this session holds (an id from `tab.list`, `tab.new` or an event); makes no call. */
  page(pageId: string): ProviderPage;
  /** The same methods, each resolving with `{ ok, result, warnings } | { ok: false, error }` instead of throwing. */
  readonly try: BoundMethods<SessionMethodName, 'session', 'result'>;
};
