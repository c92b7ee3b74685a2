/**
 * Visibility, enablement and editability — the element facts every op shares. A per-call style cache
 * keeps the snapshot walk and the accessible-name library from asking for the same element twice.
 */
import { composedParent } from './tree';

/**
 * jsdom (our unit-test DOM) has no layout: every box is 0×0 there. Treating boxes as sized under jsdom
 * lets unit tests exercise everything but geometry; geometry is tested in real browsers.
 */
export const NO_LAYOUT = /jsdom/i.test(typeof navigator === 'undefined' ? '' : navigator.userAgent);

export type StyleOf = (el: Element) => CSSStyleDeclaration;

/** A getComputedStyle with a cache for one op call (styles change between calls, never during one). */
export function styleCache(): StyleOf {
  const cache = new Map<Element, CSSStyleDeclaration>();
  return (el: Element) => {
    let s = cache.get(el);
    if (!s) {
      s = getComputedStyle(el);
      cache.set(el, s);
    }
    return s;
  };
}

/** Subtrees never offered to an agent, whatever their style says. */
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title']);

/** Whether this element and everything under it is out of the tree (not rendered or not for users). */
export function prunesSubtree(el: Element, style: CSSStyleDeclaration): boolean {
  return prunedByMarkup(el) || style.display === 'none';
}

/** The part of `prunesSubtree` that needs no style: skipped tags, `hidden`, `inert`, aria-hidden. */
export function prunedByMarkup(el: Element): boolean {
  if (SKIPPED_TAGS.has(el.localName)) return true;
  if (el.hasAttribute('hidden') || el.hasAttribute('inert')) return true;
  return el.getAttribute('aria-hidden') === 'true';
}

/** visibility:hidden/collapse hides the element itself; descendants may set visibility:visible again. */
export function hiddenByVisibility(style: CSSStyleDeclaration): boolean {
  return style.visibility === 'hidden' || style.visibility === 'collapse';
}

/**
 * Whether `el` is rendered and visible by style, judged from its ancestors too (for ops that start
 * from one element rather than walking down from the root).
 */
export function styleVisible(el: Element, styleOf: StyleOf = getComputedStyle): boolean {
  const anyEl = el as Element & { checkVisibility?: (o?: object) => boolean };
  // checkVisibility answers display/content-visibility in one layout-backed call where it exists; the
  // ancestor walk below covers engines without it (and jsdom) and our own `hidden`/inert/aria-hidden rules.
  if (typeof anyEl.checkVisibility === 'function' && !anyEl.checkVisibility()) return false;
  if (hiddenByVisibility(styleOf(el))) return false;
  for (let n: Element | null = el; n; n = composedParent(n)) {
    if (n.hasAttribute('hidden') || n.hasAttribute('inert') || n.getAttribute('aria-hidden') === 'true') {
      // hidden="until-found" and friends: treat every `hidden` as hidden, as the snapshot does.
      return false;
    }
    if (styleOf(n).display === 'none') return false;
  }
  return true;
}

export function hasSize(el: Element): boolean {
  if (NO_LAYOUT) return true;
  // offsetWidth/Height skip allocating a DOMRect and cost a third of getBoundingClientRect in
  // Chromium 156 (1,000-row benchmark). They ignore transforms, which only matters for scale(0).
  const html = el as HTMLElement;
  if (typeof html.offsetWidth === 'number') return html.offsetWidth > 0 && html.offsetHeight > 0;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** Elements that can match :disabled (form controls and their groupings). */
const DISABLABLE = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

/** Native disabled, including the fieldset inheritance rules (with its legend exception) via :disabled. */
export function nativelyDisabled(el: Element): boolean {
  return DISABLABLE.has(el.localName) && el.matches(':disabled');
}

/** Not natively disabled and no aria-disabled="true" on it or an ancestor. */
export function isEnabled(el: Element): boolean {
  if (nativelyDisabled(el)) return false;
  for (let n: Element | null = el; n; n = composedParent(n)) {
    if (n.getAttribute('aria-disabled') === 'true') return false;
  }
  return true;
}

const TEXT_INPUT_TYPES = new Set([
  'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month',
  'time', 'week', '',
]);

export type EditCheck = 'ok' | 'file_input' | 'not_editable';

/** Whether typing into `el` makes sense: text-like inputs, textareas, contenteditable hosts. */
export function editability(el: Element): EditCheck {
  if (el.localName === 'input') {
    const input = el as HTMLInputElement;
    // `type` (the property) already maps unknown type attributes to "text", as engines do.
    if (input.type === 'file') return 'file_input';
    if (!TEXT_INPUT_TYPES.has(input.type)) return 'not_editable';
    return input.readOnly ? 'not_editable' : 'ok';
  }
  if (el.localName === 'textarea') return (el as HTMLTextAreaElement).readOnly ? 'not_editable' : 'ok';
  if ((el as HTMLElement).isContentEditable) return 'ok';
  return 'not_editable';
}
