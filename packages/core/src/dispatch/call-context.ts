import type { MethodName, MethodTraits, ParamsOf, ResultOf, ScopeOf, Stability } from '@browser-provider/protocol';
import type { z } from 'zod';
import type { Backend } from '../backend';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';

/*
 * What a method's run function is given and how the dispatcher holds it: the context of each scope,
 * the handler, and a row of the method registry. Types only, so the handler table (handlers.ts), our
 * own methods (core-methods.ts), the registry and describe all use them without importing each other.
 */

export interface CallContext {
  provider: Provider;
  /** The provider's methods: what `provider.describe` lists. */
  methods: MethodRows;
  signal: AbortSignal;
  /** Wall-clock time (ms) by which the call must have answered. */
  deadlineAt: number;
  /** Warnings for the response envelope. */
  warnings: string[];
  /**
   * What the call is doing now (`stage`), named by a handler that has steps (session.ensure): a
   * deadline that runs out says it in details.during. One object per call, shared by every scope's context.
   */
  progress: { stage?: string };
}
export interface SessionContext extends CallContext {
  session: Session;
}
export interface PageContext extends SessionContext {
  page: PageHandle;
}

/** How a method runs, by its `scope` trait (see MethodScope): the context its handler receives. */
export type ContextOf<S> = S extends 'page' ? PageContext : S extends 'session' ? SessionContext : CallContext;
export type RunFor<M extends MethodName> = (ctx: ContextOf<ScopeOf<M>>, p: ParamsOf<M>) => Promise<ResultOf<M>>;

/** A handler with the scope it runs in, as the dispatcher calls it. */
export type Handler<M extends MethodName> =
  | { scope: 'provider'; run: (ctx: CallContext, p: ParamsOf<M>) => Promise<ResultOf<M>> }
  | {
      scope: 'session';
      run: (ctx: SessionContext, p: ParamsOf<M>) => Promise<ResultOf<M>>;
      /**
       * Ends the session (`session.close`): it runs at once, outside the session's queue and past a
       * running job, and is not aborted with the session's other calls, which it aborts.
       */
      endsSession?: true;
    }
  | { scope: 'page'; run: (ctx: PageContext, p: ParamsOf<M>) => Promise<ResultOf<M>> };

export interface MethodRow {
  readonly name: string;
  readonly traits: MethodTraits;
  readonly params: z.ZodType;
  /** Ours and an engine's: what `describe` lists under `custom_methods` (the draft's methods have their own lists). */
  readonly listing?: { description: string; stability: Stability; result: z.ZodType };
  readonly handler: Handler<MethodName>;
  /** Whether `engine` answers it: the one test of "offered". */
  offeredBy(engine: Backend): boolean;
}

/** What a call reads of the provider's method registry (registry.ts): the rows an engine answers. */
export interface MethodRows {
  /** Every row `engine` answers, in describe's order. */
  rowsOf(engine: Backend): MethodRow[];
}
