import type { Backend, BackendPage, BackendSession } from '@browser-provider/core';

/**
 * The backend, with every page op call of its pages first passed to `before` (which may act on the
 * real page: close it, navigate it) and then sent as usual. For tests that need the page to change at
 * one exact step of a method, which no page of its own can time.
 */
export function beforePageCalls(backend: Backend, before: (page: BackendPage, op: string, signal: AbortSignal) => Promise<void>): Backend {
  const page = (inner: BackendPage): BackendPage =>
    forward(inner, {
      call: async (frame: unknown, op: string, args: unknown, signal: AbortSignal) => {
        await before(inner, op, signal);
        return (inner.call as (...a: unknown[]) => Promise<unknown>).call(inner, frame, op, args, signal);
      },
    });
  const session = (inner: BackendSession): BackendSession => forward(inner, { newPage: async (signal: AbortSignal) => page(await inner.newPage(signal)) });
  return forward(backend, { createSession: async (opts: unknown) => session(await (backend.createSession as (o: unknown) => Promise<BackendSession>).call(backend, opts)) });
}

/** `target` with `overrides` in place of some methods; the others called on `target` itself. */
function forward<T extends object>(target: T, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string' && key in overrides) return overrides[key];
      const v: unknown = Reflect.get(t, key, t);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}
