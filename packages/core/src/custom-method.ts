import type { Stability } from '@browser-provider/protocol';
import type { z } from 'zod';
import type { BackendPage, BackendSession } from './backend';
import type { PathKind } from './ops/upload';

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

/** The server flags that enable a gated method, each named as on the command line without `--`. */
export type Gate = 'allow-debug' | 'allow-eval' | 'allow-extensions';

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
  handle(params: z.infer<P>, ctx: CustomMethodContext): Promise<z.infer<R>>;
}

export function defineCustomMethod<P extends z.ZodType, R extends z.ZodType>(m: CustomMethod<P, R>): CustomMethod<P, R> {
  return m;
}
