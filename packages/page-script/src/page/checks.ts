/**
 * The checks an action makes before any input is dispatched, shared by clicks, typing and drags:
 * attached, visible, enabled, kind-specific, in view, stable. `prepare` (actions.ts) runs them in the
 * contract's order and adds the hit test.
 */
import type { ActionCheck, ActionKind } from '../contract';
import type { Box } from './realm';
import { editability, hasSize, isEnabled, styleVisible } from './style';
import { P, untrusted } from './realm';
import { composedContains } from './tree';
import { editorSurface } from './editor';

const STABLE_BUDGET_MS = 500;

export const STALE_MESSAGE = 'The element is no longer in the document (it was removed, or the page navigated).';
export const STALE: ActionCheck = { ok: false, code: 'stale_ref', message: STALE_MESSAGE };

export function fail(code: Exclude<ActionCheck, { ok: true }>['code'], message: string, cover?: string): ActionCheck {
  return cover === undefined ? { ok: false, code, message } : { ok: false, code, message, cover };
}

const CLIPS = new Set(['hidden', 'scroll', 'auto', 'clip']);

/**
 * Whether the whole border box shows: inside the viewport and inside every ancestor that clips its
 * overflow (a scrollable list: jQuery UI's autocomplete menu with max-height keeps most items
 * scrolled out of its box while they are still inside the viewport).
 */
function inView(el: Element): boolean {
  const r = P.rect(el);
  const vp = P.viewport();
  if (r.top < 0 || r.left < 0 || r.bottom > vp.height || r.right > vp.width) return false;
  for (let n = P.parent(el); n && P.localName(n) !== 'body' && P.localName(n) !== 'html'; n = P.parent(n)) {
    const s = P.style(n);
    const clipsX = CLIPS.has(P.prop(s, 'overflow-x'));
    const clipsY = CLIPS.has(P.prop(s, 'overflow-y'));
    if (!clipsX && !clipsY) continue;
    const c = P.rect(n);
    if (clipsX && (r.left < c.left - 0.5 || r.right > c.right + 0.5)) return false;
    if (clipsY && (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)) return false;
  }
  return true;
}

/** Scrolls the element to the centre of the viewport (and of its scrolling ancestors) unless it is fully in view; says whether it scrolled. */
export function scrollIntoViewIfNeeded(el: Element): boolean {
  if (inView(el)) return false;
  try {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
  } catch {
    // Engines that predate behavior:"instant" reject the dictionary value; "auto" is the same unless
    // the page sets scroll-behavior:smooth.
    el.scrollIntoView({ block: 'center', inline: 'center' });
  }
  return true;
}

/**
 * The static checks shared by prepare, fill and focus: visible, enabled, kind-specific. To type, an
 * editor's hidden input needs no box of its own: its visible surface is checked instead (./editor.ts).
 */
export function staticChecks(el: Element, kind: ActionKind): ActionCheck | null {
  const why = untrusted();
  if (why !== null) return fail('untrusted_realm', `Nothing was done: ${why}.`);
  if (!styleVisible(el) || (!hasSize(el) && (kind !== 'type' || editorSurface(el) === null))) {
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

/**
 * Resolves on the next animation frame (true), or after 100 ms where frames are throttled (false:
 * background tabs, or a loaded machine whose next frame is late).
 */
export function nextFrame(): Promise<boolean> {
  return new Promise((resolveFn) => {
    let done = false;
    const finish = (framed: boolean) => {
      if (!done) {
        done = true;
        resolveFn(framed);
      }
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => finish(true));
    setTimeout(() => finish(false), 100);
  });
}

function sameRect(a: Box, b: Box): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/** The document timeline's time: animations move only when it does. */
function timelineNow(): unknown {
  try {
    return document.timeline?.currentTime ?? null;
  } catch {
    return null;
  }
}

/**
 * Waits until the border box is identical across three consecutive frames, for at most the budget.
 * Two reads with no frame between them say nothing: the animations did not advance, so a moving
 * element reads the same (a loaded machine's late frame once let an animated button pass as still).
 * Such a pair is skipped; only where no frame comes at all within the budget (a background tab,
 * whose animations do not run either) does an unchanged box count, as before.
 * One equal pair is not enough either: frame times are whole frames, so an `alternate` animation
 * whose turn falls on a frame puts the element at the same place one frame before and one after
 * it, and a loaded machine that skips that frame reads the pair alike (an animated button passed
 * as still on Chromium under load). Two equal pairs in a row cannot both straddle a turn.
 */
async function waitStable(el: Element): Promise<boolean> {
  const started = Date.now();
  let last = P.rect(el);
  let lastTime = timelineNow();
  let compared = false;
  let stillPairs = 0;
  while (Date.now() - started < STABLE_BUDGET_MS) {
    const framed = await nextFrame();
    if (!P.isConnected(el)) return false;
    const now = P.rect(el);
    const time = timelineNow();
    if (!framed && time === lastTime) continue;
    compared = true;
    stillPairs = sameRect(last, now) ? stillPairs + 1 : 0;
    if (stillPairs === 2) return true;
    last = now;
    lastTime = time;
  }
  return !compared && sameRect(last, P.rect(el));
}

/** Keyframe members that are not animated properties. */
const KEYFRAME_META = new Set(['offset', 'computedOffset', 'easing', 'composite']);
/** Animated properties that repaint an element without moving any box (its own hit area aside). */
const PAINT_ONLY = new Set(['opacity', 'color', 'backgroundColor', 'borderColor', 'outlineColor', 'boxShadow', 'textShadow', 'filter', 'transform', 'translate', 'rotate', 'scale', 'visibility']);

/**
 * Whether a running animation or transition can move the element: one on the element or an ancestor
 * (any property), or one elsewhere that animates layout (height, margin, top…) and so can push it.
 * Unknowable cases count as moving. Motion driven by script timers is not visible here: the click
 * guard covers it (a gesture that would land elsewhere is cancelled in the page).
 */
function mayMove(el: Element): boolean {
  if (typeof document.getAnimations !== 'function') return true;
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running') continue;
    const effect = a.effect as KeyframeEffect | null;
    const target = effect?.target;
    if (!effect || !target || typeof effect.getKeyframes !== 'function') return true;
    if (composedContains(target, el)) return true;
    for (const frame of effect.getKeyframes()) {
      for (const prop of Object.keys(frame)) if (!KEYFRAME_META.has(prop) && !PAINT_ONLY.has(prop)) return true;
    }
  }
  return false;
}

/** Stable over two frames, checked only when in doubt: it had to scroll, or an animation can move it. */
export async function waitUntilStable(el: Element, scrolled: boolean): Promise<boolean> {
  return !(scrolled || mayMove(el)) || waitStable(el);
}
