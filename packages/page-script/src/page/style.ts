/**
 * Visibility, enablement and editability — the element facts every op shares. A per-call style cache
 * keeps the snapshot walk and the accessible-name library from asking for the same element twice.
 */
import { P } from './realm';

/**
 * jsdom (our unit-test DOM) has no layout: every box is 0×0 there. Its harness installs the script
 * with `noLayout` (an install option, never a guess from the page), and boxes then count as sized, so
 * unit tests exercise everything but geometry; geometry is tested in real browsers.
 */
const NO_LAYOUT = P.noLayout;

export type StyleOf = (el: Element) => CSSStyleDeclaration;

/** A getComputedStyle with a cache for one op call (styles change between calls, never during one). */
export function styleCache(): StyleOf {
  const cache = new Map<Element, CSSStyleDeclaration>();
  return (el: Element) => {
    let s = cache.get(el);
    if (!s) {
      s = P.style(el);
      cache.set(el, s);
    }
    return s;
  };
}

/**
 * The style the accessible-name library reads for `el` (names.ts): the element's own, but for two
 * elements the library would name as no browser does. A `<br>` counts as a break between words, as
 * Chromium, Firefox and WebKit name `<h4>Follow Us<br>On Twitter</h4>` ("Follow Us On Twitter"); the
 * library only puts a space around a child whose display is not inline. A `<noscript>`'s content is,
 * with scripts on, unparsed markup the page never shows, and no browser names by it; the library
 * skips a child whose display is none.
 */
export function nameStyle(el: Element, styleOf: StyleOf): CSSStyleDeclaration {
  const tag = P.localName(el);
  if (tag === 'br') return AS_BREAK;
  if (tag === 'noscript') return AS_UNSHOWN;
  const style = styleOf(el);
  // The library trims each element's text before it joins them, so the space at an inline element's
  // edge is lost ("207TWEET" for `<span>207 </span><span>TWEET</span>`, USA Today's share links);
  // browsers keep it. Such an element reads as not inline, so the library joins it with a space.
  if (P.prop(style, 'display') === 'inline' && edgeSpace(el)) return asSpaced(style);
  return style;
}

const EDGE_SPACE = /^\s|\s$/;

/** Whether `el` starts or ends with a text node that starts or ends with whitespace. */
function edgeSpace(el: Element): boolean {
  const first = el.firstChild;
  const last = el.lastChild;
  return (first !== null && first.nodeType === 3 && EDGE_SPACE.test((first as Text).data)) ||
    (last !== null && last !== first && last.nodeType === 3 && EDGE_SPACE.test((last as Text).data));
}

const asSpaced = (style: CSSStyleDeclaration) =>
  ({ display: 'inline-block', getPropertyValue: (p: string) => (p === 'display' ? 'inline-block' : P.prop(style, p)) }) as unknown as CSSStyleDeclaration;

const fixedStyle = (display: string) => ({ display, visibility: 'visible', getPropertyValue: (p: string) => (p === 'display' ? display : p === 'visibility' ? 'visible' : '') }) as unknown as CSSStyleDeclaration;
const AS_BREAK = fixedStyle('block');
const AS_UNSHOWN = fixedStyle('none');

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
  const v = P.prop(style, 'visibility');
  return v === 'hidden' || v === 'collapse';
}

/**
 * Whether `el` is rendered and visible by style, judged from its ancestors too (for ops that start
 * from one element rather than walking down from the root). It decides whether we act, so it reads
 * through the pristine functions of realm.ts only.
 */
export function styleVisible(el: Element, styleOf: StyleOf = P.style): boolean {
  // checkVisibility answers display/content-visibility in one layout-backed call where it exists; the
  // ancestor walk below covers engines without it (and jsdom) and our own `hidden`/inert/aria-hidden rules.
  if (P.checkVisibility(el) === false) return false;
  if (hiddenByVisibility(styleOf(el))) return false;
  for (let n: Element | null = el; n; n = P.parent(n)) {
    if (P.hasAttribute(n, 'hidden') || P.hasAttribute(n, 'inert') || P.getAttribute(n, 'aria-hidden') === 'true') {
      // hidden="until-found" and friends: treat every `hidden` as hidden, as the snapshot does.
      return false;
    }
    if (P.prop(styleOf(n), 'display') === 'none') return false;
  }
  return true;
}

export function hasSize(el: Element): boolean {
  if (NO_LAYOUT) return true;
  // offsetWidth/Height skip allocating a DOMRect and cost a third of getBoundingClientRect in
  // Chromium 156 (1,000-row benchmark). They ignore transforms, which only matters for scale(0).
  const sized = P.offsetSized(el);
  if (sized !== null) return sized;
  const r = P.rect(el);
  return r.width > 0 && r.height > 0;
}

/** Overflow values that clip what lies outside the box. */
const CLIPS = new Set(['hidden', 'clip', 'scroll', 'auto']);
/** How far up a zero-size control's clipping box is looked for (antd: its parent). */
const CLIP_LEVELS = 4;

/**
 * Whether `el`, a control with no size of its own, lies inside a box that clips its overflow and has
 * no width or no height (one of its near ancestors): a person sees nothing of it or of anything in it.
 * antd's Select renders its options for screen readers in a 0×0 `overflow:hidden` listbox beside the
 * rows a person clicks. A control with no size outside such a box (`display:contents`, a box its
 * content overflows) may still show its content, and is kept; so is the clipping box itself, as a
 * control that cannot be acted on.
 */
export function clippedToNothing(el: Element): boolean {
  if (NO_LAYOUT) return false;
  let n: Element | null = P.parent(el);
  for (let up = 1; n && up <= CLIP_LEVELS; n = P.parent(n), up++) {
    const tag = P.localName(n);
    if (tag === 'body' || tag === 'html') return false;
    const style = P.style(n);
    const clipsX = CLIPS.has(P.prop(style, 'overflow-x'));
    const clipsY = CLIPS.has(P.prop(style, 'overflow-y'));
    if (!clipsX && !clipsY) continue;
    const r = P.rect(n);
    if ((clipsX && r.width === 0) || (clipsY && r.height === 0)) return true;
  }
  return false;
}

/** Elements that can match :disabled (form controls and their groupings). */
const DISABLABLE = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

/** Native disabled, including the fieldset inheritance rules (with its legend exception) via :disabled. */
export function nativelyDisabled(el: Element): boolean {
  return DISABLABLE.has(P.localName(el)) && P.matches(el, ':disabled');
}

/** Not natively disabled and no aria-disabled="true" on it or an ancestor. */
export function isEnabled(el: Element): boolean {
  if (nativelyDisabled(el)) return false;
  for (let n: Element | null = el; n; n = P.parent(n)) {
    if (P.getAttribute(n, 'aria-disabled') === 'true') return false;
  }
  return true;
}

/** Inputs page.type fills: typed into, or (pickers: date…week, color, range) set by value (./fill.ts). */
const TEXT_INPUT_TYPES = new Set([
  'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month',
  'time', 'week', 'color', 'range', '',
]);

export type EditCheck = 'ok' | 'file_input' | 'not_editable';

/** Whether page.type can fill `el`: text-like and picker inputs, textareas, contenteditable hosts. */
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
