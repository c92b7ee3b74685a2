/**
 * The composed ("flat") tree: what is rendered. Open shadow roots replace their host's light children,
 * and a <slot> shows what was assigned to it (or its fallback content). Closed shadow roots are out of
 * reach from page script; their hosts show their light children, which is the best we can do.
 */
import { thrownText } from '../thrown';

/** Children of `node` in rendering order. */
export function composedChildren(node: Node): ArrayLike<Node> {
  if (node.nodeType === 1) {
    const el = node as Element;
    const root = el.shadowRoot;
    if (root) return root.childNodes;
    if (el.localName === 'slot' && el.getRootNode().nodeType === 11) {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      if (assigned.length > 0) return assigned;
    }
  }
  return node.childNodes;
}

/** Parent in the flat tree: a slotted node's slot, a shadow root's host, else the parent element. */
export function composedParent(node: Node): Element | null {
  const slot = (node as Element | Text).assignedSlot;
  if (slot) return slot;
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent.nodeType === 1 ? (parent as Element) : null;
}

/** Whether `inner` is `outer` or inside it, crossing open shadow boundaries and slots. */
export function composedContains(outer: Element, inner: Node | null): boolean {
  for (let n: Node | null = inner; n; n = composedParent(n)) if (n === outer) return true;
  return false;
}

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** The document and every open shadow root in it, in document order. */
export function allRoots(): (Document | ShadowRoot)[] {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++) {
    const root = roots[i]!;
    // createTreeWalker is the fastest full-element scan available from script.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const sr = (n as Element).shadowRoot;
      if (sr) roots.push(sr);
    }
  }
  return roots;
}

/**
 * querySelectorAll over the document and its open shadow roots. Throws the browser's SyntaxError for
 * an invalid selector (callers validate first with `checkSelector`).
 */
export function deepQueryAll(selector: string): Element[] {
  const out: Element[] = [];
  for (const root of allRoots()) {
    const found = root.querySelectorAll(selector);
    for (let i = 0; i < found.length; i++) out.push(found[i]!);
  }
  return out;
}

/** `null` when the selector parses, else the parser's message. Never throws. */
export function checkSelector(selector: unknown): string | null {
  if (typeof selector !== 'string' || selector.trim() === '') return 'selector must be a non-empty string';
  try {
    // An empty fragment can still reject late in some parsers (jsdom's nwsapi): try the document too.
    document.createDocumentFragment().querySelector(selector);
    document.querySelector(selector);
    return null;
  } catch (e) {
    return thrownText(e);
  }
}
