/**
 * Elements a user could click that no role says so of: a `<span>` with a click listener, an `onclick`
 * attribute, a `cursor: pointer` box, a `tabindex` div. The snapshot shows them as `clickable` lines.
 *
 * These are hints for the outline only, read from what the page tells us (its listeners, its styles):
 * they add lines, never decide whether an action may happen.
 */
import { CLICKABLES_ASK_EVENT, CLICKABLES_REPORT_EVENT, listenerRecorderExpression } from '../recorder';
import { OPTIONS } from './realm';

// Where no preload script ran (classic WebDriver), recording starts when the page script is first
// installed: listeners added later are seen, earlier ones only where a library keeps its handlers on
// the node (../handler-reader.ts), the rest left to the style heuristics. A page whose CSP forbids
// `Function` keeps only the heuristics. In a sandbox (BiDi) the backend put the recorder in the page's
// realm; here it would watch only our own calls.
if (!OPTIONS.sandbox) {
  try {
    Function(listenerRecorderExpression())();
  } catch {
    // CSP without 'unsafe-eval', or a page that broke Function: the heuristics still apply.
  }
}

/** Roles a clickable signal may turn into `clickable` (they carry no meaning of their own to lose). */
export const CLICKABLE_BASE_ROLES = new Set(['generic', 'none', 'presentation', 'paragraph', 'listitem']);

/** The connected elements the recorder saw get a click-like listener, or found a library's handler on. */
export function listenedElements(): Set<Element> {
  const found = new Set<Element>();
  const onReport = (e: Event) => {
    // composedPath()[0] is the element itself even inside an open shadow root.
    const t = (typeof e.composedPath === 'function' ? e.composedPath()[0] : undefined) ?? e.target;
    if (t && (t as Node).nodeType === 1) found.add(t as Element);
  };
  try {
    window.addEventListener(CLICKABLES_REPORT_EVENT, onReport, true);
    window.dispatchEvent(new Event(CLICKABLES_ASK_EVENT));
  } catch {
    // A page that broke events hides its own clickables, nothing else.
  } finally {
    window.removeEventListener(CLICKABLES_REPORT_EVENT, onReport, true);
  }
  return found;
}

/** Cursors that say "press here": a pointer for a click, a hand or a cross of arrows for a drag. */
const ACTION_CURSORS = new Set(['pointer', 'grab', '-webkit-grab', 'move']);

/**
 * A clickable signal that needs no listener: an `onclick` attribute, `tabindex >= 0`, `draggable="true"`
 * (an HTML5 drag source), or a pointer, grab or move cursor its parent does not have (a cursor is
 * inherited, so only where it starts counts).
 */
export function clickableByMarkup(el: Element, cursor: string, parentCursor: string): boolean {
  if (cursor !== parentCursor && ACTION_CURSORS.has(cursor)) return true;
  if (el.hasAttribute('onclick')) return true;
  if (el.getAttribute('draggable') === 'true') return true;
  const tabindex = el.getAttribute('tabindex');
  return tabindex !== null && Number.parseInt(tabindex, 10) >= 0;
}

/** Children of these are a page's regions, never the items of one widget. */
const NOT_A_LIST = new Set(['html', 'body', 'head']);
/** Children that are never items (they have no box). */
const NO_BOX = new Set(['script', 'style', 'template', 'link', 'meta', 'noscript']);
/** Markup that says "a list of items", however many it holds. */
const LIST_TAGS = new Set(['ul', 'ol', 'menu']);
const LIST_ROLES = new Set(['list', 'listbox', 'menu', 'menubar', 'tree', 'tablist']);

/** How many element children with a box `el` has, all of one tag; -1 when their tags differ. */
function itemCount(el: Element): number {
  let tag = '';
  let n = 0;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const t = c.localName;
    if (NO_BOX.has(t)) continue;
    if (tag === '') tag = t;
    else if (t !== tag) return -1;
    n++;
  }
  return n;
}

/** What makes containers alike: their tag and class list, as the page wrote them (none: not comparable). */
function kindOf(el: Element): string {
  const cls = el.getAttribute('class');
  return cls ? `${el.localName} ${cls}` : '';
}

/** Per listened set (one per op): the kinds of the listened containers that hold two or more items. */
const listKinds = new WeakMap<ReadonlySet<Element>, Set<string>>();

function kindsOfLists(listened: ReadonlySet<Element>): Set<string> {
  let kinds = listKinds.get(listened);
  if (kinds === undefined) {
    kinds = new Set();
    for (const el of listened) {
      const kind = kindOf(el);
      if (kind !== '' && !NOT_A_LIST.has(el.localName) && itemCount(el) >= 2) kinds.add(kind);
    }
    listKinds.set(listened, kinds);
  }
  return kinds;
}

/**
 * Whether a listened element's handler is for its children, the items of a list it manages: a
 * sortable (jQuery UI's and SortableJS's listen for the press on the list, not on the items), a
 * menu or a grid of tiles that delegates its clicks. The signs, whatever library made it, with the
 * children all of one tag: two or more of them; or any number in a list's markup (`ul`, `ol`, a list
 * role); or any number in a container like another listened one that holds two or more (a board's
 * lanes of one card, beside a lane of several: same tag and classes). Which of them are items is the
 * walk's to say (a block box each); a wrapper whose children are inline parts of one label stays one
 * clickable. `listened` is the op's set from `listenedElements()`.
 */
export function delegatesToItems(el: Element, listened: ReadonlySet<Element>): boolean {
  if (NOT_A_LIST.has(el.localName)) return false;
  const n = itemCount(el);
  if (n >= 2) return true;
  if (n !== 1) return false;
  if (LIST_TAGS.has(el.localName) || LIST_ROLES.has(el.getAttribute('role') ?? '')) return true;
  const kind = kindOf(el);
  return kind !== '' && kindsOfLists(listened).has(kind);
}

const MAX_NAME = 100;

/**
 * A clickable's name: aria-label, else its visible text, else title. `long` when the text is too long
 * to be a name (a whole card): the caller then keeps the content as children and names it by label only.
 * `shown` is the visible text when the caller knows it better than innerText does (text at font-size 0, SVG).
 */
export function clickableName(el: Element, flat: (s: string) => string, shown?: string): { name: string; long: boolean } {
  const label = flat(el.getAttribute('aria-label') ?? '');
  if (label) return { name: label, long: false };
  const inner = shown ?? (el as HTMLElement).innerText;
  const text = flat(typeof inner === 'string' ? inner : (el.textContent ?? ''));
  if (text.length > MAX_NAME) return { name: flat(el.getAttribute('title') ?? ''), long: true };
  return { name: text || flat(el.getAttribute('title') ?? ''), long: false };
}
