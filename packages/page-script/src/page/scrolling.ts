/**
 * Whether this frame is in the middle of a scroll, so that a snapshot describes the page at rest, as
 * a person reads it once the scroll has stopped (issue 30, "what an action did, told truly").
 *
 * PageDown, Space, an arrow key or the wheel scroll smoothly on every engine: the input's answer comes
 * back before the scroll's first frame, or while it runs for another 100–300 ms, and a snapshot taken
 * then lists what the page showed before or half-way. On a virtualized list those rows are gone a
 * moment later, so every ref read from that answer was already stale (the widget suite's virtualized
 * list, Firefox).
 *
 * Capturing listeners on the window hear every trusted `scroll` and `scrollend` event of the
 * document and of its elements, and every trusted key that scrolls by default (outside a field) and
 * wheel turn; a short animation-frame count runs after each (the frames a person would see go by).
 * The snapshot op answers `{ scrolling: ms }` instead of a snapshot while
 * - fewer than QUIET_FRAMES frames have gone by since the last scroll event (a smooth scroll moves
 *   every frame until it ends), or, where the engine has `scrollend`, that event has not come since
 *   the last scroll event (an engine that scrolls off the main thread, as Firefox's APZ does, can let
 *   frames go by without a scroll event mid-scroll when the machine is loaded), or
 * - such a key or wheel came fewer than START_FRAMES frames and START_MS ago, was not cancelled,
 *   nothing has scrolled since, and something around its target has room to scroll its way (so a key
 *   at the end of a list, or on a page that cannot scroll, costs no wait),
 * and core asks again after that long, for a bounded time (core/ops/snapshot.ts). Frames, not
 * milliseconds: on a loaded machine both the scroll and the frames slow down together. Where frames
 * stop (a background tab), STALL_MS of wall time ends either wait. A run of scroll events that has gone
 * on for LONGEST_MS since the last such input or pause (a ticker the page moves every frame) no
 * longer holds a snapshot back. Only how long a snapshot waits depends on any of this: a page can
 * delay its own snapshot by scrolling, never by more than core's bound, and synthetic events
 * (`isTrusted` false, unforgeable) are ignored.
 */
import { P } from './realm';

/** A scroll is over once this many frames went by without a scroll event. */
const QUIET_FRAMES = 3;
/** A scrolling key or wheel turn scrolls its first frame within this many frames... */
const START_FRAMES = 4;
/** ...and within this long: a loaded machine can run frames before an off-main-thread scroll starts. */
const START_MS = 250;
/** The frame count stops this many frames after the last scroll event or input. */
const IDLE_FRAMES = 10;
/** Wall time after which a wait ends even if no frame came (frames stopped: a background tab). */
const STALL_MS = 1000;
/** A pause this long ends a run of scroll events. */
const PAUSE_MS = 300;
/** A run of scroll events older than this is the page's own motion, not one to wait out. */
const LONGEST_MS = 800;
/** What the op tells core to wait before asking again: about a frame. */
const FRAME_MS = 16;
type Way = 'down' | 'up' | 'left' | 'right';
/** Keys whose default action scrolls, outside a field, and which way. */
const SCROLL_KEYS = new Map<string, Way>([
  ['PageDown', 'down'], [' ', 'down'], ['ArrowDown', 'down'], ['End', 'down'],
  ['PageUp', 'up'], ['ArrowUp', 'up'], ['Home', 'up'],
  ['ArrowLeft', 'left'], ['ArrowRight', 'right'],
]);
/** Where those keys edit, pick or press instead of scrolling. */
const KEEPS_KEYS = new Set(['input', 'textarea', 'select', 'button']);

let frames = 0;
let idle = 0;
let ticking = false;
const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : null;
function tick(): void {
  frames++;
  if (++idle > IDLE_FRAMES) ticking = false;
  else raf!(tick);
}
/** (Re)starts the frame count. */
function wake(): void {
  idle = 0;
  if (!ticking && raf !== null) {
    ticking = true;
    raf(tick);
  }
}

/** The last trusted scroll event: when, at which frame; when its run began. */
let last = { at: -Infinity, frame: -Infinity };
/** Whether a trusted `scrollend` came after it (always, where the engine has no such event). */
let ended = true;
const HAS_SCROLLEND = typeof window === 'object' && 'onscrollend' in window;
let burst = -Infinity;
/** The last scrolling input: when, at which frame, the event, the ways it may scroll, and (once asked) whether there is room. */
let asked: { at: number; frame: number; event: Event; ways: readonly Way[]; room?: boolean } | null = null;

function targetOf(e: Event): Element | null {
  const target = P.composedPath(e)[0];
  return P.nodeType(target) === 1 ? (target as Element) : null;
}

function keepsKeys(el: Element | null): boolean {
  return el !== null && (KEEPS_KEYS.has(P.localName(el)) || (el as HTMLElement).isContentEditable === true);
}

/** Whether `el` can scroll further `way` (the root scroller whatever its overflow style). */
function roomIn(el: Element, way: Way, root: boolean): boolean {
  const vertical = way === 'down' || way === 'up';
  const range = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
  if (!(range > 1)) return false;
  if (!root) {
    const overflow = P.prop(P.style(el), vertical ? 'overflow-y' : 'overflow-x');
    if (overflow !== 'auto' && overflow !== 'scroll') return false;
  }
  const at = vertical ? el.scrollTop : el.scrollLeft;
  return way === 'down' || way === 'right' ? at < range - 1 : at > 0;
}

/** Whether the input's target, an ancestor of it, or the document can scroll one of `ways`. */
function hasRoom(e: Event, ways: readonly Way[]): boolean {
  try {
    for (let el = targetOf(e); el !== null; el = P.parent(el)) for (const w of ways) if (roomIn(el, w, false)) return true;
    const root = document.scrollingElement;
    return root !== null && ways.some((w) => roomIn(root, w, true));
  } catch {
    return true;
  }
}

/** Starts listening; once per document (main.ts, at install). */
export function watchScrolls(): void {
  P.listen(window, 'scroll', (e) => {
    if (e.isTrusted !== true) return;
    const t = P.now();
    if (!(t - last.at < PAUSE_MS) || (asked !== null && asked.at >= last.at)) burst = t;
    last = { at: t, frame: frames };
    ended = !HAS_SCROLLEND;
    wake();
  });
  P.listen(window, 'scrollend', (e) => {
    if (e.isTrusted === true) ended = true;
  });
  const ask = (e: Event, ways: readonly Way[]) => {
    asked = { at: P.now(), frame: frames, event: e, ways };
    wake();
  };
  P.listen(window, 'keydown', (e) => {
    if (e.isTrusted !== true) return;
    const way = SCROLL_KEYS.get(P.key(e));
    if (way !== undefined && !keepsKeys(targetOf(e))) ask(e, [way]);
  });
  P.listen(window, 'wheel', (e) => {
    if (e.isTrusted === true) ask(e, ['down', 'up', 'left', 'right']);
  });
}

/** How many ms to wait before asking again whether this frame is at rest; 0 when it is. */
export function scrollingFor(): number {
  const t = P.now();
  if ((frames - last.frame < QUIET_FRAMES || !ended) && t - last.at < STALL_MS && !(t - burst > LONGEST_MS)) return FRAME_MS;
  if (asked !== null) {
    if ((frames - asked.frame < START_FRAMES || t - asked.at < START_MS) && t - asked.at < STALL_MS && last.at < asked.at && !P.prevented(asked.event) && (asked.room ??= hasRoom(asked.event, asked.ways))) {
      return FRAME_MS;
    }
    asked = null;
  }
  return 0;
}
