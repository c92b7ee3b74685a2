/**
 * The flow recorder's in-page half: it watches what a person does (clicks, typing, selects, keys,
 * drags) and keeps each as a raw event with a stable description of its target (role and accessible
 * name by the snapshot's own rules, label, text, a CSS path), never a ref. The host drains the buffer
 * by polling (./host.ts); turning raw events into protocol steps happens there, where it is testable.
 *
 * Trust: this runs in the page's own realm (it is installed with page.eval), so the page can read,
 * forge or drop what it records. That is acceptable only because a person chose to record this page:
 * a recording says what this page reported, and replay checks every step against the live page.
 *
 * Events still in the buffer when the document unloads (a click that navigates) are kept in
 * sessionStorage and picked up by the next document of the same origin.
 */
import { editorSurface } from '../page/editor';
import { accessibleName, flat } from '../page/names';
import { finalRole, INTERACTIVE_ROLES, nativelyActionable, roleOf } from '../page/roles';
import { HintMaker } from '../page/selector-hint';
import { styleCache } from '../page/style';
import { FLOW_GLOBAL, FLOW_STORAGE_KEY, type RawFlowEvent, type FlowTarget } from './types';

const MAX_EVENTS = 5_000;
const MAX_TEXT = 200;
/** Keys recorded as presses; printable keys reach the recording as the field's value instead. */
const KEYS = new Set(['Enter', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Backspace', 'Delete']);
/** Keys that only name a field's caret move or edit: in a text field, the value event says it all (not in an editor's hidden input). */
const EDITING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Backspace', 'Delete']);
/** How far (CSS px) the pointer must travel while pressed for a press-move-release to be a drag. */
const DRAG_DISTANCE = 8;

const g = globalThis as unknown as Record<symbol, unknown>;
const KEY = Symbol.for(FLOW_GLOBAL);

const cap = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);

function isTextField(el: Element): boolean {
  if (el.localName === 'textarea') return true;
  if (el.localName === 'input') return !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden', 'range', 'color'].includes((el as HTMLInputElement).type);
  return (el as HTMLElement).isContentEditable === true;
}

/** The element a person meant: the nearest one with an interactive role, or that acts natively. */
function actionable(start: Element): Element {
  for (let el: Element | null = start; el && el.localName !== 'body'; el = el.parentElement) {
    if (INTERACTIVE_ROLES.has(roleOf(el)) || nativelyActionable(el)) return el;
  }
  return start;
}

/** A label's own words: a label that wraps its control (a select's options, say) leaves the control out. */
function labelText(label: Element, control: Element): string {
  let s = '';
  const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!control.contains(n)) s += n.nodeValue ?? '';
  return flat(s);
}

function describe(el: Element): FlowTarget {
  const styleOf = styleCache();
  const base = roleOf(el);
  const name = flat(accessibleName(el, base, styleOf));
  const role = finalRole(base, name);
  const t: FlowTarget = { role, name: cap(name), css: new HintMaker().hint(el) };
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length > 0) {
    const label = labelText(labels[0]!, el);
    if (label) t.label = cap(label);
  } else if (!isTextField(el)) {
    const text = flat(el.textContent ?? '');
    if (text) t.text = cap(text);
  }
  return t;
}

/** The focused element, looking into open shadow roots. */
function deepActive(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

interface Slot {
  left: number;
  top: number;
  right: number;
  bottom: number;
  target: FlowTarget;
}

/** Most siblings whose places are kept for a drop (a longer list drops by what is under the pointer only). */
const MAX_SLOTS = 50;

/**
 * Where the dragged item's siblings were when the press began, described then. A sortable list's
 * placeholder is hidden from hit tests and its item covers the release point, so the drop is named
 * by the sibling that was there when the drag started.
 */
function slotsAround(el: Element): Slot[] {
  for (let item: Element | null = el; item?.parentElement && item.localName !== 'body'; item = item.parentElement) {
    const siblings = Array.from(item.parentElement.children);
    if (siblings.length < 2) continue;
    if (siblings.length > MAX_SLOTS) return [];
    return siblings.filter((s) => s !== item).map((s) => {
      const r = s.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, target: describe(s) };
    });
  }
  return [];
}

function install(): void {
  if (g[KEY]) return;
  let events: RawFlowEvent[] = [];
  const push = (e: RawFlowEvent) => {
    if (events.length < MAX_EVENTS) events.push(e);
  };
  try {
    const kept = sessionStorage.getItem(FLOW_STORAGE_KEY);
    if (kept) {
      sessionStorage.removeItem(FLOW_STORAGE_KEY);
      for (const e of JSON.parse(kept) as RawFlowEvent[]) push(e);
    }
  } catch {
    // Storage refused (sandboxed or opaque origin): events of an unloading page are then lost.
  }
  push({ kind: 'document', url: location.href, referrer: document.referrer, at: Date.now() });

  let lastKeyAt = 0;
  let down: { el: Element; target: FlowTarget; slots: Slot[]; x: number; y: number; moved: boolean } | null = null;
  let dragEndedAt = 0;

  /**
   * Only what a person (or trusted automation input) did; a page's own dispatches are not steps. A field
   * event (input, change) also counts untrusted on the focused field: a value set through a picker, or
   * by automation standing in for the person, arrives that way.
   */
  const on = (type: string, fn: (e: Event) => void, field = false) => window.addEventListener(type, (e) => {
    if (!e.isTrusted && !(field && e.target instanceof Element && e.target === deepActive())) return;
    try {
      fn(e);
    } catch {
      // A recorder that throws must not break the page; the step is missed.
    }
  }, true);

  on('pointerdown', (e) => {
    const p = e as PointerEvent;
    if (p.button !== 0 || !(p.target instanceof Element)) return;
    // Described now: a drag library may move the element (and change its path) before the release.
    const el = actionable(p.target);
    down = { el, target: describe(el), slots: slotsAround(el), x: p.clientX, y: p.clientY, moved: false };
  });
  on('pointermove', (e) => {
    const p = e as PointerEvent;
    if (down && Math.hypot(p.clientX - down.x, p.clientY - down.y) >= DRAG_DISTANCE) down.moved = true;
  });
  on('pointerup', (e) => {
    const p = e as PointerEvent;
    const d = down;
    down = null;
    if (!d || !d.moved) return;
    // The drop target: the top-most element under the release point that is neither the dragged element,
    // nor inside it, nor around it (a sortable's item that follows the pointer holds the pressed handle).
    const under = document.elementsFromPoint(p.clientX, p.clientY).find((el) => !d.el.contains(el) && !el.contains(d.el));
    const drop = under ? describe(actionable(under)) : d.slots.find((s) => p.clientX >= s.left && p.clientX <= s.right && p.clientY >= s.top && p.clientY <= s.bottom)?.target;
    if (!drop) return;
    dragEndedAt = Date.now();
    push({ kind: 'drag', target: d.target, to: drop, at: dragEndedAt });
  });

  on('click', (e) => {
    const m = e as MouseEvent;
    if (!(m.target instanceof Element)) return;
    // The click that ends a drag is part of the drag.
    if (Date.now() - dragEndedAt < 300) return;
    // A keyboard's activation (Enter submitting a form clicks its default button) follows the key.
    if (m.detail === 0 && Date.now() - lastKeyAt < 500) return;
    const el = actionable(m.target);
    // A select opens its own list; the choice is recorded as its change.
    if (el.localName === 'select' || el.localName === 'option') return;
    // A click on a label clicks its control too: that second click is the one recorded.
    const label = m.target.closest('label');
    if (label && label.control && !label.control.contains(m.target)) return;
    push({ kind: 'click', target: describe(el), at: Date.now() });
  });

  on('input', (e) => {
    const el = e.target;
    if (!(el instanceof Element) || !isTextField(el)) return;
    if (editorSurface(el) !== null) {
      // An editor's hidden input holds what its editor has not read yet, not the editor's text: keep
      // what each event inserted. Enter and deletions reach the editor as keys (recorded there).
      const i = e as InputEvent;
      if (i.inputType === 'insertText' && i.data) push({ kind: 'text', target: describe(el), text: i.data, at: Date.now() });
      return;
    }
    const value = el.localName === 'input' || el.localName === 'textarea' ? (el as HTMLInputElement).value : (el.textContent ?? '');
    const secret = el.localName === 'input' && (el as HTMLInputElement).type === 'password';
    push({ kind: 'input', target: describe(el), value, ...(secret ? { secret: true } : {}), at: Date.now() });
  }, true);

  on('change', (e) => {
    const el = e.target;
    if (!(el instanceof HTMLSelectElement)) return;
    const chosen = Array.from(el.selectedOptions);
    push({ kind: 'select', target: describe(el), values: chosen.map((o) => o.value), labels: chosen.map((o) => flat(o.label || o.text)), at: Date.now() });
  }, true);

  on('keydown', (e) => {
    const k = e as KeyboardEvent;
    if (!KEYS.has(k.key)) return;
    const el = k.target instanceof Element ? k.target : null;
    const editor = el !== null && isTextField(el) && editorSurface(el) !== null;
    if (el && isTextField(el) && EDITING_KEYS.has(k.key) && !editor) return;
    lastKeyAt = Date.now();
    const mods = [k.ctrlKey && 'Control', k.altKey && 'Alt', k.shiftKey && 'Shift', k.metaKey && 'Meta'].filter(Boolean).join('+');
    const key = mods ? `${mods}+${k.key}` : k.key;
    // An editor's hidden input paints nothing, so a press that names it is refused as covered: its keys
    // go where the focus is, which the editor's click or typing before them put there.
    const named = el && !editor && el !== document.body && el !== document.documentElement;
    push({ kind: 'key', key, ...(named ? { target: describe(el) } : {}), at: lastKeyAt });
  });

  window.addEventListener('pagehide', () => {
    try {
      if (events.length > 0) sessionStorage.setItem(FLOW_STORAGE_KEY, JSON.stringify(events));
      events = [];
    } catch {
      // See above: lost with the page.
    }
  }, true);

  Object.defineProperty(g, KEY, {
    value: {
      /** How many events wait for the next drain. */
      pending: (): number => events.length,
      drain(): string {
        const out = events;
        events = [];
        return JSON.stringify(out);
      },
    },
  });
}

install();
