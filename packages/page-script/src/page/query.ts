/**
 * Finding elements (query) and checking wait conditions (probe). Both search the document and its open
 * shadow roots, only ever offer visible elements first, and report the frame's iframes so the caller
 * can continue the search in child frames.
 */
import type { LocalId, Match, QueryResult, WaitProbe, WaitProbeResult } from '../contract';
import { DOC, elementById, idFor } from './registry';
import { allRoots, checkSelector, composedChildren, composedParent, deepQueryAll } from './tree';
import { hasSize, hiddenByVisibility, prunesSubtree, styleCache, styleVisible, type StyleOf } from './style';
import { INTERACTIVE_ROLES, finalRole, nativelyActionable, roleOf } from './roles';
import { accessibleName, customControlFor, flat, LabelIndex } from './names';
import { CLICKABLE_BASE_ROLES, clickableByMarkup, clickableName, delegatesToItems, listenedElements } from './clickables';

const DEFAULT_LIMIT = 20;

/** Per-call caches: computed styles, the label index, the elements with click listeners. */
interface Ctx {
  styleOf: StyleOf;
  labels: LabelIndex;
  listened: Set<Element>;
}

function toMatch(el: Element, ctx: Ctx): Match {
  const role = roleOf(el);
  if (clickableOnly(el, role, ctx)) return { id: idFor(el), role: 'clickable', name: clickableName(el, flat).name };
  const name = accessibleName(el, role, ctx.styleOf, ctx.labels);
  return { id: idFor(el), role: finalRole(role, name), name };
}

/** The snapshot's `clickable` rule (./clickables.ts), for one element. */
function clickableOnly(el: Element, role: string, ctx: Ctx): boolean {
  if (!CLICKABLE_BASE_ROLES.has(role) || el.localName === 'body' || el.localName === 'html' || el.localName === 'label') return false;
  if (ctx.listened.has(el)) return true;
  const parent = composedParent(el);
  const style = ctx.styleOf(el);
  // An item of a list whose handler is for its items (a sortable), as the snapshot lists it.
  if (parent && ctx.listened.has(parent) && style.display !== 'inline' && delegatesToItems(parent, ctx.listened)) return true;
  return clickableByMarkup(el, style.cursor, parent ? ctx.styleOf(parent).cursor : 'auto');
}

function shown(el: Element, styleOf: StyleOf): boolean {
  return styleVisible(el, styleOf) && hasSize(el);
}

function iframeIds(styleOf: StyleOf): LocalId[] {
  return deepQueryAll('iframe,frame').filter((f) => styleVisible(f, styleOf)).map(idFor);
}

function actsAlone(el: Element, ctx: Ctx): boolean {
  const role = roleOf(el);
  return INTERACTIVE_ROLES.has(role) || nativelyActionable(el) || clickableOnly(el, role, ctx);
}

interface Found {
  el: Element;
  exact: boolean;
}

/**
 * Innermost visible elements whose visible text or accessible name contains `needle` (lower-cased).
 * Text is gathered bottom-up in one walk, so nested matches cost no extra passes.
 */
function textSearch(needle: string, ctx: Ctx): Found[] {
  const styleOf = ctx.styleOf;
  const found: Found[] = [];
  const visit = (node: Node, visible: boolean): { text: string; matched: boolean } => {
    let text = '';
    let matched = false;
    const kids = composedChildren(node);
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]!;
      if (kid.nodeType === 3) {
        if (visible) text += (kid as Text).data;
        continue;
      }
      if (kid.nodeType !== 1) continue;
      const el = kid as Element;
      const style = styleOf(el);
      if (prunesSubtree(el, style)) continue;
      const selfVisible = !hiddenByVisibility(style);
      const sub = visit(el, selfVisible);
      const inline = style.display === 'inline' || style.display === 'contents' || style.display === '';
      text += inline ? sub.text : ` ${sub.text} `;
      if (sub.matched) {
        matched = true;
        continue;
      }
      if (!selfVisible) continue;
      const own = flat(sub.text).toLowerCase();
      let hit = own.includes(needle);
      let exact = own === needle;
      if (!hit && actsAlone(el, ctx)) {
        const name = accessibleName(el, roleOf(el), styleOf, ctx.labels).toLowerCase();
        hit = name.includes(needle);
        exact = name === needle;
      }
      if (hit) {
        found.push({ el, exact });
        matched = true;
      }
    }
    return { text, matched };
  };
  if (document.documentElement) visit(document.documentElement, true);
  return found;
}

/**
 * A text hit on a label means its control (or the custom control that replaces a hidden one); on
 * passive text inside a button or link, that button.
 */
function promote(el: Element, ctx: Ctx): Element {
  if (el.localName === 'label') {
    const control = (el as HTMLLabelElement).control;
    if (control && styleVisible(control)) return control;
    const custom = control ? customControlFor(control, ctx.styleOf) : null;
    if (custom) return custom;
  }
  if (actsAlone(el, ctx)) return el;
  for (let p = composedParent(el); p && p.localName !== 'body'; p = composedParent(p)) {
    if (actsAlone(p, ctx)) return p;
  }
  return el;
}

export function query(q: unknown): QueryResult {
  const styleOf = styleCache();
  const ctx: Ctx = { styleOf, labels: new LabelIndex(), listened: listenedElements() };
  const { selector, text, limit } = (q ?? {}) as { selector?: unknown; text?: unknown; limit?: unknown };
  const max = typeof limit === 'number' && limit >= 1 ? Math.min(Math.floor(limit), 1000) : DEFAULT_LIMIT;
  const needle = typeof text === 'string' ? flat(text).toLowerCase() : '';
  let elements: Element[];
  if (selector !== undefined && selector !== null) {
    const problem = checkSelector(selector);
    if (problem) return { ok: false, code: 'invalid_selector', message: problem };
    const all = deepQueryAll(selector as string);
    const visible = all.filter((el) => shown(el, styleOf));
    // Hidden matches only when nothing visible matches, so prepare can say why it cannot act.
    elements = visible.length > 0 ? visible : all;
    if (needle) elements = elements.filter((el) => flatText(el).includes(needle) || toMatch(el, ctx).name.toLowerCase().includes(needle));
  } else if (needle) {
    const found = textSearch(needle, ctx);
    const seen = new Set<Element>();
    const exact: Element[] = [];
    const partial: Element[] = [];
    for (const f of found) {
      const el = promote(f.el, ctx);
      if (seen.has(el) || !hasSize(el)) continue;
      seen.add(el);
      (f.exact ? exact : partial).push(el);
    }
    elements = exact.concat(partial);
  } else {
    return { ok: false, code: 'invalid_selector', message: 'Give a selector or a text to search for.' };
  }
  const matches = elements.slice(0, max).map((el) => toMatch(el, ctx));
  return { ok: true, doc: DOC, matches, iframes: iframeIds(styleOf) };
}

function flatText(el: Element): string {
  return flat((el as HTMLElement).innerText ?? el.textContent ?? '').toLowerCase();
}

/** The page's visible text, lower-cased and flattened, including open shadow roots. */
function pageText(): string {
  const parts: string[] = [];
  const body = document.body ?? document.documentElement;
  if (body) parts.push((body as HTMLElement).innerText ?? body.textContent ?? '');
  for (const root of allRoots()) {
    if (root === document) continue;
    // innerText of a host does not reach into its shadow tree in every engine; read each root.
    for (let n = root.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) parts.push((n as HTMLElement).innerText ?? n.textContent ?? '');
      else if (n.nodeType === 3) parts.push((n as Text).data);
    }
  }
  return flat(parts.join(' ')).toLowerCase();
}

export function probe(p: unknown): WaitProbeResult {
  const styleOf = styleCache();
  const w = (p ?? {}) as WaitProbe;
  const satisfied: Partial<Record<keyof WaitProbe, boolean>> = {};
  for (const key of ['selector_present', 'selector_absent'] as const) {
    const sel = w[key];
    if (sel === undefined) continue;
    const problem = checkSelector(sel);
    if (problem) return { ok: false, code: 'invalid_selector', message: problem };
    const visible = deepQueryAll(sel).some((el) => shown(el, styleOf));
    satisfied[key] = key === 'selector_present' ? visible : !visible;
  }
  if (typeof w.text_present === 'string' || typeof w.text_absent === 'string') {
    const page = pageText();
    if (typeof w.text_present === 'string') satisfied.text_present = page.includes(flat(w.text_present).toLowerCase());
    if (typeof w.text_absent === 'string') satisfied.text_absent = !page.includes(flat(w.text_absent).toLowerCase());
  }
  if (w.element_present !== undefined) satisfied.element_present = elementById(w.element_present) !== null;
  return { ok: true, doc: DOC, readyState: document.readyState, satisfied, iframes: iframeIds(styleOf) };
}
