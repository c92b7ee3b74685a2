/**
 * A restyled control's visible face (issue 30: Element Plus's select). Component libraries keep the
 * native field in the page for its value, focus and accessible name, and paint it transparent under a
 * face of their own: Element Plus sets its select's input at opacity 0 under the placeholder "Choose a
 * size", a restyled checkbox hides its input under a drawn box. A person clicks the face, and the
 * face's wrapper takes the click for the control. Hit-tested as itself, such a field is covered at every
 * point by its own face's text, so a click by its ref was always refused as `obscured`.
 *
 * When a click (or hover) on the field itself finds it covered, it acts on the field's face instead:
 * - the field is a native form field (an `<input>` other than hidden, a `<select>`, a `<textarea>`) that
 *   paints nothing a person could click: fully transparent, under 2 px, or clipped to that
 *   (paintsNothing in ./editor.ts);
 * - its face is its nearest ancestor below `<body>` that is not itself transparent and has a box of at
 *   least 8×8 px, and nothing from the face up to the root is transparent (a person sees it);
 * - the face holds nothing else actionable (roles.ts's ACTIONABLE_SELECTOR: a field, button, link,
 *   focusable or widget-role element), so the click can only reach this field's own widget, never a
 *   neighbour a page slid under it;
 * - the face then takes a click's checks (visible, enabled, a hit test landing inside it: a face under a
 *   modal is still `obscured` by the modal), and the click guard judges the gesture against the face.
 * A painted field that is merely covered is none of these and keeps its `obscured` refusal. Every fact
 * is read through the pristine functions of ./realm.ts.
 */
import { nearestSurface, paintsNothing } from './editor';
import { P } from './realm';
import { ACTIONABLE_SELECTOR } from './roles';

const FIELDS = new Set(['input', 'select', 'textarea']);

function transparent(el: Element): boolean {
  return P.prop(P.style(el), 'opacity') === '0';
}

/** The visible face of the transparent field `el`, or null when `el` is not one (see the file comment). */
export function controlFace(el: Element): Element | null {
  if (!FIELDS.has(P.localName(el)) || (P.localName(el) === 'input' && (P.getAttribute(el, 'type') ?? '').toLowerCase() === 'hidden')) return null;
  const face = nearestSurface(el, transparent);
  if (face === null || !paintsNothing(el, face)) return null;
  for (let n = P.parent(face); n; n = P.parent(n)) if (transparent(n)) return null;
  for (const other of P.queryAll(face, ACTIONABLE_SELECTOR)) if (other !== el && !P.contains(el, other)) return null;
  return face;
}
