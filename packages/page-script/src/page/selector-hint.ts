/**
 * Short CSS selectors for snapshot nodes: `#id` when the id is unique in its tree scope, else a child
 * path of `tag:nth-of-type(k)` steps anchored at the nearest uniquely-id'd ancestor or at <body>.
 * Inside an open shadow root the path is relative to that root, which is how `query` runs selectors.
 * One HintMaker lives for one snapshot: id counts and per-parent sibling indexes are computed once,
 * keeping the whole pass linear in the number of elements.
 */

export function cssEscape(s: string): string {
  const css = (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS;
  if (css && typeof css.escape === 'function') return css.escape(s);
  // jsdom has no CSS.escape: the CSSOM "serialize an identifier" algorithm, condensed.
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s.charAt(i);
    const digit = c >= 0x30 && c <= 0x39;
    if (c === 0) out += '\uFFFD';
    else if ((c >= 1 && c <= 0x1f) || c === 0x7f || (i === 0 && digit) || (i === 1 && digit && s.charCodeAt(0) === 0x2d)) {
      out += `\\${c.toString(16)} `;
    } else if (i === 0 && s.length === 1 && c === 0x2d) out += `\\${ch}`;
    else if (c >= 0x80 || c === 0x2d || c === 0x5f || digit || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

const IDENT = /^[a-zA-Z][\w-]*$/;

export class HintMaker {
  private idCounts = new Map<Node, Map<string, number>>();
  private steps = new Map<Element, string>();
  private paths = new Map<Element, string>();

  hint(el: Element): string {
    try {
      return this.path(el);
    } catch {
      return el.localName;
    }
  }

  private uniqueId(el: Element): string | null {
    const id = el.id;
    if (!id) return null;
    const root = el.getRootNode() as Document | ShadowRoot;
    let counts = this.idCounts.get(root);
    if (!counts) {
      counts = new Map();
      const all = root.querySelectorAll('[id]');
      for (let i = 0; i < all.length; i++) {
        const v = all[i]!.id;
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      this.idCounts.set(root, counts);
    }
    return counts.get(id) === 1 ? `#${cssEscape(id)}` : null;
  }

  private path(el: Element): string {
    const cached = this.paths.get(el);
    if (cached !== undefined) return cached;
    let result = this.uniqueId(el);
    if (result === null) {
      const parent = el.parentNode;
      const tag = el.localName;
      if (tag === 'body' || tag === 'html' || !parent) result = IDENT.test(tag) ? tag : cssEscape(tag);
      else if (parent.nodeType !== 1) result = this.step(el, parent); // top of a shadow root
      else {
        const parentPath = this.path(parent as Element);
        result = `${parentPath === 'html' ? '' : `${parentPath}>`}${this.step(el, parent)}`;
      }
    }
    this.paths.set(el, result);
    return result;
  }

  /** `tag` or `tag:nth-of-type(k)`; one pass over the parent's children fills in all its siblings. */
  private step(el: Element, parent: ParentNode): string {
    const known = this.steps.get(el);
    if (known !== undefined) return known;
    const totals = this.scratch;
    totals.clear();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      totals.set(c.localName, (totals.get(c.localName) ?? 0) + 1);
    }
    const seen = this.scratch2;
    seen.clear();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      const tag = c.localName;
      const total = totals.get(tag)!;
      const name = this.tagName(tag);
      if (total === 1) this.steps.set(c, name);
      else {
        const k = (seen.get(tag) ?? 0) + 1;
        seen.set(tag, k);
        this.steps.set(c, `${name}:nth-of-type(${k})`);
      }
    }
    return this.steps.get(el) ?? el.localName;
  }

  private tagName(tag: string): string {
    let name = this.tagNames.get(tag);
    if (name === undefined) {
      name = IDENT.test(tag) ? tag : cssEscape(tag);
      this.tagNames.set(tag, name);
    }
    return name;
  }

  private readonly tagNames = new Map<string, string>();
  private readonly scratch = new Map<string, number>();
  private readonly scratch2 = new Map<string, number>();
}
