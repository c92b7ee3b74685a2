/**
 * Roles come from dom-accessibility-api's `getRole`, corrected where HTML-AAM says otherwise and the
 * library does not (password and date inputs, scoped header/footer, unnamed form/section).
 */
import { getRole } from 'dom-accessibility-api';
import { composedParent } from './tree';

/** Roles an agent acts on: an element with one of these is actionable when visible and enabled. */
export const INTERACTIVE_ROLES = new Set([
  'link', 'button', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'slider',
  'spinbutton', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'treeitem', 'listbox',
]);

/** Kept in interactive mode because they tell the agent where it is. */
export const CONTEXT_ROLES = new Set([
  'heading', 'banner', 'main', 'navigation', 'contentinfo', 'complementary', 'search', 'form', 'region',
  'dialog', 'alertdialog', 'alert',
]);

/** Folded away when they have no name: their children are lifted to the parent. */
export const GENERIC_ROLES = new Set(['generic', 'none', 'presentation']);

/**
 * Kept only when named, like generics: a nameless list or list item says nothing its children do not
 * (a named one, `<ul aria-label="Sections">`, is context). form and region are landmarks only when named.
 */
export const WRAPPER_ROLES = new Set(['list', 'listitem', 'form', 'region']);

/**
 * Name-from-content roles whose content *is* the name: the text below them is not repeated, and
 * passive descendants fold into them.
 */
export const LEAF_NAME_ROLES = new Set([
  'button', 'link', 'heading', 'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'checkbox', 'radio', 'switch', 'tooltip',
]);

/**
 * Name-from-content roles that are containers (table cells, rows, tree items): named by their text
 * only when they hold nothing but text; otherwise their children speak for them.
 */
export const CONTAINER_NAME_ROLES = new Set(['cell', 'gridcell', 'columnheader', 'rowheader', 'row', 'treeitem']);

const INPUT_ROLE_FIXES: Record<string, string> = {
  password: 'textbox',
  date: 'textbox',
  'datetime-local': 'textbox',
  month: 'textbox',
  time: 'textbox',
  week: 'textbox',
  file: 'button',
  color: 'button',
};

const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
const SECTIONING_ROLES = new Set(['article', 'complementary', 'main', 'navigation', 'region']);

/** The element's role before name-dependent fixes (form/region need a name; see `finalRole`). */
export function roleOf(el: Element): string {
  let role = getRole(el);
  const tag = el.localName;
  if (!role && tag === 'input') role = INPUT_ROLE_FIXES[(el as HTMLInputElement).type] ?? null;
  if ((role === 'banner' || role === 'contentinfo') && (tag === 'header' || tag === 'footer') && !el.hasAttribute('role')) {
    // HTML-AAM: header/footer scoped to a sectioning element are generic, not page landmarks.
    for (let p = composedParent(el); p && p.localName !== 'body'; p = composedParent(p)) {
      const pr = p.getAttribute('role');
      if (SECTIONING.has(p.localName) || (pr && SECTIONING_ROLES.has(pr))) return 'generic';
    }
  }
  return role ?? 'generic';
}

/** form and region are landmarks only when named (HTML-AAM); otherwise plain containers. */
export function finalRole(role: string, name: string): string {
  if ((role === 'form' || role === 'region') && name === '') return 'generic';
  return role;
}

/**
 * What is actionable as a CSS selector, for one native query where a rule needs every such element
 * under a node (face.ts): an INTERACTIVE_ROLES role, or what nativelyActionable (below) accepts by
 * markup (a tabindex of 0 or more; an editing host).
 */
export const ACTIONABLE_SELECTOR = [
  ...[...INTERACTIVE_ROLES].map((r) => `[role=${r}]`),
  'a[href]', 'area[href]', 'button', 'select', 'textarea', 'summary', 'input:not([type=hidden])', 'video[controls]', 'audio[controls]',
  '[onclick]', '[tabindex]:not([tabindex^="-"])', '[contenteditable]:not([contenteditable=false])',
].join(',');

/** Natively focusable or clickable elements, whatever their role says. */
export function nativelyActionable(el: Element): boolean {
  switch (el.localName) {
    case 'a':
    case 'area':
      return el.hasAttribute('href');
    case 'button':
    case 'select':
    case 'textarea':
    case 'summary':
      return true;
    case 'input':
      return (el as HTMLInputElement).type !== 'hidden';
    case 'video':
    case 'audio':
      return el.hasAttribute('controls');
  }
  if (el.hasAttribute('onclick')) return true;
  const tabindex = el.getAttribute('tabindex');
  if (tabindex !== null && Number.parseInt(tabindex, 10) >= 0) return true;
  // The editing host carries the attribute; reading isContentEditable on every element would cost a
  // style lookup each. (designMode documents have no host element: their body is the field.)
  return isEditingHost(el);
}

/** The element that owns a contenteditable region (not its editable descendants). */
export function isEditingHost(el: Element): boolean {
  const ce = el.getAttribute('contenteditable');
  if (ce !== null && ce !== 'false') {
    const parent = composedParent(el) as HTMLElement | null;
    return !parent || parent.isContentEditable !== true;
  }
  return el.localName === 'body' && document.designMode === 'on';
}
