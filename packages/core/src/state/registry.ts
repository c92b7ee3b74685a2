import type { MethodName } from '@browser-provider/protocol';
import { METHODS, METHOD_NAMES, OWN_METHODS, OWN_METHOD_NAMES, TimeoutMs, type OwnMethodName } from '@browser-provider/protocol';
import type { z } from 'zod';
import type { Backend } from '../backend';
import type { Handler, MethodRow, MethodRows } from '../dispatch/call-context';
import { ownHandler, type DispatchApi } from '../dispatch/core-methods';
import { traitsOfCustom, type CustomMethod, type PathKind } from '../backend';
import { gateEnabled } from '../dispatch/gates';
import { handlerOf } from '../dispatch/handlers';
import { allowedPath } from '../toolkit/paths';
import type { Provider } from '../provider';

/**
 * One row per method this provider can answer, built once when the dispatcher starts. Adding a method
 * means adding its schema and traits to the table in protocol and its run function in one place:
 * the draft's methods in `HANDLERS` (handlers.ts), ours in `OWN_RUNS` (core-methods.ts), an engine's
 * in its `customMethods()`. Dispatch, the engine check, `provider.describe`, jobs and the MCP tool
 * list read `offeredBy` here and nowhere else.
 */
export class MethodRegistry implements MethodRows {
  readonly #rows = new Map<string, MethodRow>();
  /** The draft's methods and ours but the last two, in table order. */
  readonly #head: MethodRow[] = [];
  /** events.subscribe and dialog.handle: describe lists them after the engine's own methods. */
  readonly #tail: MethodRow[] = [];
  /** Each engine's method names, in the order the engine lists them. */
  readonly #customOf = new Map<Backend, readonly string[]>();

  constructor(
    readonly provider: Provider,
    api: DispatchApi,
  ) {
    const engines = provider.engines.list;
    const optionalOf = new Map(engines.map((e) => [e, new Set<string>(e.optionalMethods())]));
    for (const name of METHOD_NAMES) {
      const handler = handlerOf(name) as Handler<MethodName> | undefined;
      if (handler === undefined) continue;
      const { tier, traits, params } = METHODS[name];
      const offeredBy = tier === 'core' || traits.engineIndependent ? () => true : (e: Backend) => optionalOf.get(e)?.has(name) === true;
      this.#add(this.#head, { name, traits, params, handler, offeredBy });
    }
    for (const name of OWN_METHOD_NAMES) this.#add(name === 'events.subscribe' || name === 'dialog.handle' ? this.#tail : this.#head, ownRow(name, api));
    for (const engine of engines) {
      const list = engine.customMethods();
      this.#customOf.set(
        engine,
        list.map((m) => m.name),
      );
      // Engines that share a name share the method (`bidi.send`): the first engine's runs it.
      for (const m of list) if (!this.#rows.has(m.name)) this.#add(undefined, customRow(m, this));
    }
  }

  #add(list: MethodRow[] | undefined, row: MethodRow): void {
    this.#rows.set(row.name, row);
    list?.push(row);
  }

  get(name: string): MethodRow | undefined {
    return this.#rows.get(name);
  }

  /** Some fronted engine answers `name` (with several, the session's own engine is checked when it calls). */
  offered(name: string): boolean {
    const row = this.#rows.get(name);
    return row !== undefined && this.provider.engines.list.some((e) => row.offeredBy(e));
  }

  /** Every row `engine` answers, in describe's order: the draft's and ours, the engine's own, then events and dialogs. */
  rowsOf(engine: Backend): MethodRow[] {
    const own = (this.#customOf.get(engine) ?? []).flatMap((name) => this.#rows.get(name) ?? []);
    return [...this.#head.filter((r) => r.offeredBy(engine)), ...own, ...this.#tail];
  }

  /** Offered, and not shut by a server flag: what a tool list built over this provider shows. */
  callable(name: string): boolean {
    const gate = this.#rows.get(name)?.traits.gate;
    return this.offered(name) && (gate === undefined || gateEnabled(this.provider, gate));
  }

  /** Whether `engine` lists `name` among its own methods. */
  engineHas(engine: Backend, name: string): boolean {
    return this.#customOf.get(engine)?.includes(name) === true;
  }

  /** Confines a client path to `--upload-root`, for an engine method that takes one. */
  confinePath(method: string): (path: string, field: string, kind: PathKind) => string {
    return (path, field, kind) => allowedPath(this.provider.options.uploadRoots ?? [], path, field, { kind, method });
  }
}

function ownRow(name: OwnMethodName, api: DispatchApi): MethodRow {
  const spec = OWN_METHODS[name];
  return {
    name,
    traits: spec.traits,
    params: spec.params,
    listing: { description: spec.description, stability: spec.stability, result: spec.result },
    handler: ownHandler(name, api),
    // Core runs them on every engine, but those that need the engine's network control where it lists them.
    offeredBy: spec.perEngine === true ? (e) => e.ownMethods?.().includes(name) === true : () => true,
  };
}

/**
 * Every method takes `timeout_ms` and the dispatcher bounds the call with it, but a custom method's
 * schema strips what it does not list: a per-call timeout sent to one was dropped without a word and
 * the call ran under the server's default. An object schema without it gains the draft methods'
 * optional `timeout_ms` (so `describe` lists it and a bad value is refused), and the handler is given
 * only what the method declared.
 */
function withTimeout(params: z.ZodType): { params: z.ZodType; own: (p: unknown) => unknown } {
  // By shape, not instanceof: an engine's schema may come from another copy of zod.
  const object = params as Partial<Pick<z.ZodObject, 'shape' | 'extend'>>;
  if (typeof object.extend !== 'function' || typeof object.shape !== 'object' || 'timeout_ms' in object.shape) return { params, own: (p) => p };
  const own = (p: unknown) => {
    const { timeout_ms: _timeout, ...rest } = p as Record<string, unknown>;
    return rest;
  };
  return { params: object.extend.call(params, { timeout_ms: TimeoutMs.optional() }) as z.ZodType, own };
}

function customRow(m: CustomMethod, registry: MethodRegistry): MethodRow {
  const confinePath = registry.confinePath(m.name);
  const provider = registry.provider;
  const { params, own } = withTimeout(m.params);
  const handler: Handler<MethodName> = m.sessionScoped
    ? {
        scope: 'session',
        run: async (ctx, all) => {
          const p = own(all) as Record<string, unknown>;
          const page = ctx.session.currentPageId !== undefined || p.page_id !== undefined ? provider.page(ctx.session, p.page_id as string | undefined) : undefined;
          return m.handle(p, { signal: ctx.signal, confinePath, session: ctx.session.backend, ...(page ? { page: page.backend } : {}) }) as never;
        },
      }
    : { scope: 'provider', run: async (ctx, all) => m.handle(own(all), { signal: ctx.signal, confinePath }) as never };
  return {
    name: m.name,
    traits: traitsOfCustom(m),
    params,
    listing: { description: m.description, stability: m.stability, result: m.result },
    handler,
    offeredBy: (e) => registry.engineHas(e, m.name),
  };
}
