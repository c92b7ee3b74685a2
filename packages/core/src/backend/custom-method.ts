import type { Gate, MethodTraits, Stability } from '@browser-provider/protocol';
import { traitsOf } from '@browser-provider/protocol';
import type { z } from 'zod';
import type { BackendPage } from './backend';
import type { BackendSession } from './session';

/**
 * What a client path must name on the server. Here, beside the custom-method types that take it, so
 * the interface a backend implements imports nothing of core's operations.
 */
export type PathKind = 'file' | 'directory';

export interface CustomMethodContext {
  signal: AbortSignal;
  /** The caller's backend session, for methods that take `session_id`. */
  session?: BackendSession;
  /** The page named by `page_id` (or the session's current page), for page-scoped methods. */
  page?: BackendPage;
  /**
   * Confines a client path to the server's allowed roots (`--upload-root`), as `upload.set_files`
   * does: the real path, or a refusal that does not tell whether the path exists. The dispatcher
   * always sets it; a caller that does not (a test calling `handle` directly) gets no server paths.
   */
  confinePath?: (path: string, field: string, kind: PathKind) => string;
}

export type { Gate } from '@browser-provider/protocol';

/**
 * A namespaced method an engine adds (`firefox.*`, `cdp.send`, …). Its params are validated by the
 * dispatcher with `params`, and `describe` advertises JSON Schemas derived from `params` and `result`.
 * A gated method is advertised but refused with `permission_denied` unless the server enables `gate`.
 */
export interface CustomMethod<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  stability: Stability;
  params: P;
  result: R;
  /** Needs a session: params must carry `session_id`. */
  sessionScoped: boolean;
  /** Server flag that enables it (e.g. `allow-debug`); absent = always enabled. */
  gate?: Gate;
  /**
   * Can change the page, the session or the browser: input, an install, or a raw protocol command
   * (what one sends is not known, so a passthrough counts). As for the protocol's own methods: while
   * a job runs only the job may act (`job_active`), and a call cut off once started says its outcome
   * is unknown, not that nothing was changed. Absent: it only reads.
   */
  mutating?: boolean;
  handle(params: z.infer<P>, ctx: CustomMethodContext): Promise<z.infer<R>>;
}

export function defineCustomMethod<P extends z.ZodType, R extends z.ZodType>(m: CustomMethod<P, R>): CustomMethod<P, R> {
  return m;
}

/**
 * A custom method's traits, from its one declaration (`sessionScoped`, `gate`, `mutating`): the same
 * MethodTraits the draft's and our methods carry in protocol. Its schemas stay with the engine's
 * package, which protocol does not depend on; an engine's method never runs in a job.
 */
export function traitsOfCustom(m: Pick<CustomMethod, 'sessionScoped' | 'gate' | 'mutating'>): MethodTraits {
  return traitsOf('custom', {
    scope: m.sessionScoped ? 'session' : 'provider',
    ...(m.gate === undefined ? {} : { gate: m.gate }),
    ...(m.mutating === true ? { mutating: true } : {}),
  });
}
