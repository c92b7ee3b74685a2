/**
 * The error catalog: every (code, detail) core answers, with its retryable, repair (protocol and MCP)
 * and docs sentence. Code raises through `raise(ERRORS.x, message, args)`; docs/errors.md is generated
 * from `CATALOG` (apps/cli/scripts/errors-doc.ts).
 */
export { raise, repairOf, defineError } from './entry';
export type { ErrorEntry, McpCall, McpRepair, RaiseOptions, RepairSpec, WireError } from './entry';
export { ORIGIN_PLACEHOLDER, PATH_PLACEHOLDER, VALUE_PLACEHOLDER, type Ids } from './args';
export { ACTIONABILITY, CATALOG, ERRORS, catalogEntry } from './table';
export { readyToSend } from './ready';
