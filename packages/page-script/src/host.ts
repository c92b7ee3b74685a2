/**
 * Node-side helpers for injecting and calling the page script. Backends use exactly these:
 *
 *   1. call `OP_CALLER` as a function with two string arguments `(op, JSON.stringify(args))` in the
 *      target frame, awaiting the promise it returns;
 *   2. it answers a string: pass it to `parseOpReply`. `null` means the script is not installed in this
 *      document: evaluate `pageScriptSource()` there (an idempotent IIFE) and call again;
 *   3. to turn a local element id into a driver element handle (BiDi remote value / classic web element),
 *      call `ELEMENT_BY_ID` with argument `(id)`.
 *
 * TODO(page-script helper): implement pageScriptSource() by bundling ./page/main.ts with esbuild.
 */
export const PAGE_SCRIPT_GLOBAL = '__browserProvider';
export const PAGE_SCRIPT_VERSION = '0.1.0';

export const OP_CALLER = `async function (op, argsJson) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  if (!bp || bp.version !== ${JSON.stringify(PAGE_SCRIPT_VERSION)}) return null;
  try {
    return JSON.stringify({ ok: true, value: await bp.ops[op](...JSON.parse(argsJson)) });
  } catch (e) {
    return JSON.stringify({ ok: false, error: String(e && e.message || e) });
  }
}`;

export const ELEMENT_BY_ID = `function (id) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  return (bp && bp.element(id)) || null;
}`;

export type OpReply = { ok: true; value: unknown } | { ok: false; error: string } | null;

export function parseOpReply(reply: unknown): OpReply {
  if (reply === null || reply === undefined) return null;
  if (typeof reply !== 'string') throw new Error(`page script answered a ${typeof reply}, expected a string`);
  return JSON.parse(reply) as OpReply;
}

export function pageScriptSource(): string {
  throw new Error('pageScriptSource not implemented yet');
}
