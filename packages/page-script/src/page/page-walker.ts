/**
 * Firefox: the snapshot walk in the page's own realm, while everything that decides an action stays in
 * our sandbox (issue 21, item 5). Firefox's sandbox reaches the page through Xray wrappers, and on
 * the walk every DOM read pays for crossing them: the 1,000-row page's full snapshot took about 4×
 * what the same walk takes in the page's realm (`pnpm bench:realm`).
 *
 * How it is kept ours:
 * - Two preload scripts, registered in this order, run in every new document before any page script:
 *   the page script in the page's realm, which installs only this walker under a name chosen per
 *   session (`OPTIONS.walker`, side `page`), then our sandbox's install (side `sandbox`), which takes
 *   the walker through the waived window and deletes the name. The page never sees the name, so the
 *   function we call is ours; what it captured at install (JSON, the deflater, realm.ts's functions)
 *   was taken before the page could replace anything.
 * - The walk itself reads the DOM as any script of the page's realm does, through the page's
 *   prototypes as they are when it runs: a page that patches them changes only its own description,
 *   as it could with its markup. Nothing the walker answers is a reason to act: every action check
 *   still runs here, on the sandbox's pristine functions.
 * - Element identity stays here: the sandbox's registry (./registry.ts) binds each id it resolves or
 *   mints to its element for good, checks what the walker hands over with pristine getters (an
 *   element of this document, connected), and never lets the walker move a known id or element.
 *   A document we could not take a walker in (installed after its scripts ran) walks in the sandbox.
 */
import type { FrameWire } from '../wire';
import { OPTIONS, P } from './realm';

/** What the page-realm install exposes (built in ./main.ts). */
export interface PageWalker {
  doc: string;
  /** The `snapshot` op's answer as JSON. */
  snapshot(argsJson: string): Promise<string>;
  element(id: number): unknown;
  idFor(el: Element): unknown;
}

/** Firefox's sandbox builtin that rewraps a waived page object in an Xray (pristine DOM access). */
declare const XPCNativeWrapper: ((o: unknown) => unknown) | undefined;

// Captured at install, in the sandbox: pristine.
const stringify = JSON.stringify;
const parse = JSON.parse;

function take(): PageWalker | null {
  const name = OPTIONS.walker?.side === 'sandbox' ? OPTIONS.walker.name : undefined;
  if (!name || typeof XPCNativeWrapper !== 'function') return null;
  try {
    const page = (window as unknown as { wrappedJSObject?: Record<string, unknown> }).wrappedJSObject;
    if (!page) return null;
    const found = page[name] as PageWalker | undefined;
    delete page[name];
    if (!found || typeof found.doc !== 'string' || typeof found.snapshot !== 'function' ||
      typeof found.element !== 'function' || typeof found.idFor !== 'function') return null;
    return found;
  } catch {
    return null;
  }
}

/** The page realm's walker, when this document's preloads put it there; else null (walk here). */
export const walker: PageWalker | null = take();

/** The walker's snapshot, parsed with our own JSON. */
export async function walkInPage(w: PageWalker, opts: unknown): Promise<FrameWire> {
  const json: unknown = await w.snapshot(stringify([opts ?? null]));
  if (typeof json !== 'string') throw new Error('the snapshot walker in the page realm answered no text');
  return parse(json) as FrameWire;
}

/** An element the walker handed over, as an Xray (pristine access) if it is one; else null. */
export function pageElement(raw: unknown): Element | null {
  if (raw === null || typeof raw !== 'object' || typeof XPCNativeWrapper !== 'function') return null;
  const el = XPCNativeWrapper(raw) as Element;
  if (P.nodeType(el) !== 1) return null;
  return el;
}
