/**
 * Entry of the in-page bundle. Installs `globalThis[PAGE_SCRIPT_GLOBAL]` once per document: a second
 * evaluation (every backend re-injects when unsure) finds it and does nothing, so ids and the doc
 * token survive. A different version is replaced, so OP_CALLER never loops on a stale install.
 */
import { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION } from '../constants';
import type { OpName } from '../contract';
import { DOC, elementById, idFor, resolve } from './registry';
import { ops } from './ops';
import { thrownText } from '../thrown';
import { OPTIONS } from './realm';
import type { PageWalker } from './page-walker';
import { snapshot } from './snapshot';
import { watchScrolls } from './scrolling';

interface Installed {
  version: string;
  ops: typeof ops;
  element(id: unknown, doc?: unknown): Element | null;
  call(op: string, argsJson: string): Promise<string>;
}

// Captured now: pages sometimes replace JSON (old Prototype.js broke JSON.stringify on arrays).
const stringify = JSON.stringify;
const parse = JSON.parse;

async function call(op: string, argsJson: string): Promise<string> {
  try {
    const fn = Object.prototype.hasOwnProperty.call(ops, op) ? (ops[op as OpName] as (...a: unknown[]) => unknown) : undefined;
    if (typeof fn !== 'function') return stringify({ ok: false, error: `unknown page-script op ${stringify(op)}` });
    const args: unknown = parse(argsJson);
    const value = await fn(...(Array.isArray(args) ? args : []));
    return stringify({ ok: true, value: value === undefined ? null : value });
  } catch (e) {
    return stringify({ ok: false, error: thrownText(e) });
  }
}

const g = globalThis as unknown as Record<string, Installed | undefined>;
const existing = g[PAGE_SCRIPT_GLOBAL];
if (OPTIONS.walker?.side === 'page') {
  // The page's realm gets only the snapshot walker, for our sandbox to take (./page-walker.ts).
  const walker: PageWalker = {
    doc: DOC,
    snapshot: async (argsJson) => {
      const args: unknown = parse(argsJson);
      return stringify(await snapshot(Array.isArray(args) ? args[0] : null));
    },
    element: elementById,
    idFor,
  };
  Object.defineProperty(globalThis, OPTIONS.walker.name, { value: walker, configurable: true, enumerable: false, writable: false });
} else if (!existing || existing.version !== PAGE_SCRIPT_VERSION) {
  const installed: Installed = {
    version: PAGE_SCRIPT_VERSION,
    ops,
    element: (id, doc) => (doc === undefined || doc === null ? elementById(id) : resolve(doc, id)),
    call,
  };
  Object.defineProperty(globalThis, PAGE_SCRIPT_GLOBAL, { value: installed, configurable: true, enumerable: false, writable: false });
  watchScrolls();
}
