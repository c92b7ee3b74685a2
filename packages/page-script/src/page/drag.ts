/**
 * `page.drag` in the page: where to drop (dropPoint), and the drag bridge that sees the gesture's
 * HTML5 drag and, where the engine's WebDriver makes none from pointer input (Firefox 153 fires
 * dragstart and dragover but never drop; WebKitGTK 2.50 only dragstart), dispatches it here. Core
 * moves the trusted pointer; nothing here moves it.
 */
import type { ActionCheck, DragMove, DragReport, FramePoint } from '../contract';
import { scrollIntoViewIfNeeded, staticChecks, STALE, waitUntilStable } from './checks';
import { describe, landsOn } from './hit';
import { P, type Box } from './realm';
import { DOC, resolve } from './registry';

/** How far (px) past the centre the drop point leans, at most: past an item's middle, inside a small box. */
const LEAN_PX = 8;

function firstBox(el: Element): Box | null {
  const vp = P.viewport();
  for (const r of P.rects(el)) if (r.width >= 1 && r.height >= 1 && r.right > 0 && r.bottom > 0 && r.left < vp.width && r.top < vp.height) return r;
  return null;
}

const centre = (b: Box): FramePoint => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });

/** The top-most element at the point that is not the dragged source (nor inside it). */
function underDragged(source: Element, p: FramePoint): Element | null {
  for (const el of P.elementsFromPoint(document, p.x, p.y)) if (!P.contains(source, el)) return el;
  return null;
}

/**
 * What a drop aims at: when the target sits inside a sibling of the source of the source's own kind
 * (the name's div at the top of a sortable's tile, MiniWoB's drag-items-grid), that sibling. A drop
 * onto an item is that item's position, so the lean must fall within the item, not within its label:
 * aimed at the label, a sortable moving down reads "not yet past it" and nothing moves.
 */
function dropItem(source: Element, dest: Element): Element {
  const list = source.parentElement;
  if (!list) return dest;
  let e: Element | null = dest;
  for (let depth = 0; e && depth < 4; e = e.parentElement, depth++) {
    if (e.parentElement === list) return e !== source && e.localName === source.localName ? e : dest;
  }
  return dest;
}

export async function dropPoint(doc: unknown, id: unknown, sourceId: unknown): Promise<ActionCheck> {
  const el = resolve(doc, id);
  const source = resolve(doc, sourceId);
  if (!el || !source) return STALE;
  const scrolled = scrollIntoViewIfNeeded(el);
  const bad = staticChecks(el, 'hover');
  if (bad) return bad;
  if (!(await waitUntilStable(el, scrolled))) return el.isConnected ? { ok: false, code: 'unstable', message: 'The drop target kept moving (animating or re-laid out) for 500 ms.' } : STALE;
  const item = dropItem(source, el);
  const to = firstBox(item);
  const from = firstBox(source);
  if (!to) return { ok: false, code: 'not_visible', message: 'No part of the drop target is inside the viewport, even after scrolling.' };
  if (!from) return { ok: false, code: 'not_visible', message: 'The source and the drop target do not fit in the viewport together; scroll so that both show, or drop onto a point.' };
  const a = centre(from);
  const b = centre(to);
  // Past the middle in the direction of the move: a sortable moving down puts the item after the
  // target only once the pointer is below its middle, moving up only above it. Half a pixel inside.
  const lean = (d: number, size: number) => (Math.abs(d) < 1 ? 0 : Math.sign(d) * Math.min(size / 4, LEAN_PX));
  const p = {
    x: Math.round((b.x + lean(b.x - a.x, to.width)) * 100) / 100,
    y: Math.round((b.y + lean(b.y - a.y, to.height)) * 100) / 100,
  };
  const hit = underDragged(source, p);
  if (!landsOn(item, hit)) return { ok: false, code: 'obscured', message: `Another element covers the drop point: ${describe(hit)}.`, cover: describe(hit) };
  return { ok: true, point: p };
}

interface Bridge {
  source: WeakRef<Element>;
  synthesize: boolean;
  /** The HTML5 drag that started from the source, if any. */
  html5: DragReport['html5'];
  data: DataTransfer | null;
  /** Where the synthesized dragstart went (the draggable element the trusted one was fired at). */
  origin: Element | null;
}

let bridge: Bridge | null = null;
let listening = false;

function onDragStart(e: Event): void {
  const b = bridge;
  // isTrusted is an unforgeable own property: a page-made dragstart is the page's business.
  if (!b || !e.isTrusted || b.html5 !== 'none') return;
  const source = b.source.deref();
  const target = P.composedPath(e)[0] as Element | undefined;
  if (!source || !target || !P.contains(source, target) && !P.contains(target, source)) return;
  if (!b.synthesize) {
    b.html5 = 'native';
    return;
  }
  // The engine's own drag would never drop: stop it before any page listener sees it, and give the
  // page a dragstart of ours whose DataTransfer the later drop carries.
  P.cancel(e);
  const data = P.dataTransfer();
  const m = e as MouseEvent;
  const refused = P.dispatch(target, P.dragEvent('dragstart', { bubbles: true, cancelable: true, composed: true, clientX: m.clientX, clientY: m.clientY }, data));
  if (refused) return;
  b.html5 = 'synthesized';
  b.data = data;
  b.origin = target;
}

/** Arms the bridge for the drag about to be pressed on `source` (prepare(…, 'drag') does, with the guard). */
export function armDrag(source: Element, synthesize: boolean): void {
  if (!listening) {
    P.listen(window, 'dragstart', onDragStart);
    listening = true;
  }
  bridge = { source: new WeakRef(source), synthesize, html5: 'none', data: null, origin: null };
}

/** Forgets the armed drag (its check failed after the press check: nothing will be pressed). */
export function disarmDrag(): void {
  bridge = null;
}

/**
 * The synthesized drop at `p` on `dest`: dragenter and dragover (the target accepts by cancelling
 * dragover), then drop, or dragleave when refused; dragend on the source either way.
 */
function synthesizeDrop(b: Bridge, dest: Element, p: FramePoint): boolean {
  const data = b.data as DataTransfer;
  const init = { bubbles: true, cancelable: true, composed: true, clientX: p.x, clientY: p.y };
  P.dispatch(dest, P.dragEvent('dragenter', init, data));
  const accepted = P.dispatch(dest, P.dragEvent('dragover', init, data));
  P.dispatch(dest, P.dragEvent(accepted ? 'drop' : 'dragleave', init, data));
  if (b.origin) P.dispatch(b.origin, P.dragEvent('dragend', { ...init, cancelable: false }, data));
  return accepted;
}

export function dragReport(doc: unknown, destId: unknown, point: unknown, began: boolean | null): DragReport {
  const b = bridge;
  bridge = null;
  if (doc !== DOC || !b) return { began, html5: 'none' };
  if (b.html5 !== 'synthesized') return { began, html5: b.html5 };
  const pt = point as Partial<FramePoint> | null;
  const source = b.source.deref();
  if (!pt || typeof pt.x !== 'number' || typeof pt.y !== 'number' || !source) return { began, html5: 'synthesized', dropped: false, missed: 'nothing: invalid point' };
  const p = { x: pt.x, y: pt.y };
  const at = underDragged(source, p);
  const named = destId === null ? at : resolve(doc, destId);
  // Judged as dropPoint aimed: at the item the named target sits in (dropItem).
  const dest = named && destId !== null ? dropItem(source, named) : named;
  // Guarded as the pointer is: the drop goes to the destination only while the point still lands on it.
  if (!dest || !landsOn(dest, at)) {
    if (b.origin) P.dispatch(b.origin, P.dragEvent('dragend', { bubbles: true, composed: true, clientX: p.x, clientY: p.y }, b.data as DataTransfer));
    return { began, html5: 'synthesized', dropped: false, missed: describe(at) };
  }
  return { began, html5: 'synthesized', dropped: synthesizeDrop(b, dest, p) };
}

interface Place {
  el: WeakRef<Element>;
  parent: Element | null;
  index: number;
  count: number;
  x: number;
  y: number;
}

/** The source's place before the press; one drag at a time per document (a session's calls run in order). */
let placed: Place | null = null;

function placeOf(el: Element): Place {
  const parent = el.parentElement;
  let index = 0;
  let count = 0;
  for (let c = parent?.firstElementChild ?? null; c; c = c.nextElementSibling) {
    count++;
    if (c === el) index = count;
  }
  const r = P.rect(el);
  // Within the parent: a page that scrolls during the drag has not moved the element.
  const pr = parent ? P.rect(parent) : { left: 0, top: 0 };
  return { el: new WeakRef(el), parent, index, count, x: r.left - pr.left, y: r.top - pr.top };
}

/**
 * What the drag did to its source, told from the page rather than from a snapshot diff, which keys
 * lines on refs and so cannot see a reorder (the same items, each with its ref, in a new order).
 */
export function dragPlace(doc: unknown, id: unknown, after: unknown): DragMove | null | false {
  const el = resolve(doc, id);
  if (after !== true) {
    placed = el ? placeOf(el) : null;
    return el ? null : false;
  }
  const was = placed;
  placed = null;
  if (!el || !was || was.el.deref() !== el) return false;
  const now = placeOf(el);
  const dx = Math.round(now.x - was.x);
  const dy = Math.round(now.y - was.y);
  const otherList = now.parent !== was.parent;
  if (!otherList && now.index === was.index && Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  return { from: was.index, to: now.index, of: now.count, other_list: otherList, dx, dy };
}
