/**
 * Actionability: the checks that run before any input is dispatched, in the order the contract gives
 * (attached → visible → enabled → kind-specific → stable → hit-test). Nothing here dispatches input;
 * the backend does, at the point we return.
 */
import type { ActionCheck, ActionKind, ClickReport, FramePoint, FrameRect, GuardedGesture } from '../contract';
import { DOC, resolve } from './registry';
import { clickPoint, describe, hitTest } from './hit';
import { P, untrusted } from './realm';
import { fail, scrollIntoViewIfNeeded, STALE, staticChecks, waitUntilStable } from './checks';
import { armDrag, disarmDrag } from './drag';
import { editorSurface } from './editor';
import { controlFace } from './face';

/**
 * The checks before an action, in order: attached, visible, enabled, kind-specific, stable, hit-test.
 * Stability costs two animation frames only when it is in doubt (the element had to be scrolled, or
 * an animation can move it); a still page answers in one pass. For a click, an ok answer arms the
 * click guard (see armGuard) for the dispatch that follows.
 */
export async function prepare(doc: unknown, id: unknown, kind: ActionKind, gesture: GuardedGesture = ONE_CLICK): Promise<ActionCheck> {
  const el = resolve(doc, id);
  if (!el) return STALE;
  // Typing into an editor's hidden input is checked as a click on the editor's visible surface
  // (./editor.ts): the input itself paints nothing a hit test could land on.
  const surface = kind === 'type' ? editorSurface(el) : null;
  const subject = surface ?? el;
  const scrolled = scrollIntoViewIfNeeded(subject);
  const bad = staticChecks(el, kind) ?? (surface ? staticChecks(surface, 'click') : null);
  if (bad) return bad;
  if (!(await waitUntilStable(subject, scrolled))) {
    if (!el.isConnected) return STALE;
    return fail('unstable', 'The element kept moving (animating or re-laid out) for 500 ms.');
  }
  let chosen = clickPoint(subject);
  // A restyled field painted transparent under its own face is clicked where a person clicks it: on
  // the face (./face.ts), which then takes the click's checks and its guard.
  let face: Element | null = null;
  if (chosen && !chosen.ok && (kind === 'click' || kind === 'hover')) {
    face = controlFace(el);
    const onFace = face && !staticChecks(face, 'click') ? clickPoint(face) : null;
    if (onFace?.ok) chosen = onFace;
    else face = null;
  }
  if (!chosen) return fail('not_visible', 'No part of the element is inside the viewport, even after scrolling.');
  if (!chosen.ok) return fail('obscured', `Another element would receive the click at every visible point of it: ${chosen.cover}.`, chosen.cover);
  if (kind === 'click') armGuard(face ?? el, gesture);
  if (kind === 'drag') {
    armGuard(el, { button: 'left', count: 1, press: true });
    armDrag(el, gesture.synthesize === true);
  }
  return face ? { ok: true, point: chosen.point, face: describe(face) } : { ok: true, point: chosen.point };
}



export function hit(doc: unknown, id: unknown, point: unknown): ReturnType<typeof hitTest> {
  const el = resolve(doc, id);
  if (!el) return { ok: false, cover: 'nothing: the element is gone (stale reference)' };
  const why = untrusted();
  if (why !== null) return { ok: false, cover: `nothing we can check: ${why}` };
  const p = point as Partial<FramePoint> | null;
  if (!p || typeof p.x !== 'number' || typeof p.y !== 'number') return { ok: false, cover: 'nothing: invalid point' };
  return hitTest(el, { x: p.x, y: p.y });
}

export function rect(doc: unknown, id: unknown): FrameRect | null {
  const el = resolve(doc, id);
  if (!el) return null;
  const r = P.rect(el);
  return { x: r.left, y: r.top, width: r.width, height: r.height };
}

/** Where the iframe's document starts: border box + border + padding (the content box origin). */
export function frameOrigin(doc: unknown, id: unknown): FramePoint | null {
  const el = resolve(doc, id);
  if (!el) return null;
  const r = P.rect(el);
  const s = P.style(el);
  const px = (name: string) => Number.parseFloat(P.prop(s, name)) || 0;
  return {
    x: r.left + px('border-left-width') + px('padding-left'),
    y: r.top + px('border-top-width') + px('padding-top'),
  };
}

/**
 * How long an armed guard waits for its click before it stands down: longer than any call may run
 * (timeout_ms is at most 600 s). The dispatch follows the check at once on an idle machine, but a
 * loaded one, or a page that blocks its own main thread, can delay it past any short bound, and a
 * guard that stood down by then would let the late click land wherever the page moved it, reported
 * as clicked. Standing armed costs nothing but this: a trusted click that is not ours (a person at a
 * headed browser) before our report lands only on the target. After the gesture's last pointerup the
 * guard stops judging anyway.
 */
const GUARD_TTL_MS = 605_000;
/** Every event a click gesture of any button dispatches at its target. */
const GUARDED_EVENTS = ['pointerdown', 'mousedown', 'contextmenu', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick'] as const;
/** The events that are the click itself, for whichever button: what `reached` reports. */
const CLICK_EVENTS = new Set(['click', 'dblclick', 'auxclick', 'contextmenu']);

const ONE_CLICK: GuardedGesture = { button: 'left', count: 1 };
const BUTTONS = new Set<unknown>(['left', 'middle', 'right']);

/** The gesture `prepare` was given (untrusted JSON): one left click unless it names a valid one. */
export function guardedGesture(raw: unknown): GuardedGesture {
  const g = raw as Partial<GuardedGesture> | null | undefined;
  if (!g || typeof g !== 'object') return ONE_CLICK;
  const button = BUTTONS.has(g.button) ? (g.button as GuardedGesture['button']) : 'left';
  const count = typeof g.count === 'number' && Number.isInteger(g.count) && g.count >= 1 && g.count <= 3 ? g.count : 1;
  return g.synthesize === true ? { button, count, synthesize: true } : { button, count };
}

interface NavigateEventLike extends Event {
  destination?: { sameDocument?: boolean };
  downloadRequest?: string | null;
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (e: NavigateEventLike) => void): void;
  removeEventListener(type: 'navigate', listener: (e: NavigateEventLike) => void): void;
}

interface Guard {
  target: WeakRef<Element>;
  gesture: GuardedGesture;
  /** Whether every event of the gesture so far reached the target; null until the first came. */
  verdict: boolean | null;
  /** Whether the first event reached the target; null until it came. */
  began: boolean | null;
  /** The events cancelled, in order. */
  cancelled: string[];
  /** The gesture's last event reached the target (see isLast). */
  completed: boolean;
  /** The click events (CLICK_EVENTS) that reached the target, in order. */
  reached: string[];
  /** Trusted pointerups seen: the gesture is over in the task after its count-th. */
  ups: number;
  navigation: ClickReport['navigation'];
  /** The gesture's events still pass through the guard: until it is over, or until it stands down. */
  watching: boolean;
  /** It still records a navigation start: until it stands down. */
  armed: boolean;
  /** The gesture is over: its click and the click's default action have run (or a navigation started). */
  over: boolean;
  /** Reports waiting for the gesture to be over. */
  waiting: Array<() => void>;
  timer: ReturnType<typeof setTimeout>;
}

// Captured now: pages sometimes replace it.
const Channel = typeof MessageChannel === 'function' ? MessageChannel : undefined;

function finish(g: Guard): void {
  if (g.over) return;
  g.over = true;
  for (const wake of g.waiting.splice(0)) wake();
}

/** Runs `fn` in a task of its own (a message port: timers are throttled in background tabs). */
function nextTask(fn: () => void): void {
  if (!Channel) {
    setTimeout(fn, 0);
    return;
  }
  const c = new Channel();
  c.port1.onmessage = () => {
    c.port1.close();
    fn();
  };
  c.port2.postMessage(0);
}

let guard: Guard | null = null;
let listening = false;

function navigationApi(): NavigationLike | null {
  const n = (globalThis as { navigation?: unknown }).navigation;
  return n && typeof (n as NavigationLike).addEventListener === 'function' ? (n as NavigationLike) : null;
}

/**
 * The event that ends the gesture at its target: the count-th click of the left button (after it, a
 * second click's dblclick comes in the same task); auxclick of the middle one; auxclick or contextmenu
 * of the right one (Firefox 153 fires no contextmenu to the page while Shift is held).
 */
function isLast(g: Guard, type: string): boolean {
  if (g.gesture.button === 'left') return type === 'click' && g.reached.filter((r) => r === 'click').length === g.gesture.count;
  return type === 'auxclick' || (g.gesture.button === 'right' && type === 'contextmenu');
}

/**
 * Judges each trusted event of the gesture on its own: pointerdown, mousedown, contextmenu, pointerup,
 * mouseup, click, dblclick and auxclick must each reach the target, for every click of a double or
 * triple click. A page that re-renders between two of them (a list refilled on mousedown, Firefox 153
 * + jQuery UI autocomplete; a row replaced after the first click of a double click) would otherwise
 * get a click on whatever now lies under the pointer; once one event misses, the rest of the gesture
 * is cancelled too.
 */
function onGuardedEvent(e: Event): void {
  const g = guard;
  // isTrusted is an unforgeable own property; script-made events are the page's business, not ours.
  if (!g?.watching || !e.isTrusted) return;
  const type = P.eventType(e);
  // A drag's press is judged, not where it drops: the guard stops at its mousedown.
  if (g.gesture.press && type !== 'pointerdown' && type !== 'mousedown') return;
  const t = g.target.deref();
  const reaches = !!t && g.verdict !== false && pathReaches(P.composedPath(e), t) && (g.began !== null || hitsNow(t, e));
  g.verdict = reaches;
  g.began ??= reaches;
  if (!reaches) {
    P.cancel(e);
    g.cancelled.push(type);
  }
  if (reaches && CLICK_EVENTS.has(type)) {
    g.reached.push(type);
    if (isLast(g, type)) g.completed = true;
  }
  if (g.gesture.press && type === 'mousedown') {
    g.completed = reaches;
    g.watching = false;
    finish(g);
    return;
  }
  // A click, its dblclick or auxclick, and their default actions (following a link, submitting a
  // form) run in the task that dispatches the pointerup, so the gesture is over by the next task
  // after its last pointerup; until then the guard judges what comes.
  if (type === 'pointerup' && ++g.ups === g.gesture.count) {
    nextTask(() => {
      g.watching = false;
      finish(g);
    });
  }
}

function onNavigate(e: NavigateEventLike): void {
  const g = guard;
  if (g?.armed && e.destination?.sameDocument === false && !e.downloadRequest) {
    g.navigation = 'started';
    finish(g);
  }
}

/**
 * Adds the guard's listeners once per document; they do nothing while no guard is armed. Adding and
 * removing window pointer listeners around every click made Chromium 156 rebuild its event-handler
 * regions on the next hit test (~4 ms on a 1,000-row page).
 */
function listen(): void {
  if (listening) return;
  // On the page's window (in a Firefox sandbox, globalThis is the sandbox, not an EventTarget). Marked
  // as listening only once every listener is in: a failure here must fail the check, never leave an
  // unguarded click.
  for (const type of GUARDED_EVENTS) P.listen(window, type, onGuardedEvent);
  navigationApi()?.addEventListener('navigate', onNavigate);
  listening = true;
}

/** Stops the guard acting on events; its verdicts stay readable until the next arm. */
function standDown(g: Guard): void {
  clearTimeout(g.timer);
  g.watching = false;
  g.armed = false;
  finish(g);
}

/**
 * Guards the next click gesture on `el`. Window capture listeners run before any page handler: each
 * event of the gesture that reaches the element (or a label of it) passes untouched; from the first
 * that would land on something else (the page moved), every event of the gesture is cancelled, so a
 * stale point never operates another element. The Navigation API, where the engine has it, tells
 * whether the gesture started a cross-document navigation.
 */
export function armGuard(el: Element, gesture: GuardedGesture = ONE_CLICK): void {
  disarm();
  listen();
  const g: Guard = {
    target: new WeakRef(el),
    gesture,
    verdict: null,
    began: null,
    cancelled: [],
    completed: false,
    reached: [],
    ups: 0,
    navigation: navigationApi() ? 'none' : 'unknown',
    watching: true,
    armed: true,
    over: false,
    waiting: [],
    timer: setTimeout(() => standDown(g), GUARD_TTL_MS),
  };
  guard = g;
}

/** Stands the guard down without a click (the action was refused after the check). */
export function disarm(): void {
  if (guard) standDown(guard);
  guard = null;
  disarmDrag();
}

/**
 * What the guard saw of the dispatch; stands it down. Asked after the dispatch it answers at once;
 * with `waitMs` (asked alongside the dispatch) it first waits, at most that long, for the gesture to
 * be over. In a document other than `doc` the click's document is gone: a navigation replaced it.
 */
export async function clickReport(doc: unknown, waitMs?: unknown): Promise<ClickReport> {
  if (doc !== DOC) return { landed: null, navigation: 'started', url: location.href };
  const g = guard;
  if (g && !g.over && typeof waitMs === 'number' && waitMs > 0) {
    await new Promise<void>((wake) => {
      g.waiting.push(wake);
      setTimeout(wake, Math.min(waitMs, GUARD_TTL_MS));
    });
  }
  if (!g || guard !== g) return { landed: null, navigation: 'unknown', url: location.href };
  guard = null;
  standDown(g);
  const landed = g.verdict === false ? false : g.completed ? true : null;
  const began = g.began === null ? {} : { began: g.began };
  return { landed, reached: g.reached.slice(), ...began, cancelled: g.cancelled.slice(), navigation: g.navigation, url: location.href };
}

/** Whether a drag's press reached its source (null: no press came); stands the guard down. */
export function pressReport(): boolean | null {
  const g = guard;
  guard = null;
  if (!g) return null;
  standDown(g);
  return g.began;
}

/**
 * The gesture's first event is judged on a fresh hit-test as well as on its path: a look the target
 * takes on hover (Chromium 156 lays out `:hover { content: url(…) }` as 0 px wide until the image
 * loads) may have moved it from under the pointer after the engine chose the event's target, and the
 * rest of the gesture would then land beside it. Cancelled there, nothing reached the page, and core
 * checks the whole click again.
 */
function hitsNow(target: Element, e: Event): boolean {
  return hitTest(target, P.eventPoint(e)).ok;
}

/** The click reached the target, or a label of it (which the browser forwards to the control). */
function pathReaches(path: EventTarget[], target: Element): boolean {
  for (let i = 0; i < path.length; i++) {
    const t = path[i]!;
    if (t === target) return true;
    if (P.nodeType(t as Node) === 1 && P.localName(t as Element) === 'label' && P.labelControl(t as Element) === target) return true;
  }
  return false;
}
