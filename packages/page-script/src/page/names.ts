/**
 * Accessible names. dom-accessibility-api (accname 1.2) is the reference. A handful of fast paths cover
 * the shapes that dominate real pages — aria-label, text-only buttons/links/headings, inputs labelled by
 * a text-only <label>, and roles that cannot take a name from content — because the library walks
 * and styles every descendant, which dominated snapshot time on large pages. Anything unusual falls
 * through to the library. `names-roles.browser.test.ts` checks the fast paths agree with it.
 *
 * One extension over the library: inputs fall back to `placeholder` / `aria-placeholder` when nothing
 * else names them, as Chromium, Firefox and WebKit all do (HTML-AAM).
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import type { StyleOf } from './style';
import { CONTAINER_NAME_ROLES, LEAF_NAME_ROLES } from './roles';

/** Any whitespace but a lone inner space: only then is there something to collapse or trim. */
const UNFLAT = /[^\S ]| {2}|^ | $/;

/** Collapses every whitespace run (the library keeps lone newlines) and trims. */
export function flat(s: string): string {
  // Most names and many text runs are already flat; testing is cheaper than rebuilding them.
  return UNFLAT.test(s) ? s.replace(/\s+/g, ' ').trim() : s;
}

/**
 * Deliberate deviation: CSS generated content (::before/::after) is left out of names, by the library
 * and by the fast paths alike. Browsers include it, but on real pages it is mostly icon-font glyphs
 * (private-use code points that mean nothing to a model), and computing two pseudo-element styles per
 * named element was the largest single cost of a snapshot (7% of the 1,000-row benchmark).
 * jsdom cannot compute pseudo-element styles at all, so this also keeps unit tests and browsers equal.
 */
const PSEUDO_STYLES = false;

/** The reference computation, with our whitespace rule and placeholder fallback. */
export function libraryName(el: Element, styleOf: StyleOf): string {
  const name = flat(
    computeAccessibleName(el, {
      computedStyleSupportsPseudoElements: PSEUDO_STYLES,
      getComputedStyle: ((e: Element, pseudo?: string | null) =>
        pseudo ? getComputedStyle(e, pseudo) : styleOf(e)) as typeof getComputedStyle,
    }),
  );
  return name || placeholderOf(el);
}

function placeholderOf(el: Element): string {
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea') return flat(el.getAttribute('placeholder') ?? '');
  return flat(el.getAttribute('aria-placeholder') ?? '');
}

/** Roles whose name only ever comes from aria-label/labelledby (handled before) or `title`. */
const ATTRIBUTE_ONLY_ROLES = new Set([
  'generic', 'none', 'presentation', 'paragraph', 'list', 'listitem', 'main', 'navigation', 'banner',
  'contentinfo', 'complementary', 'region', 'form', 'search', 'article', 'blockquote', 'document',
  'dialog', 'alertdialog', 'alert', 'status', 'log', 'group', 'separator', 'definition', 'term',
  'code', 'emphasis', 'strong', 'deletion', 'insertion', 'subscript', 'superscript', 'time', 'mark',
  'rowgroup', 'table', 'grid', 'tablist', 'menu', 'menubar', 'toolbar', 'tree', 'listbox', 'radiogroup',
]);

/** Elements whose own markup can name them in ways the attribute-only shortcut would miss. */
const NATIVE_NAMERS = new Set([
  'fieldset', 'table', 'img', 'area', 'input', 'select', 'textarea', 'optgroup', 'svg', 'figure', 'output',
  'meter', 'progress', 'caption', 'legend', 'figcaption', 'label',
]);

/** The element's text if all its children are text nodes (no markup, no pseudo content), else null. */
function plainText(el: Element): string | null {
  if (el.childElementCount !== 0 || el.shadowRoot) return null;
  return flat(el.textContent ?? '');
}

/** A label's text when it is plain text or plain text around the control it labels. */
function labelText(label: Element, control: Element, styleOf: StyleOf): string | null {
  // The library skips a label that is itself hidden; leave those to it.
  if (label.hasAttribute('hidden') || label.getAttribute('aria-hidden') === 'true') return null;
  const style = styleOf(label);
  if (style.display === 'none' || style.visibility === 'hidden') return null;
  let text = '';
  for (let n = label.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) text += (n as Text).data;
    else if (n !== control) return null;
  }
  return flat(text);
}

/**
 * Labels of each control, found once per op from the label side. `input.labels` looks cheap but is a
 * live list that Chromium builds by scanning the tree scope, which made a 1,000-row form quadratic.
 */
export class LabelIndex {
  private map: Map<Element, Element[]> | null = null;
  constructor(private readonly root: Document | ShadowRoot = document) {}

  labelsOf(control: Element): Element[] {
    if (!this.map) {
      this.map = new Map();
      const labels = this.root.querySelectorAll('label');
      for (let i = 0; i < labels.length; i++) {
        const label = labels[i] as HTMLLabelElement;
        const c = label.control;
        if (!c) continue;
        const list = this.map.get(c);
        if (list) list.push(label);
        else this.map.set(c, [label]);
      }
    }
    return this.map.get(control) ?? [];
  }
}

/** The library names a hidden element "" (accname step 2A); the fast paths leave those to it. */
function hiddenForName(el: Element, styleOf: StyleOf): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = styleOf(el);
  return style.display === 'none' || style.visibility === 'hidden';
}

/**
 * Fast answer for common shapes, or undefined to ask the library. `shown` tells that the caller
 * (the snapshot walk) already knows the element is rendered, saving a style lookup.
 */
export function fastName(el: Element, role: string, styleOf: StyleOf, labelIndex?: LabelIndex, shown = false): string | undefined {
  if (el.hasAttribute('aria-labelledby')) return undefined;
  if (!shown && hiddenForName(el, styleOf)) return undefined;
  const ariaLabel = flat(el.getAttribute('aria-label') ?? '');
  if (ariaLabel) return ariaLabel;
  const tag = el.localName;
  if (ATTRIBUTE_ONLY_ROLES.has(role) && !NATIVE_NAMERS.has(tag) && el.namespaceURI === 'http://www.w3.org/1999/xhtml') {
    return flat(el.getAttribute('title') ?? '');
  }
  if ((LEAF_NAME_ROLES.has(role) || CONTAINER_NAME_ROLES.has(role)) && !NATIVE_NAMERS.has(tag)) {
    const text = plainText(el);
    if (text) return text;
    return undefined;
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const type = (el as HTMLInputElement).type;
    if (tag === 'input' && (type === 'button' || type === 'submit' || type === 'reset' || type === 'image')) return undefined;
    // Controls in shadow trees are labelled within their own tree scope; leave those to the library.
    if (!labelIndex || el.getRootNode() !== document) return undefined;
    const labels = labelIndex.labelsOf(el);
    if (labels.length !== 1) return undefined;
    const text = labelText(labels[0]!, el, styleOf);
    return text ? text : undefined;
  }
  return undefined;
}

export function accessibleName(el: Element, role: string, styleOf: StyleOf, labelIndex?: LabelIndex, shown = false): string {
  const fast = fastName(el, role, styleOf, labelIndex, shown);
  if (fast !== undefined) return fast;
  try {
    return libraryName(el, styleOf);
  } catch {
    // The library throws on a few malformed trees (e.g. unknown abstract roles); a name is not worth an op failure.
    return '';
  }
}
