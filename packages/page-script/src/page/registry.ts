/**
 * Element ids for one document. The same node keeps its id for the life of the install, and an id is
 * never handed to another node: the counter only grows. WeakMap/WeakRef keep the registry from holding
 * removed nodes alive, so a page that churns its DOM does not leak through us.
 *
 * Where the snapshot walks in the page's realm (Firefox, ./page-walker.ts), ids are minted there and
 * this registry binds each one it meets to its element for good: what the walker answers later can
 * neither move an id to another element nor give a known element a second id.
 */
import { pageElement, walker } from './page-walker';

function randomToken(): string {
  try {
    const c = (globalThis as { crypto?: Crypto }).crypto;
    if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  } catch {
    // randomUUID needs a secure context in some engines (http:// pages); fall through.
  }
  let s = '';
  for (let i = 0; i < 4; i++) s += Math.random().toString(36).slice(2, 10);
  return s;
}

export const DOC: string = walker ? walker.doc : randomToken();

const idOf = new WeakMap<Element, number>();
const byId = new Map<number, WeakRef<Element>>();
let next = 1;
let sweepAt = 4096;

/** The element's id, minting one the first time we see it. */
export function idFor(el: Element): number {
  const known = idOf.get(el);
  if (known !== undefined) return known;
  const id = walker ? walker.idFor(el) : next++;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || byId.get(id)?.deref()) throw new Error('the page realm\'s registry gave no usable id');
  remember(el, id);
  return id;
}

function remember(el: Element, id: number): void {
  idOf.set(el, id);
  byId.set(id, new WeakRef(el));
  if (byId.size >= sweepAt) sweep();
}

/** The element the page realm's registry has for `id`, unless we know it under another id. */
function fromWalker(id: number): Element | undefined {
  let el: Element | null;
  try {
    el = pageElement(walker!.element(id));
  } catch {
    return undefined;
  }
  if (!el || idOf.has(el)) return undefined;
  remember(el, id);
  return el;
}

/** The id already given to `el`, without minting one. */
export function knownId(el: Element): number | undefined {
  return idOf.get(el);
}

/** Drops map entries whose element was collected, so the Map does not grow with a churning DOM. */
function sweep(): void {
  for (const [id, ref] of byId) if (!ref.deref()) byId.delete(id);
  sweepAt = Math.max(4096, byId.size * 2);
}

/** The connected element with this id, or null. Never another element. */
export function elementById(id: unknown): Element | null {
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  const el = byId.get(id)?.deref() ?? (walker ? fromWalker(id) : undefined);
  // An adopted node may still be connected, but in another document: not ours any more.
  if (!el || !el.isConnected || el.ownerDocument !== document) return null;
  return el;
}

/** Resolves (doc, id) as every element op does: a different doc or a gone element is stale. */
export function resolve(doc: unknown, id: unknown): Element | null {
  if (doc !== DOC) return null;
  return elementById(id);
}
