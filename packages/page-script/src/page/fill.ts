/**
 * Filling a field the way its kind takes a value (page.type). Text kinds, number, textarea and
 * contenteditable take typed keys: this op only checks them and says so. The kinds whose UI is a
 * picker (date, time, datetime-local, month, week, color, range) take no reliable keys: every engine
 * reads the same keys into different segments (a date typed as "2025-06-15" became 5061-02-02,
 * 50615-02-02 or 0015-12-06). They are set as a person's picker sets them, as Playwright's `fill`
 * does: the string is checked against the kind's format, written through the element's own value
 * setter (from the trusted realm, never one the page can replace), read back, and then `input` and
 * `change` are fired. A value the element does not keep is refused, never answered as done.
 */
import type { ActionCheck, FillResult } from '../contract';
import { resolve } from './registry';
import { STALE, staticChecks } from './checks';
import { formatHint, formatOf, NUMBER, PATTERNS, rangeBounds, setKindOf, type SetKind } from './field-kinds';
import { P } from './realm';
import { editorSurface, surfaceText } from './editor';

type Rejected = Extract<FillResult, { code: 'value_rejected' }>;

function rejected(el: Element, kind: SetKind | 'number', text: string, why: string, hint: string): Rejected {
  return {
    ok: false,
    code: 'value_rejected',
    message: `${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)} ${why}`,
    format: kind === 'number' ? 'number' : (formatOf(el) ?? kind),
    hint,
    value: P.inputValue(el),
  };
}

/** Why a range value is not one the element keeps as given (it would clamp or snap it), or null. */
function offRange(el: Element, v: number): string | null {
  const b = rangeBounds(el);
  if (v < b.min || v > b.max) return `is out of range (${b.min} to ${b.max})`;
  if (b.step !== null) {
    const steps = (v - b.min) / b.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-7) return `is not on a step (steps of ${b.step} from ${b.min})`;
  }
  return null;
}

const BOUND_WORDS = { under: 'is before the earliest the field allows', over: 'is after the latest the field allows', step: 'is not on one of the field\'s steps' } as const;

/** Sets a picker kind's value; see the file comment. `text` is trimmed as Playwright does. */
function setValue(el: Element, kind: SetKind, raw: string): FillResult {
  const text = raw.trim();
  const hint = formatHint(kind, el);
  if (text !== '' && !PATTERNS[kind].test(text)) return rejected(el, kind, raw, `is not in the field's format (${formatOf(el)})`, hint);
  if (kind === 'range') {
    // A range always holds a number: clearing it is not something a person can do either.
    if (text === '') return rejected(el, kind, raw, 'is empty; a range always holds a number', hint);
    const why = offRange(el, Number(text));
    if (why !== null) return rejected(el, kind, raw, why, hint);
  }
  const before = P.inputValue(el);
  P.focus(el);
  P.setInputValue(el, text);
  const after = P.inputValue(el);
  const kept = text === '' ? after === '' : kind === 'color' ? after === text.toLowerCase() : kind === 'range' ? Number(after) === Number(text) : after !== '';
  const bound = kept && kind !== 'color' && kind !== 'range' && text !== '' ? P.outOfBounds(el) : null;
  if (!kept || bound !== null) {
    // Put the old value back before anyone heard of the new one: no event has been fired yet.
    P.setInputValue(el, before);
    return rejected(el, kind, raw, bound !== null ? BOUND_WORDS[bound] : 'is not a value the field keeps (it read back empty: no such date or time?)', hint);
  }
  // What a user's edit fires (HTML: input, then change on commit); made and dispatched from the trusted realm.
  P.dispatch(el, P.formEvent('input'));
  P.dispatch(el, P.formEvent('change'));
  const now = P.inputValue(el);
  if (now === '' && after !== '') return rejected(el, kind, raw, 'was taken, then cleared by the page on its input or change event', hint);
  return { ok: true, by: 'value', value: now };
}

/**
 * Checks the element can be filled and, for a picker kind, fills it (`by: "value"`, with the value it
 * holds now). Otherwise answers `by: "keys"`: the caller focuses it and types; for a number field,
 * `format` is the hint its refusal would carry when the typed text does not stay.
 */
export function fill(doc: unknown, id: unknown, text: unknown, replace: unknown): FillResult {
  const el = resolve(doc, id);
  if (!el) return STALE as Extract<ActionCheck, { ok: false }>;
  const bad = staticChecks(el, 'type');
  if (bad && !bad.ok) return bad;
  if (typeof text !== 'string') return { ok: false, code: 'not_editable', message: 'No text was given.' };
  const kind = setKindOf(el);
  if (kind !== null) return setValue(el, kind, text);
  if (el.localName === 'input' && (el as HTMLInputElement).type === 'number') {
    const hint = 'It takes a number, such as 42 or -1.5 (digits, one dot, an optional e exponent).';
    if (replace === true && text.trim() !== '' && !NUMBER.test(text.trim())) return rejected(el, 'number', text, 'is not a number', hint);
    return { ok: true, by: 'keys', hint, exact: true };
  }
  if (el.localName === 'input') return (el as HTMLInputElement).type !== 'password' ? { ok: true, by: 'keys', exact: true } : { ok: true, by: 'keys' };
  // An editor: what it shows before the keys, so that typing which changed nothing is not a success.
  const surface = editorSurface(el);
  if (surface !== null) return { ok: true, by: 'keys', editor: { before: surfaceText(surface), hidden: true } };
  if (P.localName(el) !== 'textarea') return { ok: true, by: 'keys', editor: { before: P.innerText(el), hidden: false } };
  return { ok: true, by: 'keys' };
}
