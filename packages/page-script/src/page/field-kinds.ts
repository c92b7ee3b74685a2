/**
 * The input kinds whose value is not plain text, and the one string format each takes (HTML "valid
 * date string" and friends, as the element's `value` reads and writes it, whatever its UI shows). Used
 * by the snapshot (a field's line says its format) and by `fill` (the value is checked against it,
 * then set). Plain DOM reads only: the snapshot calls this per input, on the hot path.
 */

export type SetKind = 'date' | 'time' | 'datetime-local' | 'month' | 'week' | 'color' | 'range';

/** Kinds set through the value, as a person's picker does: their UI takes typed keys differently on every engine. */
export const SET_KINDS: ReadonlySet<string> = new Set<SetKind>(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

const DATE = '\\d{4,}-\\d{2}-\\d{2}';
const TIME = '\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?';
/** The strings each kind's value takes (datetime-local also takes a space for the T: the element normalizes it). */
export const PATTERNS: Record<SetKind, RegExp> = {
  date: new RegExp(`^${DATE}$`),
  time: new RegExp(`^${TIME}$`),
  'datetime-local': new RegExp(`^${DATE}[T ]${TIME}$`),
  month: /^\d{4,}-\d{2}$/,
  week: /^\d{4,}-W\d{2}$/,
  color: /^#[0-9a-fA-F]{6}$/,
  // HTML "valid floating-point number": no leading +, no Infinity, no trailing dot.
  range: /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/,
};

const EXAMPLES: Record<SetKind, string> = {
  date: '2025-06-15',
  time: '14:30',
  'datetime-local': '2025-06-15T14:30',
  month: '2025-06',
  week: '2025-W24',
  color: '#3366cc',
  range: '',
};

const NOUNS: Record<SetKind, string> = {
  date: 'a date',
  time: 'a 24-hour time',
  'datetime-local': 'a local date and time',
  month: 'a month',
  week: 'a week',
  color: 'a colour',
  range: 'a number',
};

export const NUMBER = PATTERNS.range;

export function setKindOf(el: Element): SetKind | null {
  if (el.localName !== 'input') return null;
  const type = (el as HTMLInputElement).type;
  return SET_KINDS.has(type) ? (type as SetKind) : null;
}

/** The time part's format: seconds only where the step asks for them (the default step is 60 s). */
function timeFormat(step: string | null): string {
  const s = Number(step);
  if (step === null || step === '' || step === 'any' || !(s > 0)) return step === 'any' ? 'HH:MM or HH:MM:SS' : 'HH:MM';
  if (s % 60 === 0) return 'HH:MM';
  return s % 1 === 0 ? 'HH:MM:SS' : 'HH:MM:SS.mmm';
}

export interface RangeBounds {
  min: number;
  max: number;
  /** null: `step="any"`. */
  step: number | null;
}

/** A range input's bounds with the HTML defaults (0, 100, step 1; max below min means max = min). */
export function rangeBounds(el: Element): RangeBounds {
  const num = (name: string, fallback: number) => {
    const v = el.getAttribute(name);
    return v !== null && NUMBER.test(v.trim()) ? Number(v) : fallback;
  };
  const min = num('min', 0);
  const max = Math.max(min, num('max', 100));
  const stepAttr = el.getAttribute('step');
  const step = stepAttr !== null && stepAttr.trim().toLowerCase() === 'any' ? null : num('step', 1) > 0 ? num('step', 1) : 1;
  return { min, max, step };
}

/** The kind's value format, e.g. `YYYY-MM-DD`, `HH:MM`, `#rrggbb`. */
function formatText(kind: SetKind, el: Element): string {
  switch (kind) {
    case 'date':
      return 'YYYY-MM-DD';
    case 'time':
      return timeFormat(el.getAttribute('step'));
    case 'datetime-local':
      return `YYYY-MM-DDT${timeFormat(el.getAttribute('step'))}`;
    case 'month':
      return 'YYYY-MM';
    case 'week':
      return 'YYYY-Www';
    case 'color':
      return '#rrggbb';
    case 'range': {
      const b = rangeBounds(el);
      return `${b.min}..${b.max}${b.step === null ? ' step any' : b.step !== 1 ? ` step ${b.step}` : ''}`;
    }
  }
}

/** min/max of a date-like kind, kept only when they are in the kind's own format (never other page text). */
function bounds(kind: SetKind, el: Element): { min: string | null; max: string | null } {
  const ok = (v: string | null) => (v !== null && PATTERNS[kind].test(v) ? v : null);
  return { min: ok(el.getAttribute('min')), max: ok(el.getAttribute('max')) };
}

const KIND_WORD: Record<SetKind, string> = {
  date: 'date',
  time: 'time',
  'datetime-local': 'datetime',
  month: 'month',
  week: 'week',
  color: 'colour',
  range: 'range',
};

/**
 * What the outline writes after a field's name: its kind and format, and the allowed span where the
 * page sets one (`date YYYY-MM-DD 2025-01-01..2025-12-31`, `range 0..100 step 5`, `colour #rrggbb`).
 * Only our own words and strings matched by the kind's pattern: no page text can get in.
 */
export function formatOf(el: Element): string | undefined {
  const kind = setKindOf(el);
  if (kind === null) return undefined;
  let s = `${KIND_WORD[kind]} ${formatText(kind, el)}`;
  if (kind !== 'range' && kind !== 'color') {
    const b = bounds(kind, el);
    if (b.min !== null || b.max !== null) s += ` ${b.min ?? ''}..${b.max ?? ''}`;
  }
  return s;
}

/** One sentence for a refusal's repair: the format the element takes, with an example and its span. */
export function formatHint(kind: SetKind, el: Element): string {
  if (kind === 'range') {
    const b = rangeBounds(el);
    const example = b.step === null ? b.min : Math.min(b.max, b.min + b.step * Math.round((b.max - b.min) / 2 / b.step));
    return `It takes a number from ${b.min} to ${b.max}${b.step === null ? '' : ` in steps of ${b.step}`} (e.g. ${example}).`;
  }
  const b = kind === 'color' ? { min: null, max: null } : bounds(kind, el);
  const span = b.min !== null && b.max !== null ? `, from ${b.min} to ${b.max}` : b.min !== null ? `, ${b.min} or later` : b.max !== null ? `, ${b.max} or earlier` : '';
  const format = formatText(kind, el);
  const example = kind === 'time' || kind === 'datetime-local' ? EXAMPLES[kind] + (format.endsWith('SS.mmm') ? ':00.000' : format.endsWith('SS') ? ':00' : '') : EXAMPLES[kind];
  return `It takes ${NOUNS[kind]} as ${format} (e.g. ${example})${span}.`;
}
