/**
 * An editor's hidden input (issue 30, finding 5). Code editors take their keys through a textarea a
 * person never sees: CodeMirror 5 clips a 1 px one to nothing, Monaco makes it 0×0 under its view
 * lines, Ace makes it transparent. A person types there by clicking the editor's visible surface, whose
 * mousedown handler focuses that input. We act as that click would: the surface takes the
 * actionability checks a click on it would (visible, enabled, stable, and the hit test lands inside it,
 * so an editor under a modal is still `obscured` by the modal), the input is focused, and the typing
 * must change the surface's text or it is an error.
 *
 * The rule, all read through the pristine functions of realm.ts (nothing the page patches decides):
 * - the element is a textarea or a contenteditable host (never an `<input>`: a covered text field is
 *   a form field under something, not an editor's input);
 * - it paints nothing a person could click: a box under 2 px on a side (0×0, 1 px wide), clipped to
 *   under 2 px by an ancestor that clips its overflow, fully transparent (opacity 0), or off-screen
 *   (left of or above the document's start);
 * - its surface is its nearest flat-tree ancestor below `<body>` with a box of at least 8×8 px: the
 *   editor's root that holds it (`div.CodeMirror`, Monaco's `.overflow-guard`, `div.ace_editor`).
 * A field that is merely covered (painted, full size, under an overlay) is none of these, and keeps its
 * `obscured` refusal. A hidden input that no editor listens to changes no text on its surface, so its
 * typing is answered with an error, never a success.
 */
import { editability, hasSize, styleVisible } from './style';
import { P } from './realm';

/** Under this many CSS pixels on a side, a box is nothing a person can click. */
const UNCLICKABLE_PX = 2;
/** The smallest box that counts as an editor's visible surface. */
const SURFACE_PX = 8;
const CLIPS = new Set(['hidden', 'scroll', 'auto', 'clip']);

/** Whether `el` is a textarea or a contenteditable host that takes text. */
function takesText(el: Element): boolean {
  return P.localName(el) !== 'input' && editability(el) === 'ok';
}

/** Whether the element's box paints nothing a person could click (see the file comment). */
export function paintsNothing(el: Element, surface: Element): boolean {
  const r = P.rect(el);
  if (r.width < UNCLICKABLE_PX || r.height < UNCLICKABLE_PX) return true;
  const doc = document.documentElement;
  const origin = doc ? P.rect(doc) : { left: 0, top: 0 };
  if (r.right <= origin.left || r.bottom <= origin.top) return true;
  for (let n: Element | null = el; n && n !== surface; n = P.parent(n)) {
    const s = P.style(n);
    if (P.prop(s, 'opacity') === '0') return true;
    if (n === el) continue;
    const clipX = CLIPS.has(P.prop(s, 'overflow-x'));
    const clipY = CLIPS.has(P.prop(s, 'overflow-y'));
    if (!clipX && !clipY) continue;
    const c = P.rect(n);
    const w = clipX ? Math.min(r.right, c.right) - Math.max(r.left, c.left) : r.width;
    const h = clipY ? Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) : r.height;
    if (w < UNCLICKABLE_PX || h < UNCLICKABLE_PX) return true;
  }
  return false;
}

/**
 * The nearest ancestor below `<body>` with a box of at least SURFACE_PX on each side, or null;
 * ancestors `passOver` says so of are not candidates (face.ts passes over transparent ones).
 */
export function nearestSurface(el: Element, passOver?: (n: Element) => boolean): Element | null {
  for (let n = P.parent(el); n; n = P.parent(n)) {
    const tag = P.localName(n);
    if (tag === 'body' || tag === 'html') return null;
    if (passOver?.(n) === true) continue;
    const r = P.rect(n);
    if (r.width >= SURFACE_PX && r.height >= SURFACE_PX) return n;
  }
  return null;
}

/**
 * The visible surface of the editor whose hidden input `el` is, or null when `el` is not one (it
 * paints, or takes no text, or has no surface). Typing into `el` is then checked on the surface.
 */
export function editorSurface(el: Element): Element | null {
  if (!takesText(el) || !styleVisible(el)) return null;
  const surface = nearestSurface(el);
  if (surface === null || !hasSize(surface)) return null;
  return paintsNothing(el, surface) ? surface : null;
}

/**
 * The text the editor shows: the surface's rendered text (through the pristine getter: a page cannot
 * make typing that changed nothing read as a change), spaces as spaces (Monaco and Ace draw no-break spaces).
 */
export function surfaceText(surface: Element): string {
  return P.innerText(surface).replace(/\u00a0/g, ' ');
}
