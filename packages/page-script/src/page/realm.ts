/**
 * The DOM functions our decisions rest on (hit test, visibility, the click guard), taken once, at
 * install, from a realm the page has not touched, and called without looking anything up again.
 *
 * - On BiDi the whole script runs in a sandbox realm (Firefox Xrays, Chromium's isolated world): its
 *   own globals are pristine, so they are the source.
 * - On classic WebDriver the script runs in the page's realm, after the page's own scripts, so its
 *   globals may be replaced. The source is then a new frame's realm (fresh.ts says how it is made and
 *   checked). When it cannot be trusted, TRUST says why and the checks refuse to act (actions.ts):
 *   the page's own functions then serve only the snapshot, as hints.
 * - Under jsdom (unit tests) the harness passes `noLayout`: jsdom has no layout, so boxes count as sized.
 */

import type { InstallOptions } from '../constants';
import { freshRealm, type Win } from './fresh';

declare const __bpInstall: InstallOptions | undefined;

export const OPTIONS: InstallOptions = typeof __bpInstall === 'object' && __bpInstall !== null ? __bpInstall : {};

type Fn = (self: unknown, ...args: unknown[]) => unknown;

const fresh = OPTIONS.realm === 'fresh' ? freshRealm() : null;
let untrustedWhy: string | null = fresh && !fresh.ok ? fresh.why : null;
/** Null when the functions below come from a trusted realm; else why not (every action check refuses). */
export const untrusted = (): string | null => untrustedWhy;
const W: Win = fresh?.ok ? fresh.w : (globalThis as Win);
const getOwn = W.Object.getOwnPropertyDescriptor;
const uncurry = W.Function.prototype.bind.bind(W.Function.prototype.call) as (f: unknown) => Fn;

/**
 * Whether this script reads DOM objects through a realm the page cannot patch: the BiDi sandbox
 * (Chromium's isolated world, Firefox's Xrays), not the page's realm (classic WebDriver, and
 * Firefox's snapshot walker installed there). Only there may a hot read skip the functions below.
 */
const SANDBOX_READS = OPTIONS.sandbox === true && OPTIONS.realm !== 'fresh' && OPTIONS.walker?.side !== 'page';

function member(iface: string, name: string, kind: 'value' | 'get' | 'set'): Fn | null {
  // Window is [Global]: its members sit on the global object itself, not on Window.prototype.
  for (let proto = iface === 'Window' ? (W as object) : W[iface]?.prototype; proto; proto = W.Object.getPrototypeOf(proto) as object | undefined) {
    const d = getOwn(proto, name);
    if (!d) continue;
    const fn = d[kind];
    if (typeof fn !== 'function') return null;
    if (fresh?.ok && !fresh.isNative(fn, name)) untrustedWhy ??= `${iface}.${name} in the new frame is not native, so this page's checks cannot be trusted`;
    return uncurry(fn);
  }
  return null;
}
/** A pristine method, or (where this engine lacks it, as jsdom does) a call through the object. */
function method(iface: string, name: string): Fn {
  return member(iface, name, 'value') ?? ((self, ...args) => (self as Record<string, (...a: unknown[]) => unknown>)[name]!(...args));
}
function getter(iface: string, name: string): Fn {
  return member(iface, name, 'get') ?? ((self) => (self as Record<string, unknown>)[name]);
}
function setter(iface: string, name: string): Fn {
  return member(iface, name, 'set') ?? ((self, v) => ((self as Record<string, unknown>)[name] = v));
}

const elementsFromPointOf = method('Document', 'elementsFromPoint');
const elementFromPointOf = method('Document', 'elementFromPoint');
const rootElementFromPoint = method('ShadowRoot', 'elementFromPoint');
const rootElementsFromPoint = method('ShadowRoot', 'elementsFromPoint');
const composedPathOf = method('Event', 'composedPath');
const computedStyle = method('Window', 'getComputedStyle');
// The snapshot asks for every element's style: a function bound to this window is the cheapest call
// in SpiderMonkey, where the walk runs in the page's realm (an uncurried call cost Firefox ~10%).
const ownStyle = getOwn(W, 'getComputedStyle')?.value as ((el: Element, pseudo?: string) => CSSStyleDeclaration) | undefined;
const boundStyle = typeof ownStyle === 'function' ? (W.Function.prototype.bind.call(ownStyle, window) as (el: Element) => CSSStyleDeclaration) : null;
const propertyValue = method('CSSStyleDeclaration', 'getPropertyValue');
const clientRectsOf = method('Element', 'getClientRects');
const boundingRectOf = method('Element', 'getBoundingClientRect');
const rectListLength = getter('DOMRectList', 'length');
const rectListItem = method('DOMRectList', 'item');
const rectLeft = getter('DOMRectReadOnly', 'left');
const rectTop = getter('DOMRectReadOnly', 'top');
const rectWidth = getter('DOMRectReadOnly', 'width');
const rectHeight = getter('DOMRectReadOnly', 'height');
const addListener = method('EventTarget', 'addEventListener');
const dateNow = W.Date.now;
const keyOf = getter('KeyboardEvent', 'key');
const preventDefaultOf = method('Event', 'preventDefault');
const stopImmediateOf = method('Event', 'stopImmediatePropagation');
const eventTypeOf = getter('Event', 'type');
const clientXOf = getter('MouseEvent', 'clientX');
const clientYOf = getter('MouseEvent', 'clientY');
const dispatchOf = method('EventTarget', 'dispatchEvent');
const defaultPreventedOf = getter('Event', 'defaultPrevented');
const shadowRootOf = getter('Element', 'shadowRoot');
const parentNodeOf = getter('Node', 'parentNode');
const nodeTypeOf = getter('Node', 'nodeType');
const hostOf = getter('ShadowRoot', 'host');
const slotOfElement = getter('Element', 'assignedSlot');
const slotOfText = getter('Text', 'assignedSlot');
const localNameOf = getter('Element', 'localName');
const controlOf = getter('HTMLLabelElement', 'control');
const isConnectedOf = getter('Node', 'isConnected');
const clientWidthOf = getter('Element', 'clientWidth');
const clientHeightOf = getter('Element', 'clientHeight');
const innerWidthOf = getter('Window', 'innerWidth');
const innerHeightOf = getter('Window', 'innerHeight');
const documentElementOf = getter('Document', 'documentElement');
const compatModeOf = getter('Document', 'compatMode');
const bodyOf = getter('Document', 'body');
const checkVisibilityOf = member('Element', 'checkVisibility', 'value');
const hasAttributeOf = method('Element', 'hasAttribute');
const getAttributeOf = method('Element', 'getAttribute');
const matchesOf = method('Element', 'matches');
const queryAllOf = method('Element', 'querySelectorAll');
const nodeListLength = getter('NodeList', 'length');
const nodeListItem = method('NodeList', 'item');
const offsetWidthOf = member('HTMLElement', 'offsetWidth', 'get');
const offsetHeightOf = member('HTMLElement', 'offsetHeight', 'get');
// A field's value through the interface's own accessors: a page (or React's value tracker) may
// define `value` on the element itself, and a write through that would never reach the element.
const inputValueGet = getter('HTMLInputElement', 'value');
const innerTextGet = getter('HTMLElement', 'innerText');
const inputValueSet = setter('HTMLInputElement', 'value');
const validityOf = getter('HTMLInputElement', 'validity');
const rangeUnderflowOf = getter('ValidityState', 'rangeUnderflow');
const rangeOverflowOf = getter('ValidityState', 'rangeOverflow');
const stepMismatchOf = getter('ValidityState', 'stepMismatch');
const focusOf = method('HTMLElement', 'focus');
const optionSelectedGet = getter('HTMLOptionElement', 'selected');
const optionSelectedSet = setter('HTMLOptionElement', 'selected');


/** A plain box: never a DOMRect, whose getters the page could have replaced. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

function box(r: unknown): Box {
  if (OPTIONS.noLayout) {
    // jsdom's rects are plain objects, not DOMRects.
    const o = r as Box;
    return { left: o.left, top: o.top, width: o.width, height: o.height, right: o.left + o.width, bottom: o.top + o.height };
  }
  const left = rectLeft(r) as number;
  const top = rectTop(r) as number;
  const width = rectWidth(r) as number;
  const height = rectHeight(r) as number;
  return { left, top, width, height, right: left + width, bottom: top + height };
}

/** The calls the checks make; every one was captured at install from a pristine realm. */
export const P = {
  /** Top-most first, like Document.elementsFromPoint; a shadow root answers for its own tree. */
  elementsFromPoint(root: Document | ShadowRoot, x: number, y: number): Element[] {
    const fn = nodeTypeOf(root) === 9 ? elementsFromPointOf : rootElementsFromPoint;
    // Indexed reads of the array the pristine function made: no page-reachable Array method is used.
    const list = fn(root, x, y) as ArrayLike<Element>;
    const out: Element[] = [];
    for (let i = 0; i < list.length; i++) out[i] = list[i]!;
    return out;
  },
  /** The top-most element at the point in this root's tree, or null. */
  elementFromPoint(root: Document | ShadowRoot, x: number, y: number): Element | null {
    return ((nodeTypeOf(root) === 9 ? elementFromPointOf : rootElementFromPoint)(root, x, y) as Element | null) ?? null;
  },
  composedPath: (e: Event) => composedPathOf(e) as EventTarget[],
  eventType: (e: Event) => eventTypeOf(e) as string,
  /** Where a mouse or pointer event happened, in this frame's viewport (CSS pixels). */
  eventPoint: (e: Event) => ({ x: clientXOf(e) as number, y: clientYOf(e) as number }),
  /** Cancels the event's default action and every listener after ours. */
  cancel(e: Event): void {
    preventDefaultOf(e);
    stopImmediateOf(e);
  },
  listen: (target: EventTarget, type: string, fn: (e: Event) => void) => void addListener(target, type, fn, true),
  /** A keyboard event's `key`. */
  key: (e: Event) => keyOf(e) as string,
  /** Whether a listener cancelled the event's default action. */
  prevented: (e: Event) => defaultPreventedOf(e) as boolean,
  /** Milliseconds since the epoch, from the trusted realm's Date (a page may replace its own). */
  now: () => dateNow() as number,
  /** Dispatches an event we made; answers whether a listener cancelled it. */
  dispatch: (target: EventTarget, e: Event) => !(dispatchOf(target, e) as boolean) || (defaultPreventedOf(e) as boolean),
  /**
   * A drag event carrying `data`, made from the trusted realm's constructors. An engine whose DragEvent
   * takes no `dataTransfer` in its init (or has no DragEvent) gets a MouseEvent with it set as its own property.
   */
  dragEvent(type: string, init: MouseEventInit, data: DataTransfer): Event {
    const Drag = W['DragEvent'] as (new (t: string, i: object) => Event) | undefined;
    const e = Drag ? new Drag(type, { ...init, dataTransfer: data }) : new (W['MouseEvent'] as new (t: string, i: object) => Event)(type, init);
    if ((e as DragEvent).dataTransfer !== data) W.Object.defineProperty(e, 'dataTransfer', { value: data });
    return e;
  },
  dataTransfer: () => new (W['DataTransfer'] as new () => DataTransfer)(),
  // `window`, not globalThis: in a Firefox sandbox the global is the sandbox, and window its Xray of the page's window.
  style: boundStyle ?? ((el: Element) => computedStyle(window, el) as CSSStyleDeclaration),
  /** A pseudo-element's computed style (`::before`). */
  pseudoStyle: (el: Element, pseudo: string) => computedStyle(window, el, pseudo) as CSSStyleDeclaration,
  prop: (style: CSSStyleDeclaration, name: string) => propertyValue(style, name) as string,
  rects(el: Element): Box[] {
    const list = clientRectsOf(el);
    const n = rectListLength(list) as number;
    const out: Box[] = [];
    for (let i = 0; i < n; i++) out.push(box(rectListItem(list, i)));
    return out;
  },
  rect: (el: Element) => box(boundingRectOf(el)),
  shadowRoot: (el: Element) => shadowRootOf(el) as ShadowRoot | null,
  localName: (el: Element) => localNameOf(el) as string,
  /** nodeType, or 0 for an event target that is not a node (the window). */
  nodeType(n: unknown): number {
    try {
      return nodeTypeOf(n) as number;
    } catch {
      return 0;
    }
  },
  labelControl: (label: Element) => (controlOf(label) as Element | null) ?? null,
  isConnected: (n: Node) => isConnectedOf(n) as boolean,
  /** Flat-tree parent (slot, shadow host, parent element), from pristine getters. */
  parent(n: Node): Element | null {
    const slot = (nodeTypeOf(n) === 3 ? slotOfText(n) : nodeTypeOf(n) === 1 ? slotOfElement(n) : null) as Element | null;
    if (slot) return slot;
    const p = parentNodeOf(n) as Node | null;
    if (!p) return null;
    const t = nodeTypeOf(p);
    if (t === 11) return (hostOf(p) as Element | null) ?? null;
    return t === 1 ? (p as Element) : null;
  },
  contains(outer: Element, inner: Node | null): boolean {
    for (let n: Node | null = inner; n; n = P.parent(n)) if (n === outer) return true;
    return false;
  },
  /**
   * The viewport without its scroll bars (CSSOM View, clientWidth): the root element's client size
   * in standards mode, the body's in quirks mode (no doctype), where the root is as tall as the
   * document. Without such an element (no body yet, a frameset), the window's inner size.
   */
  viewport(): { width: number; height: number } {
    let box: Element | null;
    if (compatModeOf(document) === 'BackCompat') {
      const body = bodyOf(document) as Element | null;
      box = body && localNameOf(body) === 'body' ? body : null;
    } else {
      box = documentElementOf(document) as Element | null;
    }
    return {
      width: (box && (clientWidthOf(box) as number)) || (innerWidthOf(window) as number),
      height: (box && (clientHeightOf(box) as number)) || (innerHeightOf(window) as number),
    };
  },
  /** Element.checkVisibility where the engine has it, else null (unknown). */
  checkVisibility: (el: Element) => (checkVisibilityOf ? (checkVisibilityOf(el) as boolean) : null),
  hasAttribute: (el: Element, name: string) => hasAttributeOf(el, name) as boolean,
  getAttribute: (el: Element, name: string) => getAttributeOf(el, name) as string | null,
  matches: (el: Element, selector: string) => matchesOf(el, selector) as boolean,
  /** The elements under `root` that match `selector`, in document order (light DOM only). */
  queryAll(root: Element, selector: string): Element[] {
    const list = queryAllOf(root, selector);
    const n = nodeListLength(list) as number;
    const out: Element[] = [];
    for (let i = 0; i < n; i++) out.push(nodeListItem(list, i) as Element);
    return out;
  },
  /**
   * Whether an HTML element's box has a width and a height (offsetWidth/Height); null for SVG and
   * others, which have none. In a BiDi sandbox the element's own properties are read: they reach the
   * sandbox's prototypes, which the page cannot touch, and a property read is a cheaper call than an
   * uncurried getter in Chromium 156 (the 1,000-row walk: about 4 ms of 67 in the page).
   */
  offsetSized(el: Element): boolean | null {
    if (SANDBOX_READS) {
      const width = (el as Partial<HTMLElement>).offsetWidth;
      // Undefined: not an HTML element (SVG, MathML).
      if (width === undefined) return null;
      return width > 0 && (el as HTMLElement).offsetHeight > 0;
    }
    if (!offsetWidthOf || !offsetHeightOf) return null;
    try {
      return (offsetWidthOf(el) as number) > 0 && (offsetHeightOf(el) as number) > 0;
    } catch {
      // The getter's brand check refuses a non-HTML element (SVG, MathML).
      return null;
    }
  },
  /** The rendered text of an HTML element (what an editor shows), or '' for one that has none. */
  innerText: (el: Element) => (innerTextGet(el) as string | undefined) ?? '',
  inputValue: (el: Element) => inputValueGet(el) as string,
  setInputValue: (el: Element, v: string) => void inputValueSet(el, v),
  /** Which of the element's range and step constraints its value breaks (HTML constraint validation). */
  outOfBounds(el: Element): 'under' | 'over' | 'step' | null {
    const v = validityOf(el);
    if (rangeUnderflowOf(v) === true) return 'under';
    if (rangeOverflowOf(v) === true) return 'over';
    return stepMismatchOf(v) === true ? 'step' : null;
  },
  focus: (el: Element) => void focusOf(el, { preventScroll: true }),
  optionSelected: (o: Element) => optionSelectedGet(o) as boolean,
  setOptionSelected: (o: Element, v: boolean) => void optionSelectedSet(o, v),
  /** An `input` or `change` event as a user's edit fires it, made from the trusted realm's constructor. */
  formEvent: (type: 'input' | 'change') => new (W['Event'] as typeof Event)(type, { bubbles: true, composed: type === 'input' }),
  noLayout: OPTIONS.noLayout === true,
};
