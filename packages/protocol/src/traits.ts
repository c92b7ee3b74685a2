import type { Feature } from './capabilities';

/**
 * What a method is, beyond its schemas: the facts the dispatcher, jobs, `provider.describe`, the docs
 * and the MCP tool list read. Every method — the draft's, ours and an engine's custom ones — carries
 * one `MethodTraits`, written once where the method is declared.
 */

/** The server flags that enable a gated method, each named as on the command line without `--`. */
export type Gate = 'allow-debug' | 'allow-eval' | 'allow-extensions';

/**
 * Values of some params that a server flag decides: the method runs without the flag, but refuses
 * what `rule` says until it is set (`route.add`'s stubs a page could run need --allow-eval).
 */
export interface ParamGate {
  readonly gate: Gate;
  readonly params: readonly string[];
  /** What is refused while the flag is not set, in one paragraph for `describe` and the docs. */
  readonly rule: string;
}

/**
 * `core` and `optional` are the draft's tiers; `provider` is a namespaced method of ours that every
 * engine offers (`jobs.*`, `requests.cancel`, `events.*`, `dialog.*`); `custom` one an engine adds.
 */
export type TraitTier = 'core' | 'optional' | 'provider' | 'custom';

/**
 * How a call runs: `provider` at once; `session` in the session's queue; `page` in the queue with
 * `page_id` (or the current page) resolved there, so a page closed by an earlier call is said so.
 */
export type MethodScope = 'provider' | 'session' | 'page';

export interface MethodTraits {
  readonly tier: TraitTier;
  readonly scope: MethodScope;
  /** Params carry `session_id`; a repair naming the method gets the caller's session_id filled in. */
  readonly needsSession: boolean;
  /** Changes the page or the session's tabs: while a job runs only the job may call it; a cut-off call's outcome is unknown. */
  readonly mutating: boolean;
  /** Its deadline is a navigation's: running out of time is `navigation_timeout`. */
  readonly navigates: boolean;
  /** Built on the required Backend interface only (page script + trusted input), so every engine has it. */
  readonly engineIndependent: boolean;
  /** A background job may run it as a step. */
  readonly inJob: boolean;
  /** Takes the additive `snapshot` param: answers with a snapshot of the page after the action. */
  readonly afterSnapshot: boolean;
  /** The server flag that enables it; absent = always enabled. */
  readonly gate?: Gate;
  /** The feature a gated method stands for (closed in `describe` while the gate is shut). */
  readonly feature?: Feature;
  /** Param values refused unless a flag is set (the method itself is not gated). */
  readonly paramGate?: ParamGate;
}

/** What a declaration writes: the scope, and only the traits that are true. */
export type TraitsInput<S extends MethodScope = MethodScope> = { scope: S } & Partial<Omit<MethodTraits, 'tier' | 'scope'>>;

/** Fills the unwritten traits: false, and `needsSession` from the scope. */
export const traitsOf = <S extends MethodScope>(tier: TraitTier, t: TraitsInput<S>): MethodTraits & { scope: S } => ({
  needsSession: t.scope !== 'provider',
  mutating: false,
  navigates: false,
  engineIndependent: false,
  inJob: false,
  afterSnapshot: false,
  ...t,
  tier,
});
