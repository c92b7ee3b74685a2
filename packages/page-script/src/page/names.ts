/**
 * Accessible names. dom-accessibility-api (accname 1.2) is the reference. A handful of fast paths cover
 * the shapes that dominate real pages — aria-label, text-only buttons/links/headings, inputs labelled by
 * a text-only <label>, and roles that cannot take a name from content — because the library walks
 * and styles every descendant, which dominated snapshot time on large pages. Anything unusual falls
 * through to the library. `names-roles.browser.test.ts` checks the fast paths agree with it.
 *
 * One extension over the library: inputs fall back to `placeholder` / `aria-placeholder` when nothing
 * else names them, as Chromium, Firefox and WebKit all do (HTML-AAM).
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import { NO_LAYOUT, type StyleOf } from './style';
import { CONTAINER_NAME_ROLES, LEAF_NAME_ROLES } from './roles';

/** Collapses every whitespace run (the library keeps lone newlines) and trims. */
export function flat(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * jsdom cannot compute pseudo-element styles and logs an error for each attempt. Real engines can, and
 * generated ::before/::after content is part of the name there.
 */
const PSEUDO_STYLES = !NO_LAYOUT;

/** The reference computation, with our whitespace rule and placeholder fallback. */
export function libraryName(el: Element, styleOf: StyleOf): string {
  const name = flat(
    computeAccessibleName(el, {
      computedStyleSupportsPseudoElements: PSEUDO_STYLES,
      getComputedStyle: ((e: Element, pseudo?: string | null) =>
        pseudo ? getComputedStyle(e, pseudo) : styleOf(e)) as typeof getComputedStyle,
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
const NATIVE_NAMERS = new Set(['fieldset', 'table', 'img', 'area', 'input', 'select', 'textarea', 'optgroup', 'svg', 'figure', 'output', 'meter', 'progress']);

/** The element's text if all its children are text nodes (no markup, no pseudo content), else null. */
function plainText(el: Element): string | null {
  if (el.childElementCount !== 0 || el.shadowRoot) return null;
  if (PSEUDO_STYLES && hasPseudoContent(el)) return null;
  return flat(el.textContent ?? '');
}

function hasPseudoContent(el: Element): boolean {
  for (const pseudo of ['::before', '::after']) {
    const c = getComputedStyle(el, pseudo).content;
    if (c && c !== 'none' && c !== 'normal') return true;
  }
  return false;
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
  if (PSEUDO_STYLES && hasPseudoContent(label)) return null;
  return flat(text);
}

/** Fast answer for common shapes, or undefined to ask the library. */
export function fastName(el: Element, role: string, styleOf: StyleOf): string | undefined {
  if (el.hasAttribute('aria-labelledby')) return undefined;
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
    const labels = (el as HTMLInputElement).labels;
    if (!labels || labels.length !== 1) return undefined;
    const text = labelText(labels[0]!, el, styleOf);
    return text ? text : undefined;
  }
  return undefined;
}

export function accessibleName(el: Element, role: string, styleOf: StyleOf): string {
  const fast = fastName(el, role, styleOf);
  if (fast !== undefined) return fast;
  try {
    return libraryName(el, styleOf);
  } catch {
    // The library throws on a few malformed trees (e.g. unknown abstract roles); a name is not worth an op failure.
    return '';
  }
}
