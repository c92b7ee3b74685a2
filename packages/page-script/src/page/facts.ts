/**
 * Per-node facts for snapshots: states, value, level, href. Values of password fields are never read
 * into a snapshot, whatever the element's role claims.
 */
import type { NodeStates } from '../contract';
import { flat } from './names';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const SELECTABLE = new Set(['option', 'tab', 'row', 'gridcell', 'treeitem', 'cell', 'columnheader', 'rowheader']);
const NO_VALUE_INPUTS = new Set(['password', 'checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']);
const RANGE_ROLES = new Set(['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar']);
/**
 * A field's value in a snapshot: 500 characters, half of a name's 1,000 (core's limits), because a
 * value rides in every snapshot and diff of its page while the field holds it (a pasted article in a
 * textarea), and the agent usually wrote it. The cut says how many characters were left out.
 */
export const MAX_VALUE = 500;

export function statesOf(el: Element, role: string, enabled: boolean, focused: Element | null): NodeStates | undefined {
  const s: NodeStates = {};
  const tag = el.localName;
  if (CHECKABLE.has(role)) {
    if (tag === 'input' && ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio')) {
      const input = el as HTMLInputElement;
      if (input.indeterminate && input.type === 'checkbox') s.checked = 'mixed';
      else if (input.checked) s.checked = true;
    } else {
      const a = el.getAttribute('aria-checked');
      if (a === 'mixed') s.checked = 'mixed';
      else if (a === 'true') s.checked = true;
    }
  }
  if (!enabled) s.disabled = true;
  const expanded = el.getAttribute('aria-expanded');
  if (expanded === 'true' || expanded === 'false') s.expanded = expanded === 'true';
  else if (tag === 'summary' && el.parentElement?.localName === 'details') {
    s.expanded = (el.parentElement as HTMLDetailsElement).open;
  }
  if (tag === 'option') {
    if ((el as HTMLOptionElement).selected) s.selected = true;
  } else if (SELECTABLE.has(role) && el.getAttribute('aria-selected') === 'true') s.selected = true;
  if ((el as HTMLInputElement).required === true || el.getAttribute('aria-required') === 'true') s.required = true;
  const invalid = el.getAttribute('aria-invalid');
  if (invalid !== null && invalid !== 'false') s.invalid = true;
  else if ((tag === 'input' || tag === 'select' || tag === 'textarea') && matchesSafe(el, ':user-invalid')) s.invalid = true;
  if (focused === el) s.focused = true;
  for (const _ in s) return s;
  return undefined;
}

function matchesSafe(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    // :user-invalid is recent (Chrome 119, Safari 16.5); older engines throw on it.
    return false;
  }
}

function cap(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… [${s.length - max} more characters cut]` : s;
}

/** The user-visible value of a form control, cut at `max` characters; never a password. */
export function valueOf(el: Element, role: string, max = MAX_VALUE): string | undefined {
  const tag = el.localName;
  if (tag === 'input') {
    const input = el as HTMLInputElement;
    if (NO_VALUE_INPUTS.has(input.type)) return undefined;
    return input.value ? cap(input.value, max) : undefined;
  }
  if (tag === 'textarea') {
    const v = (el as HTMLTextAreaElement).value;
    return v ? cap(v, max) : undefined;
  }
  if (tag === 'select') {
    // Labels rather than values: they are what the page shows, and `select` accepts either.
    const sel = el as HTMLSelectElement;
    const labels: string[] = [];
    for (let i = 0; i < sel.selectedOptions.length; i++) labels.push(optionLabel(sel.selectedOptions[i]!));
    return labels.length ? cap(labels.join(', '), max) : undefined;
  }
  if (RANGE_ROLES.has(role)) {
    const v = el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
    if (v !== null) return cap(v, max);
    if (tag === 'progress' || tag === 'meter') return String((el as HTMLProgressElement).value);
  }
  return undefined;
}

export function optionLabel(o: HTMLOptionElement): string {
  return flat(o.label || o.text || '');
}

export function levelOf(el: Element, role: string): number | undefined {
  if (role !== 'heading') return undefined;
  const aria = Number.parseInt(el.getAttribute('aria-level') ?? '', 10);
  if (aria > 0) return aria;
  const m = /^h([1-6])$/.exec(el.localName);
  return m ? Number(m[1]) : 2;
}

export function hrefOf(el: Element, base: string | null = null): string | undefined {
  const tag = el.localName;
  if (tag !== 'a' && tag !== 'area') return undefined;
  const raw = el.getAttribute('href');
  if (raw === null) return undefined;
  // An SVG <a> has no string href (its href is an SVGAnimatedString): only HTML links take the short way.
  if (base !== null && el.namespaceURI === HTML_NS && VERBATIM_PATH.test(raw) && !DOT_SEGMENT.test(raw)) return base + raw;
  const href = (el as HTMLAnchorElement).href;
  return typeof href === 'string' && href ? href : undefined;
}

/**
 * A path-absolute href (`/item/7`) whose every character the URL parser keeps as written: no
 * whitespace, no character it percent-encodes (quotes, `^`, `{}`, `|`, backslash…), `%` only before two
 * hex digits, and not `//` (another host). With an http(s) base, such an href resolves to the base's
 * scheme, user and host followed by the href itself, so it is built here. In Firefox `a.href` (which
 * parses and serializes a URL per read) was the walk's costliest DOM read: ~10 % of the 1,000-row
 * page's profile samples; the walk went from 94–105 ms to 75–78 ms in the page without it.
 */
const VERBATIM_PATH = /^\/(?!\/)(?:[A-Za-z0-9\-._~!$&()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*$/;
/** A dot segment (`/./`, `/../`, and `%2e` for a dot) the parser would remove: left to the browser. */
const DOT_SEGMENT = /\/\.|%2e/i;

/**
 * What a path-absolute href is appended to in this document (`https://user@host:port`), asked of the
 * browser once per walk: how an anchor with `href="/"` resolves (the `<base>` element, the document
 * URL), less its final slash. Null where the base is not http(s) (file:, about:, data:, a sandboxed
 * iframe's opaque origin): the browser answers each.
 */
export function pathBase(doc: Document): string | null {
  try {
    const a = doc.createElement('a');
    a.setAttribute('href', '/');
    const root = a.href;
    if (typeof root !== 'string' || !/^https?:\/\/[^/?#]*\/$/.test(root)) return null;
    return root.slice(0, -1);
  } catch {
    return null;
  }
}
