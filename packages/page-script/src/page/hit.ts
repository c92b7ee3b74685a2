/**
 * Hit-testing: where to act on an element, and whether a point lands on it. Points are CSS pixels in
 * this frame's viewport, as elementFromPoint takes them.
 */
import type { FramePoint, HitResult } from '../contract';
import { flat } from './names';
import { composedContains, composedParent } from './tree';

/** Centre of the first client rect that shows in the viewport (clipped to it), or null. */
export function actionPoint(el: Element): FramePoint | null {
  const vw = document.documentElement.clientWidth || innerWidth;
  const vh = document.documentElement.clientHeight || innerHeight;
  const rects = el.getClientRects();
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i]!;
    if (r.width <= 0 || r.height <= 0) continue;
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, vw);
    const bottom = Math.min(r.bottom, vh);
    if (right - left < 1 || bottom - top < 1) continue;
    return { x: round2((left + right) / 2), y: round2((top + bottom) / 2) };
  }
  return null;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The innermost element at a point, descending into open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Whether clicking `hit` operates `target`: inside it, or on a label of it. */
export function landsOn(target: Element, hit: Element | null): boolean {
  if (!hit) return false;
  if (composedContains(target, hit)) return true;
  for (let n: Element | null = hit; n; n = composedParent(n)) {
    if (n.localName === 'label' && (n as HTMLLabelElement).control === target) return true;
  }
  return false;
}

export function hitTest(target: Element, point: FramePoint): HitResult {
  const hit = deepElementFromPoint(point.x, point.y);
  if (landsOn(target, hit)) return { ok: true };
  return { ok: false, cover: describe(coveringRoot(target, hit)) };
}

/**
 * The outermost ancestor of `hit` that does not contain the target: the overlay itself rather than a
 * paragraph inside it, which is what a model needs to recognise (and dismiss) it.
 */
function coveringRoot(target: Element, hit: Element | null): Element | null {
  if (!hit) return null;
  let top = hit;
  for (let p = composedParent(hit); p && !composedContains(p, target) && p.localName !== 'body'; p = composedParent(p)) top = p;
  return top;
}

/** `div#modal.overlay "Cookie consent"`: tag, id, first class, then name or text (≤40 chars). */
export function describe(el: Element | null): string {
  if (!el) return 'nothing (the point is outside the document)';
  let s = el.localName;
  if (el.id) s += `#${el.id}`;
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
  if (cls) s += `.${cls}`;
  let text = flat(el.getAttribute('aria-label') ?? '');
  if (!text) text = flat((el as HTMLElement).innerText ?? el.textContent ?? '');
  if (text) s += ` "${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
  return s;
}
