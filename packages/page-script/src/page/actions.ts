/**
 * Actionability: the checks that run before any input is dispatched, in the order the contract gives
 * (attached → visible → enabled → kind-specific → stable → hit-test). Nothing here dispatches input;
 * the backend does, at the point we return.
 */
import type { ActionCheck, ActionKind, FramePoint, FrameRect } from '../contract';
import { DOC, resolve } from './registry';
import { editability, hasSize, isEnabled, styleVisible } from './style';
import { actionPoint, hitTest } from './hit';

const STABLE_BUDGET_MS = 500;

export const STALE_MESSAGE = 'The element is no longer in the document (it was removed, or the page navigated).';
export const STALE: ActionCheck = { ok: false, code: 'stale_ref', message: STALE_MESSAGE };

function fail(code: Exclude<ActionCheck, { ok: true }>['code'], message: string, cover?: string): ActionCheck {
  return cover === undefined ? { ok: false, code, message } : { ok: false, code, message, cover };
}

function inViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth || innerWidth;
  const vh = document.documentElement.clientHeight || innerHeight;
  return r.top >= 0 && r.left >= 0 && r.bottom <= vh && r.right <= vw;
}

export function scrollIntoViewIfNeeded(el: Element): void {
  if (inViewport(el)) return;
  try {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
  } catch {
    // Engines that predate behavior:"instant" reject the dictionary value; "auto" is the same unless
    // the page sets scroll-behavior:smooth.
    el.scrollIntoView({ block: 'center', inline: 'center' });
  }
}

/** The static checks shared by prepare and focus: visible, enabled, kind-specific. */
export function staticChecks(el: Element, kind: ActionKind): ActionCheck | null {
  if (!styleVisible(el) || !hasSize(el)) {
    return fail('not_visible', 'The element is not visible (hidden by style, or it has no size).');
  }
  if (kind !== 'hover' && !isEnabled(el)) return fail('disabled', 'The element is disabled.');
  if (kind === 'type') {
    const edit = editability(el);
    if (edit === 'file_input') return fail('file_input', 'This is a file input: set files with upload.set_files instead of typing.');
    if (edit === 'not_editable') return fail('not_editable', 'The element does not accept text (not an input, textarea or contenteditable, or it is read-only).');
  }
  if (kind === 'select' && el.localName !== 'select') {
    return fail('not_select', 'The element is not a <select>; click the option instead.');
  }
  return null;
}

/** Resolves on the next animation frame, or after 100 ms where frames are throttled (background tabs). */
function nextFrame(): Promise<void> {
  return new Promise((resolveFn) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolveFn();
      }
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(finish);
    setTimeout(finish, 100);
  });
}

function sameRect(a: DOMRect, b: DOMRect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Waits until the border box is identical across two consecutive frames, for at most the budget. */
async function waitStable(el: Element): Promise<boolean> {
  const started = Date.now();
  let last = el.getBoundingClientRect();
  while (Date.now() - started < STABLE_BUDGET_MS) {
    await nextFrame();
    if (!el.isConnected) return false;
    const now = el.getBoundingClientRect();
    if (sameRect(last, now)) return true;
    last = now;
  }
  return false;
}

export async function prepare(doc: unknown, id: unknown, kind: ActionKind): Promise<ActionCheck> {
  const el = resolve(doc, id);
  if (!el) return STALE;
  scrollIntoViewIfNeeded(el);
  const bad = staticChecks(el, kind);
  if (bad) return bad;
  if (!(await waitStable(el))) {
    if (!el.isConnected) return STALE;
    return fail('unstable', 'The element kept moving (animating or re-laid out) for 500 ms.');
  }
  const point = actionPoint(el);
  if (!point) return fail('not_visible', 'No part of the element is inside the viewport, even after scrolling.');
  const hit = hitTest(el, point);
  if (!hit.ok) return fail('obscured', `Another element would receive the click: ${hit.cover}.`, hit.cover);
  return { ok: true, point };
}

export function hit(doc: unknown, id: unknown, point: unknown): ReturnType<typeof hitTest> {
  const el = resolve(doc, id);
  if (!el) return { ok: false, cover: 'nothing: the element is gone (stale reference)' };
  const p = point as Partial<FramePoint> | null;
  if (!p || typeof p.x !== 'number' || typeof p.y !== 'number') return { ok: false, cover: 'nothing: invalid point' };
  return hitTest(el, { x: p.x, y: p.y });
}

export function rect(doc: unknown, id: unknown): FrameRect | null {
  const el = resolve(doc, id);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

/** Where the iframe's document starts: border box + border + padding (the content box origin). */
export function frameOrigin(doc: unknown, id: unknown): FramePoint | null {
  const el = resolve(doc, id);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const s = getComputedStyle(el);
  const px = (v: string) => Number.parseFloat(v) || 0;
  return {
    x: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
    y: r.top + px(s.borderTopWidth) + px(s.paddingTop),
  };
}

let armed: { target: WeakRef<Element>; landed: boolean | null; listener: (e: Event) => void } | null = null;

/** Records whether the next click lands on the element; window capture runs before any page handler. */
export function armClick(doc: unknown, id: unknown): void {
  if (armed) removeEventListener('click', armed.listener, true);
  armed = null;
  const el = resolve(doc, id);
  if (!el) return;
  const state = {
    target: new WeakRef(el),
    landed: null as boolean | null,
    listener: (e: Event) => {
      const t = state.target.deref();
      state.landed = !!t && pathReaches(e.composedPath(), t);
      removeEventListener('click', state.listener, true);
    },
  };
  armed = state;
  addEventListener('click', state.listener, true);
}

export function clickLanded(doc: unknown): boolean | null {
  if (doc !== DOC) return null;
  return armed ? armed.landed : null;
}

/** The click reached the target, or a label of it (which the browser forwards to the control). */
function pathReaches(path: EventTarget[], target: Element): boolean {
  for (const t of path) {
    if (t === target) return true;
    if ((t as Element).localName === 'label' && (t as HTMLLabelElement).control === target) return true;
  }
  return false;
}
