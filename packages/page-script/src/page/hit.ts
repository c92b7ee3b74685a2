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
    // Whole pixels (floor of the centre) keep the point inside thin boxes when input rounds.
    return { x: Math.floor((left + right) / 2 * 100) / 100, y: Math.floor((top + bottom) / 2 * 100) / 100 };
  }
  return null;
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
  return { ok: false, cover: describe(hit) };
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
