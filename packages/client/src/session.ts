import type { z } from 'zod';
import { METHODS, OWN_METHODS, type ResponseEnvelope } from '@browser-provider/protocol';
import { toResult } from './envelope';
import { CallError } from './errors';
import type { CallOptions, CallParams, CallResult, ProviderPage, ProviderSession } from './method-types';

/**
 * The session-bound client, built from the method tables at run time by the same rules its types
 * (session-types.ts) derive: where a method goes, its key, whether it takes a ref first and which
 * field it takes positionally. Adding a method to the protocol adds it here; nothing names one.
 */

/** What binding needs of a provider: any method by name (ours too), the envelope back. */
export interface CallSurface {
  callUntyped(method: string, params?: unknown, options?: CallOptions): Promise<ResponseEnvelope>;
}

export interface Binding {
  /** The protocol method, e.g. `upload.set_files`. */
  method: string;
  /** Its namespace on the handle, or undefined when it sits flat (the handle's own namespace). */
  ns: string | undefined;
  /** Its key, camelCased: `setFiles`. */
  key: string;
  /** Takes an element: a string first argument is `element_ref`. */
  ref: boolean;
  /** The one required field, when it may be passed positionally (see LoneKey). */
  lone: string | undefined;
}

const TARGET_KEYS = new Set(['element_ref', 'selector', 'text_query', 'rev']);
const BOUND_KEYS = new Set(['session_id', 'page_id']);
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
}

/** The single required field besides the ids and the target, unless it is an object (then it is not positional). */
function loneKey(shape: Record<string, z.ZodType>): string | undefined {
  const required = Object.entries(shape).filter(([k, field]) => !TARGET_KEYS.has(k) && !BOUND_KEYS.has(k) && !field.safeParse(undefined).success);
  if (required.length !== 1) return undefined;
  const [key, field] = required[0] as [string, z.ZodType];
  const type = (field as unknown as { def: { type: string } }).def.type;
  return type === 'object' || type === 'record' ? undefined : key;
}

/** The methods a page handle (`page`) or a session handle (`session`) carries, in table order. */
export function bindingsOf(home: 'page' | 'session'): Binding[] {
  const out: Binding[] = [];
  const specs: [string, { params: z.ZodType }][] = [...Object.entries(METHODS), ...Object.entries(OWN_METHODS)];
  for (const [method, spec] of specs) {
    const shape = shapeOf(spec.params);
    const kind = 'page_id' in shape ? 'page' : 'session_id' in shape ? 'session' : undefined;
    if (kind !== home) continue;
    const dot = method.indexOf('.');
    const ns = method.slice(0, dot);
    out.push({ method, ns: ns === home ? undefined : ns, key: camel(method.slice(dot + 1)), ref: 'element_ref' in shape, lone: loneKey(shape) });
  }
  return out;
}

const BINDINGS = { page: bindingsOf('page'), session: bindingsOf('session') };

/** The params and options of a bound call, from its arguments: `[ref], [lone value], [params], [options]`. */
export function argsToParams(b: Binding, args: readonly unknown[]): { params: Record<string, unknown>; options: CallOptions | undefined } {
  let i = 0;
  const positional: Record<string, unknown> = {};
  if (b.ref && typeof args[0] === 'string') positional.element_ref = args[i++];
  if (b.lone !== undefined && args[i] !== undefined && !isPlainObject(args[i])) positional[b.lone] = args[i++];
  const given = args[i];
  if (given !== undefined && !isPlainObject(given)) throw new TypeError(`${b.method}: argument ${i + 1} should be the params object, got ${JSON.stringify(given)}`);
  return { params: { ...given, ...positional }, options: args[i + 1] as CallOptions | undefined };
}

type Invoke = (b: Binding, args: readonly unknown[]) => Promise<unknown>;

function methodsOf(bindings: readonly Binding[], invoke: Invoke): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of bindings) {
    const holder = b.ns === undefined ? out : ((out[b.ns] ??= {}) as Record<string, unknown>);
    holder[b.key] = (...args: unknown[]) => invoke(b, args);
  }
  return out;
}

/** Both forms of every method, with `ids` filled in (they win over anything the caller passed). */
function bind(provider: CallSurface, home: 'page' | 'session', ids: Record<string, string>): { throwing: Record<string, unknown>; results: Record<string, unknown> } {
  const answer = (b: Binding, args: readonly unknown[]) => {
    const { params, options } = argsToParams(b, args);
    return provider.callUntyped(b.method, { ...params, ...ids }, options).then((e) => toResult(e) as CallResult<never>);
  };
  return {
    results: methodsOf(BINDINGS[home], answer),
    throwing: methodsOf(BINDINGS[home], async (b, args) => {
      const r = await answer(b, args);
      if (!r.ok) throw new CallError(b.method, r.error);
      return r.result;
    }),
  };
}

function pageHandle(provider: CallSurface, session: ProviderSession, pageId: string, opened: unknown): ProviderPage {
  const { throwing, results } = bind(provider, 'page', { session_id: session.id, page_id: pageId });
  return Object.assign(throwing, { id: pageId, session, opened, try: results }) as unknown as ProviderPage;
}

/**
 * Calls session.ensure and answers with the session it gave, every session method bound to its id.
 * Throws CallError when the provider refuses (a session limit, an engine it lacks).
 */
export async function openSession(provider: CallSurface, params: CallParams<'session.ensure'> = {}, options?: CallOptions): Promise<ProviderSession> {
  const ensured = toResult(await provider.callUntyped('session.ensure', params, options)) as CallResult<'session.ensure'>;
  if (!ensured.ok) throw new CallError('session.ensure', ensured.error);
  const id = ensured.result.session_id;
  const { throwing, results } = bind(provider, 'session', { session_id: id });
  const session = Object.assign(throwing, {
    id,
    ensured: ensured.result,
    try: results,
    page: (pageId: string) => pageHandle(provider, session, pageId, undefined),
    open: async (url: string, rest: Omit<CallParams<'page.open'>, 'session_id' | 'page_id' | 'url'> = {}, openOptions?: CallOptions) => {
      const r = toResult(await provider.callUntyped('page.open', { ...rest, url, session_id: id }, openOptions)) as CallResult<'page.open'>;
      if (!r.ok) throw new CallError('page.open', r.error);
      return pageHandle(provider, session, r.result.page_id, r.result);
    },
  }) as unknown as ProviderSession;
  return session;
}
