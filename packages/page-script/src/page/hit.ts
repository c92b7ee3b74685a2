/**
 * Hit-testing: where to act on an element, and whether a point lands on it. Points are CSS pixels in
 * this frame's viewport, as elementFromPoint takes them. Every call that decides goes through the
 * pristine functions of realm.ts: a page that replaces elementFromPoint cannot make us click its overlay.
 */
import type { FramePoint, HitResult } from '../contract';
import { flat } from './names';
import { P, type Box } from './realm';

/** Elements that show another document: a point on one lands there, never on the element under it. */
const FRAME_TAGS = new Set(['iframe', 'frame', 'object', 'embed']);

/** Where in each box we try, as fractions of its size: the centre first, then outwards. */
const FRACTIONS = [0.5, 0.25, 0.75, 0.08, 0.92];
const GRID: Array<[number, number]> = FRACTIONS.flatMap((fx) => FRACTIONS.map((fy): [number, number] => [fx, fy])).sort(
  (a, b) => Math.abs(a[0] - 0.5) + Math.abs(a[1] - 0.5) - (Math.abs(b[0] - 0.5) + Math.abs(b[1] - 0.5)),
);

/** The element's client rects clipped to the viewport, those at least 1×1 px. */
function visibleBoxes(el: Element): Box[] {
  const vp = P.viewport();
  const out: Box[] = [];
  for (const r of P.rects(el)) {
    if (r.width <= 0 || r.height <= 0) continue;
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, vp.width);
    const bottom = Math.min(r.bottom, vp.height);
    if (right - left < 1 || bottom - top < 1) continue;
    out.push({ left, top, right, bottom, width: right - left, height: bottom - top });
  }
  return out;
}

function at(b: Box, fx: number, fy: number): FramePoint {
  // Half a pixel inside the box, so rounding to whole pixels (classic WebDriver) stays on it.
  const x = Math.min(Math.max(b.left + b.width * fx, b.left + 0.5), b.right - 0.5);
  const y = Math.min(Math.max(b.top + b.height * fy, b.top + 0.5), b.bottom - 0.5);
  return { x: round2(x), y: round2(y) };
}

/** Centre of the first client rect that shows in the viewport (clipped to it), or null. */
export function actionPoint(el: Element): FramePoint | null {
  const first = visibleBoxes(el)[0];
  return first ? at(first, 0.5, 0.5) : null;
}

export type PointChoice = { ok: true; point: FramePoint } | { ok: false; cover: string } | null;

/**
 * A point of `el` that hit-tests to it: the centre of its first visible box, then the centres of its
 * other boxes (a wrapped link), then a grid over each box, nearest the centre first. Null when no
 * part is in the viewport; the centre's cover when every point is covered.
 */
export function clickPoint(el: Element): PointChoice {
  const boxes = visibleBoxes(el);
  if (boxes.length === 0) return null;
  const tried = new Set<string>();
  let firstCover: string | null = null;
  const attempt = (p: FramePoint): boolean => {
    const key = `${p.x},${p.y}`;
    if (tried.has(key)) return false;
    tried.add(key);
    const r = hitTest(el, p);
    if (r.ok) return true;
    firstCover ??= r.cover;
    return false;
  };
  for (const b of boxes) {
    const p = at(b, 0.5, 0.5);
    if (attempt(p)) return { ok: true, point: p };
  }
  for (const b of boxes) {
    for (const [fx, fy] of GRID) {
      const p = at(b, fx, fy);
      if (attempt(p)) return { ok: true, point: p };
    }
  }
  return { ok: false, cover: firstCover ?? describe(null) };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The innermost element at a point, descending into open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let hit = P.elementFromPoint(document, x, y);
  for (let root = hit && P.shadowRoot(hit); hit && root; root = P.shadowRoot(hit)) {
    const inner = P.elementFromPoint(root, x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Whether clicking `hit` operates `target`: inside it, or on a label of it. */
export function landsOn(target: Element, hit: Element | null): boolean {
  if (!hit) return false;
  // A frame shows another document: a point on it operates that document, whatever contains it.
  if (hit !== target && FRAME_TAGS.has(P.localName(hit))) return false;
  if (P.contains(target, hit)) return true;
  for (let n: Element | null = hit; n; n = P.parent(n)) {
    if (P.localName(n) === 'label' && P.labelControl(n) === target) return true;
  }
  return false;
}

export function hitTest(target: Element, point: FramePoint): HitResult {
  const hit = deepElementFromPoint(point.x, point.y);
  if (landsOn(target, hit)) return { ok: true };
  const frame = hit && FRAME_TAGS.has(P.localName(hit)) ? hit : null;
  return { ok: false, cover: describe(frame ?? coveringRoot(target, hit)) };
}

/**
 * The outermost ancestor of `hit` that does not contain the target: the overlay itself rather than a
 * paragraph inside it, which is what a model needs to recognise (and dismiss) it.
 */
function coveringRoot(target: Element, hit: Element | null): Element | null {
  if (!hit) return null;
  let top = hit;
  for (let p = P.parent(hit); p && !P.contains(p, target) && P.localName(p) !== 'body'; p = P.parent(p)) top = p;
  return top;
}

/** `div#modal.overlay "Cookie consent"`: tag, id, first class, then name or text (≤40 chars). */
export function describe(el: Element | null): string {
  if (!el) return 'nothing (the point is outside the document)';
  let s = el.localName;
  if (el.id) s += `#${el.id}`;
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
  if (cls) s += `.${cls}`;
  if (FRAME_TAGS.has(s.split(/[#.]/)[0]!)) {
    // A frame's text is not ours to read (often cross-origin): say where it comes from instead.
    const src = el.getAttribute('src') ?? '';
    return `${s} (a frame${src ? ` showing ${src.length > 60 ? `${src.slice(0, 59)}…` : src}` : ''})`;
  }
  let text = flat(el.getAttribute('aria-label') ?? '');
  if (!text) text = flat((el as HTMLElement).innerText ?? el.textContent ?? '');
  if (text) s += ` "${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
  return s;
}
