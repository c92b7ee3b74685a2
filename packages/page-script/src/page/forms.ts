/** Focus for typing, reading a field's value back, and choosing <select> options. */
import type { ActionCheck, NotActionableCode } from '../contract';
import { resolve } from './registry';
import { STALE, STALE_MESSAGE, staticChecks } from './checks';
import { deepActiveElement, composedContains } from './tree';
import { optionLabel } from './facts';
import { flat } from './names';
import { P } from './realm';
import { editorSurface, surfaceText } from './editor';

/**
 * Focuses an editable element; `replace` selects its content so typed keys overwrite it. With `keys`
 * (page.press) any focusable element will do — a slider handle, a tab, a menu takes arrow keys — and
 * only an input's caret moves (to the end): a key press must not select a widget's text. An element
 * that already has focus keeps its caret and selection for the keys.
 */
export function focus(doc: unknown, id: unknown, replace: unknown, keys?: unknown): ActionCheck {
  const el = resolve(doc, id);
  if (!el) return STALE;
  const bad = staticChecks(el, keys === true ? 'click' : 'type');
  if (bad) return bad;
  const html = el as HTMLElement;
  // A key pressed on the element that has focus goes where its caret or selection is (Control+C copies
  // what is selected): only an element that had to be focused gets its caret placed.
  const hadFocus = composedContains(el, deepActiveElement());
  if (!hadFocus) html.focus({ preventScroll: true });
  if (!composedContains(el, deepActiveElement())) {
    return { ok: false, code: 'not_editable', message: 'The element refused focus (a page script may have moved it elsewhere).' };
  }
  if (keys !== true || !hadFocus) placeCaret(el, replace, keys);
  const r = el.getBoundingClientRect();
  return { ok: true, point: { x: r.left + r.width / 2, y: r.top + r.height / 2 } };
}

/** Puts the caret at the end (or selects everything, with `replace`) of an element just focused; see focus. */
function placeCaret(el: Element, replace: unknown, keys: unknown): void {
  if (el.localName === 'input' || el.localName === 'textarea') {
    const field = el as HTMLInputElement;
    if (replace === true) field.select();
    else {
      try {
        const end = field.value.length;
        field.setSelectionRange(end, end);
      } catch {
        // email/number inputs have no selection API (HTML spec); the caret stays where focus put it.
      }
    }
  } else if (keys !== true) {
    const sel = getSelection();
    if (sel) {
      const range = document.createRange();
      range.selectNodeContents(el);
      if (replace !== true) range.collapse(false);
      sel.removeAllRanges();
      sel.addRange(range);
    }
  }
}

/** The current value, for checking that typing took; passwords come back masked (length only). */
export function value(doc: unknown, id: unknown): string | null {
  const el = resolve(doc, id);
  if (!el) return null;
  const tag = el.localName;
  if (tag === 'input') {
    const input = el as HTMLInputElement;
    return input.type === 'password' ? '•'.repeat(input.value.length) : input.value;
  }
  // An editor's hidden input is emptied by its editor after each key: the editor's text is on its surface.
  const surface = editorSurface(el);
  if (surface !== null) return surfaceText(surface);
  if (tag === 'textarea' || tag === 'select') return (el as HTMLTextAreaElement).value;
  if ((el as HTMLElement).isContentEditable) return P.innerText(el);
  return null;
}

type SelectResult = { ok: true; selected: string[] } | { ok: false; code: NotActionableCode; message: string };

function strings(v: unknown): string[] | null {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}

/**
 * Selects options by value or by visible label (values win when both are given). Refuses, changing
 * nothing, when a requested option does not exist, so a typo never half-applies.
 */
export function select(doc: unknown, id: unknown, values: unknown, labels: unknown): SelectResult {
  const el = resolve(doc, id);
  if (!el) return { ok: false, code: 'stale_ref', message: STALE_MESSAGE };
  const bad = staticChecks(el, 'select');
  if (bad && !bad.ok) return { ok: false, code: bad.code, message: bad.message };
  const sel = el as HTMLSelectElement;
  const options = Array.from(sel.options);
  const byValue = strings(values);
  const byLabel = strings(labels);
  const wanted: HTMLOptionElement[] = [];
  const missing: string[] = [];
  for (const v of byValue ?? []) {
    const o = options.find((opt) => opt.value === v);
    if (o) wanted.push(o);
    else missing.push(v);
  }
  if (!byValue) {
    for (const l of byLabel ?? []) {
      const want = flat(l).toLowerCase();
      const o = options.find((opt) => optionLabel(opt) === flat(l)) ?? options.find((opt) => optionLabel(opt).toLowerCase() === want);
      if (o) wanted.push(o);
      else missing.push(l);
    }
  }
  if (missing.length > 0 || wanted.length === 0) {
    const available = options.slice(0, 20).map((o) => `${JSON.stringify(optionLabel(o))} (value ${JSON.stringify(o.value)})`).join(', ');
    return {
      ok: false,
      code: 'no_option',
      message: `No option matches ${missing.map((m) => JSON.stringify(m)).join(', ') || 'an empty request'}. Options: ${available}${options.length > 20 ? ', …' : ''}.`,
    };
  }
  const disabledOpt = wanted.find((o) => o.disabled);
  if (disabledOpt) return { ok: false, code: 'disabled', message: `The option ${JSON.stringify(optionLabel(disabledOpt))} is disabled.` };
  // Through the option interface's own setter (the trusted realm's): a page may define `selected` on
  // an option itself. In a single select, selecting one option deselects the others (HTML).
  if (sel.multiple) {
    for (const o of options) P.setOptionSelected(o, wanted.includes(o));
  } else {
    P.setOptionSelected(wanted[0]!, true);
  }
  // What a user's choice fires (HTML spec "send select update notifications"): input, then change.
  P.dispatch(sel, P.formEvent('input'));
  P.dispatch(sel, P.formEvent('change'));
  return { ok: true, selected: options.filter((o) => P.optionSelected(o)).map((o) => o.value) };
}
