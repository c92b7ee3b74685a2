import type { AnyMethodName, ErrorCode } from '@browser-provider/protocol';
import { CATALOG } from '.';

export { CATALOG, catalogEntry, repairOf, type ErrorEntry, type McpCall, type McpRepair, type WireError } from '.';

/**
 * The error catalog (./catalog) as the rows docs/errors.md prints: the protocol code, the
 * `details.code`, whether retrying the same call can succeed, the method(s) its repair names, and when
 * it happens. A view, not a second list: every fact comes from the catalog's entries.
 */
export interface CauseInfo {
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair?: AnyMethodName | '(the method called)';
  /** Other methods the repair names where the raise site knows a closer one. */
  also?: readonly AnyMethodName[];
  when: string;
}

export const CORE_CAUSES: readonly CauseInfo[] = CATALOG.map((e) => ({
  code: e.code,
  detail: e.detail,
  retryable: e.retryable,
  ...(e.repair !== undefined ? { repair: e.repair.method } : {}),
  ...(e.repair?.also !== undefined ? { also: e.repair.also } : {}),
  when: e.when,
}));
