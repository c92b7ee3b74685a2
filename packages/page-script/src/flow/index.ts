/**
 * The flow recorder's host half: the in-page recorder bundled to one expression for `page.eval`, the
 * poll that drains it, and the rules that turn raw events into a protocol script — JSON Lines of
 * method calls whose targets are stable descriptions (role + name, label, text, CSS), never refs.
 *
 * Each step's `params` is a valid protocol call on its own (the CSS path as `selector`); `target`
 * carries the better description that replay tries first.
 */
import { createRequire } from 'node:module';
import { flowRecorderBuildOptions } from '../host';
import { FLOW_GLOBAL, type FlowTarget, type RawFlowEvent } from './types';

export { FLOW_GLOBAL, FLOW_STORAGE_KEY, type FlowTarget, type RawFlowEvent } from './types';

/** Prebuilt by a bundle that defines it; from source, bundled on first use. */
declare const __BROWSER_PROVIDER_FLOW_RECORDER__: string | undefined;

let cached: string | undefined = typeof __BROWSER_PROVIDER_FLOW_RECORDER__ === 'string' ? __BROWSER_PROVIDER_FLOW_RECORDER__ : undefined;

/** The in-page recorder as one idempotent IIFE (esbuild, like the page script itself). */
export function flowRecorderSource(): string {
  if (cached !== undefined) return cached;
  const esbuild = createRequire(import.meta.url)('esbuild') as { buildSync(o: object): { outputFiles?: Array<{ text: string }> } };
  const out = esbuild.buildSync(flowRecorderBuildOptions()).outputFiles?.[0];
  if (!out) throw new Error('esbuild produced no output for the flow recorder');
  cached = out.text;
  return cached;
}

const DRAIN = `const r = globalThis[Symbol.for(${JSON.stringify(FLOW_GLOBAL)})]; return r ? r.drain() : null;`;

/** A `page.eval` expression that answers the recorded events as a JSON string, or null when the document has no recorder yet. */
export const FLOW_DRAIN_EXPRESSION = `(() => { ${DRAIN} })()`;

/** A `page.eval` expression that installs the recorder (idempotent) and drains it. */
export function flowInstallExpression(): string {
  return `(() => {\n${flowRecorderSource()}\n${DRAIN}\n})()`;
}

/** One line of a flow script. */
export interface FlowStep {
  method: 'page.open' | 'page.click' | 'page.type' | 'page.press' | 'page.select' | 'page.drag';
  params: Record<string, unknown>;
  target?: FlowTarget;
  /** page.drag: where it was dropped. */
  to?: FlowTarget;
  /** The typed text is a password: kept so the flow replays, masked wherever it is shown. */
  secret?: boolean;
}

/**
 * Records one page by polling: each poll drains the recorder, installing it first in a document that
 * lacks it (a new document after a navigation). `evaluate` runs a `page.eval` expression on the page
 * being recorded and answers its value.
 */
export class FlowRecording {
  readonly events: RawFlowEvent[] = [];

  constructor(private readonly evaluate: (expression: string) => Promise<unknown>) {}

  /** Drains the page once; answers how many events arrived. A page between documents answers nothing yet. */
  async poll(): Promise<number> {
    let value = await this.evaluate(FLOW_DRAIN_EXPRESSION);
    if (value === null || value === undefined) value = await this.evaluate(flowInstallExpression());
    if (typeof value !== 'string') return 0;
    const got = JSON.parse(value) as RawFlowEvent[];
    this.events.push(...got);
    return got.length;
  }

  steps(): FlowStep[] {
    return stepsFromEvents(this.events);
  }
}

/** Events that are a person's own actions (a navigation right after one was caused by it). */
const ACTIONS = new Set<RawFlowEvent['kind']>(['click', 'key', 'select', 'drag']);

/**
 * Raw events in the order they happened → protocol steps:
 * - a new document is `page.open` unless the person's last action led to it (it has a referrer and
 *   follows a click, key, select or drag): the first one, a typed URL, a bookmark; never about:blank,
 *   and not when its URL is the one already open;
 * - a run of input events on one field is one `page.type` with the final value (`replace: true`),
 *   and a click that only focused that field before typing is dropped;
 * - a run of text inserted into one code editor's hidden input is one `page.type` of that text, at
 *   the editor's caret (no `replace`: the input's value is not the editor's text);
 * - clicks, keys, selects and drags map to their methods one to one.
 */
export function stepsFromEvents(events: readonly RawFlowEvent[]): FlowStep[] {
  const steps: FlowStep[] = [];
  let url: string | undefined;
  let previous: RawFlowEvent | undefined;
  for (const e of events) {
    switch (e.kind) {
      case 'document': {
        // A page that led here through the person's last action is that action's doing.
        const caused = e.referrer !== '' && previous !== undefined && ACTIONS.has(previous.kind);
        if (e.url !== url && e.url !== 'about:blank' && !caused) steps.push({ method: 'page.open', params: { url: e.url } });
        url = e.url;
        break;
      }
      case 'click':
        steps.push({ method: 'page.click', params: { selector: e.target.css }, target: e.target });
        break;
      case 'input': {
        const last = steps[steps.length - 1];
        const params = { selector: e.target.css, text: e.value, replace: true };
        const step: FlowStep = { method: 'page.type', params, target: e.target, ...(e.secret ? { secret: true } : {}) };
        if (last?.method === 'page.type' && last.target?.css === e.target.css) steps[steps.length - 1] = step;
        else if (last?.method === 'page.click' && last.target?.css === e.target.css) steps[steps.length - 1] = step;
        else steps.push(step);
        break;
      }
      case 'text': {
        // Appended, never replacing: a run of inserts into one editor is one page.type of their text.
        const last = steps[steps.length - 1];
        if (last?.method === 'page.type' && last.params.replace !== true && last.target?.css === e.target.css) last.params = { ...last.params, text: `${String(last.params.text)}${e.text}` };
        else steps.push({ method: 'page.type', params: { selector: e.target.css, text: e.text }, target: e.target });
        break;
      }
      case 'select':
        steps.push({ method: 'page.select', params: { selector: e.target.css, values: e.values }, target: e.target });
        break;
      case 'key':
        steps.push({ method: 'page.press', params: { key: e.key, ...(e.target ? { selector: e.target.css } : {}) }, ...(e.target ? { target: e.target } : {}) });
        break;
      case 'drag':
        steps.push({ method: 'page.drag', params: { selector: e.target.css, to_selector: e.to.css }, target: e.target, to: e.to });
        break;
    }
    previous = e;
  }
  return steps;
}

/** The script as JSON Lines, one step a line. */
export function flowToJsonl(steps: readonly FlowStep[]): string {
  return steps.map((s) => JSON.stringify(s)).join('\n') + (steps.length > 0 ? '\n' : '');
}

/** Parses a flow script; a line that is not a step is an error naming its line. */
export function parseFlow(text: string): FlowStep[] {
  const steps: FlowStep[] = [];
  const methods = new Set(['page.open', 'page.click', 'page.type', 'page.press', 'page.select', 'page.drag']);
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: not JSON`);
    }
    const s = v as Partial<FlowStep> | null;
    if (s === null || typeof s !== 'object' || typeof s.method !== 'string' || !methods.has(s.method) || typeof s.params !== 'object' || s.params === null) {
      throw new Error(`line ${i + 1}: expected {"method": one of ${[...methods].join(', ')}, "params": {...}}`);
    }
    steps.push(s as FlowStep);
  });
  return steps;
}

/** The step as a person reads it, secrets masked: `page.type textbox "Password" ← ••••`. */
export function describeStep(s: FlowStep): string {
  const who = (t: FlowTarget | undefined, fallback: unknown) => (t ? `${t.role}${t.name ? ` ${JSON.stringify(t.name)}` : ` ${t.css}`}` : typeof fallback === 'string' ? fallback : '');
  switch (s.method) {
    case 'page.open':
      return `open ${String(s.params.url)}`;
    case 'page.click':
      return `click ${who(s.target, s.params.selector)}`;
    case 'page.type':
      return `type ${s.secret ? '••••' : JSON.stringify(s.params.text)} into ${who(s.target, s.params.selector)}`;
    case 'page.press':
      return `press ${String(s.params.key)}${s.target ? ` on ${who(s.target, s.params.selector)}` : ''}`;
    case 'page.select':
      return `select ${JSON.stringify(s.params.values)} in ${who(s.target, s.params.selector)}`;
    case 'page.drag':
      return `drag ${who(s.target, s.params.selector)} onto ${who(s.to, s.params.to_selector)}`;
  }
}
