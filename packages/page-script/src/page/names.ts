/**
 * Accessible names. dom-accessibility-api (accname 1.2) is the reference. A handful of fast paths cover
 * the shapes that dominate real pages — aria-label, text-only buttons/links/headings, inputs labelled by
 * a text-only <label>, and roles that cannot take a name from content — because the library walks
 * and styles every descendant, which dominated snapshot time on large pages. Anything unusual falls
 * through to the library. `names-roles.browser.test.ts` checks the fast paths agree with it.
 *
 * Two extensions over the library: inputs fall back to `placeholder` / `aria-placeholder` when nothing
 * else names them, as Chromium, Firefox and WebKit all do (HTML-AAM); and an unnamed custom control
 * takes the name of the hidden native field it replaces (`replacedFieldName`).
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import { hasSize, hiddenByVisibility, nameStyle, type StyleOf } from './style';
import { P } from './realm';
import { CONTAINER_NAME_ROLES, LEAF_NAME_ROLES, roleOf } from './roles';

/** Any whitespace but a lone inner space: only then is there something to collapse or trim. */
const UNFLAT = /[^\S ]| {2}|^ | $/;

/** Collapses every whitespace run (the library keeps lone newlines) and trims. */
export function flat(s: string): string {
  // Most names and many text runs are already flat; testing is cheaper than rebuilding them.
  return UNFLAT.test(s) ? s.replace(/\s+/g, ' ').trim() : s;
}

/**
 * Deliberate deviation: CSS generated content (::before/::after) is left out of names, by the library
 * and by the fast paths alike. Browsers include it, but on real pages it is mostly icon-font glyphs
 * (private-use code points that mean nothing to a model), and computing two pseudo-element styles per
 * named element was the largest single cost of a snapshot (7% of the 1,000-row benchmark).
 * jsdom cannot compute pseudo-element styles at all, so this also keeps unit tests and browsers equal.
 */
const PSEUDO_STYLES = false;

/** The reference computation, with our whitespace rule and placeholder fallback. */
export function libraryName(el: Element, styleOf: StyleOf, asShown = false): string {
  const name = flat(
    computeAccessibleName(el, {
      // `hidden: true` names an element as if it were shown (accname step 2A skipped).
      hidden: asShown,
      computedStyleSupportsPseudoElements: PSEUDO_STYLES,
      getComputedStyle: ((e: Element, pseudo?: string | null) =>
        pseudo ? P.pseudoStyle(e, pseudo) : nameStyle(e, styleOf)) as typeof getComputedStyle,
    }),
  );
  return name || placeholderOf(el);
}

function placeholderOf(el: Element): string {
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea') return flat(el.getAttribute('placeholder') ?? '');
  return flat(el.getAttribute('aria-placeholder') ?? '');
}

/** Roles whose name only ever comes from aria-label/labelledby (handled before) or `title`. */
const ATTRIBUTE_ONLY_ROLES = new Set([
  'generic', 'none', 'presentation', 'paragraph', 'list', 'listitem', 'main', 'navigation', 'banner',
  'contentinfo', 'complementary', 'region', 'form', 'search', 'article', 'blockquote', 'document',
  'dialog', 'alertdialog', 'alert', 'status', 'log', 'group', 'separator', 'definition', 'term',
  'code', 'emphasis', 'strong', 'deletion', 'insertion', 'subscript', 'superscript', 'time', 'mark',
  'rowgroup', 'table', 'grid', 'tablist', 'menu', 'menubar', 'toolbar', 'tree', 'listbox', 'radiogroup',
]);

/** Elements whose own markup can name them in ways the attribute-only shortcut would miss. */
const NATIVE_NAMERS = new Set([
  'fieldset', 'table', 'img', 'area', 'input', 'select', 'textarea', 'optgroup', 'svg', 'figure', 'output',
  'meter', 'progress', 'caption', 'legend', 'figcaption', 'label',
]);

/** The element's text if all its children are text nodes (no markup, no pseudo content), else null. */
function plainText(el: Element): string | null {
  if (el.childElementCount !== 0 || el.shadowRoot) return null;
  return flat(el.textContent ?? '');
}

/** A label's text when it is plain text or plain text around the control it labels. */
function labelText(label: Element, control: Element, styleOf: StyleOf): string | null {
  // The library skips a label that is itself hidden; leave those to it.
  if (label.hasAttribute('hidden') || label.getAttribute('aria-hidden') === 'true') return null;
  const style = styleOf(label);
  if (style.display === 'none' || style.visibility === 'hidden') return null;
  let text = '';
  for (let n = label.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) text += (n as Text).data;
    else if (n !== control) return null;
  }
  return flat(text);
}

/**
 * Labels of each control, found once per op from the label side. `input.labels` looks cheap but is a
 * live list that Chromium builds by scanning the tree scope, which made a 1,000-row form quadratic.
 * Labels whose `for` names no labelable element are kept by that id: a custom control's own id
 * (`replacedFieldName`).
 */
export class LabelIndex {
  private map: Map<Element, Element[]> | null = null;
  private readonly byFor = new Map<string, Element[]>();
  constructor(private readonly root: Document | ShadowRoot = document) {}

  labelsOf(control: Element): Element[] {
    return this.index().get(control) ?? [];
  }

  /** Labels whose `for` is `el`'s id though `el` is not labelable (the browser ignores them; their author did not). */
  forId(el: Element): Element[] {
    if (el.id === '' || el.getRootNode() !== this.root) return [];
    this.index();
    return this.byFor.get(el.id) ?? [];
  }

  private index(): Map<Element, Element[]> {
    if (!this.map) {
      this.map = new Map();
      const labels = this.root.querySelectorAll('label');
      for (let i = 0; i < labels.length; i++) {
        const label = labels[i] as HTMLLabelElement;
        const c = label.control;
        if (c) add(this.map, c, label);
        else if (label.htmlFor !== '') add(this.byFor, label.htmlFor, label);
      }
    }
    return this.map;
  }
}

function add<K>(map: Map<K, Element[]>, key: K, label: Element): void {
  const list = map.get(key);
  if (list) list.push(label);
  else map.set(key, [label]);
}

/** The library names a hidden element "" (accname step 2A); the fast paths leave those to it. */
function hiddenForName(el: Element, styleOf: StyleOf): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = styleOf(el);
  return style.display === 'none' || style.visibility === 'hidden';
}

/**
 * Fast answer for common shapes, or undefined to ask the library. `shown` tells that the caller
 * (the snapshot walk) already knows the element is rendered, saving a style lookup.
 */
export function fastName(el: Element, role: string, styleOf: StyleOf, labelIndex?: LabelIndex, shown = false): string | undefined {
  if (el.hasAttribute('aria-labelledby')) return undefined;
  if (!shown && hiddenForName(el, styleOf)) return undefined;
  const ariaLabel = flat(el.getAttribute('aria-label') ?? '');
  if (ariaLabel) return ariaLabel;
  const tag = el.localName;
  if (ATTRIBUTE_ONLY_ROLES.has(role) && !NATIVE_NAMERS.has(tag) && el.namespaceURI === 'http://www.w3.org/1999/xhtml') {
    return flat(el.getAttribute('title') ?? '');
  }
  if ((LEAF_NAME_ROLES.has(role) || CONTAINER_NAME_ROLES.has(role)) && !NATIVE_NAMERS.has(tag)) {
    const text = plainText(el);
    if (text) return text;
    return undefined;
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const type = (el as HTMLInputElement).type;
    if (tag === 'input' && (type === 'button' || type === 'submit' || type === 'reset' || type === 'image')) return undefined;
    // Controls in shadow trees are labelled within their own tree scope; leave those to the library.
    if (!labelIndex || el.getRootNode() !== document) return undefined;
    const labels = labelIndex.labelsOf(el);
    if (labels.length !== 1) return undefined;
    const text = labelText(labels[0]!, el, styleOf);
    return text ? text : undefined;
  }
  return undefined;
}

export function accessibleName(el: Element, role: string, styleOf: StyleOf, labelIndex?: LabelIndex, shown = false): string {
  try {
    const name = fastName(el, role, styleOf, labelIndex, shown) ?? libraryName(el, styleOf);
    // Only unnamed custom controls (or ones named by their own value) pay for the search below, so big pages do not.
    if (!REPLACING_KINDS.has(role) || !el.hasAttribute('role') || (name !== '' && !labelledByOption(el))) return name;
    return replacedFieldName(el, role, styleOf, labelIndex) || name;
  } catch {
    // The library throws on a few malformed trees (e.g. unknown abstract roles); a name is not worth an op failure.
    return '';
  }
}

/**
 * Custom controls that stand in for a native field (Choices.js, Select2, MUI and many others hide the
 * `<select>` or `<input>` and draw a `div[role=combobox]` in its place), each with the roles of the
 * fields it can replace. A field of another kind is not its field: a listbox whose options hold hidden
 * labelled checkboxes must not take the first checkbox's label as its name.
 */
const REPLACING_KINDS = new Map<string, ReadonlySet<string>>([
  ['combobox', new Set(['combobox', 'listbox', 'textbox', 'searchbox'])],
  ['listbox', new Set(['combobox', 'listbox'])],
  ['textbox', new Set(['textbox', 'searchbox'])],
  ['searchbox', new Set(['textbox', 'searchbox'])],
  ['slider', new Set(['slider', 'spinbutton'])],
  ['spinbutton', new Set(['spinbutton', 'slider', 'textbox'])],
]);
const REPLACING_SELECTOR = [...REPLACING_KINDS.keys()].map((r) => `[role~="${r}"]`).join(',');
/** How far up from a custom control its field may sit beside one of its wrappers (Select2: 2). */
const WRAPPER_LEVELS = 3;
/** Fields looked at inside one control: enough for a select and its search input. */
const MAX_INNER_FIELDS = 8;

function isField(el: Element): boolean {
  const tag = el.localName;
  return tag === 'select' || tag === 'textarea' || (tag === 'input' && (el as HTMLInputElement).type !== 'hidden');
}

/** A field a person does not see: not rendered, or hidden from users on purpose (aria-hidden). */
function fieldHidden(el: Element, styleOf: StyleOf): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = styleOf(el);
  return style.display === 'none' || hiddenByVisibility(style) || !hasSize(el);
}

/** The field's own name, computed as if it were shown (the library names hidden elements ""). */
function fieldName(field: Element, styleOf: StyleOf, labelIndex?: LabelIndex): string {
  const role = roleOf(field);
  return fastName(field, role, styleOf, labelIndex, true) ?? libraryName(field, styleOf, true);
}

/**
 * Whether `el`'s aria-labelledby names only options: the choice it shows, which is its value, not what
 * it is (jQuery UI's selectmenu labels its box by the selected item).
 */
function labelledByOption(el: Element): boolean {
  const ids = el.getAttribute('aria-labelledby')?.split(/\s+/).filter((id) => id !== '') ?? [];
  if (ids.length === 0) return false;
  const root = treeScope(el);
  return ids.every((id) => {
    const ref = root.getElementById(id);
    return ref !== null && (ref.localName === 'option' || ref.getAttribute('role') === 'option');
  });
}

/** The document or shadow root `el` is in (its owner document when it is in neither). */
function treeScope(el: Element): Document | ShadowRoot {
  const root = el.getRootNode();
  return root.nodeType === 9 || root.nodeType === 11 ? (root as Document | ShadowRoot) : (el.ownerDocument ?? document);
}

/** A label's words, when it is shown. */
function shownLabelText(label: Element, styleOf: StyleOf): string {
  return hiddenForName(label, styleOf) ? '' : flat(label.textContent ?? '');
}

/**
 * The name of the label a custom control replaces, for one with no name (or only its value) of its own,
 * first found:
 * - a `<label for>` naming the control's own id (jQuery UI's selectmenu moves the select's label to
 *   its box; the browser ignores a label of an element that is not labelable, its author did not);
 * - the hidden native field it replaces: a field inside the control (Choices.js), or beside the
 *   control or one of its near wrappers (Select2, MUI), of a kind the control can stand for, named by
 *   its own `label[for]`, wrapping label, `aria-labelledby` or `aria-label`;
 * - a shown `<label>` of no control just before the control or one of those wrappers (past a hidden
 *   field), the visible label beside it.
 * Plain DOM structure only, never a library's class names.
 */
function replacedFieldName(el: Element, role: string, styleOf: StyleOf, labelIndex?: LabelIndex): string {
  const labels = labelIndex ?? new LabelIndex(treeScope(el));
  for (const label of labels.forId(el)) {
    const name = shownLabelText(label, styleOf);
    if (name) return name;
  }
  const kinds = REPLACING_KINDS.get(role)!;
  const fits = (f: Element | null): f is Element => f !== null && isField(f) && kinds.has(roleOf(f)) && fieldHidden(f, styleOf);
  const inner = el.querySelectorAll('select,input,textarea');
  for (let i = 0; i < inner.length && i < MAX_INNER_FIELDS; i++) {
    const f = inner[i]!;
    if (!fits(f)) continue;
    const name = fieldName(f, styleOf, labels);
    if (name) return name;
  }
  let n: Element | null = el;
  for (let up = 0; n && up <= WRAPPER_LEVELS; n = n.parentElement, up++) {
    const before = n.previousElementSibling;
    const field = fits(before);
    const after = n.nextElementSibling;
    const name = (field ? fieldName(before, styleOf, labels) : '') || (fits(after) ? fieldName(after, styleOf, labels) : '') ||
      freeLabelText(field ? before.previousElementSibling : before, styleOf);
    if (name) return name;
  }
  return '';
}

/** The words of a shown `<label>` that labels no control, or ''. */
function freeLabelText(el: Element | null, styleOf: StyleOf): string {
  return el?.localName === 'label' && (el as HTMLLabelElement).control === null ? shownLabelText(el, styleOf) : '';
}

/**
 * The shown custom control that replaces a hidden field and takes its name (the mirror of
 * `replacedFieldName`), or null. Its label is then page text, not a stand-in for the field: the control
 * carries the name, and the label's words stay in the outline where a person sees them.
 */
export function customControlFor(field: Element, styleOf: StyleOf): Element | null {
  const role = roleOf(field);
  const replaces = (c: Element | null): c is Element => {
    if (c === null) return false;
    const kinds = REPLACING_KINDS.get(roleOf(c));
    if (kinds === undefined || !kinds.has(role)) return false;
    const style = styleOf(c);
    return style.display !== 'none' && !hiddenByVisibility(style) && hasSize(c);
  };
  const around = field.parentElement?.closest(REPLACING_SELECTOR) ?? null;
  if (replaces(around)) return around;
  for (const s of [field.previousElementSibling, field.nextElementSibling]) {
    const c = s === null ? null : s.matches(REPLACING_SELECTOR) ? s : s.querySelector(REPLACING_SELECTOR);
    if (replaces(c)) return c;
  }
  return null;
}
