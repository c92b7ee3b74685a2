/**
 * Replays a flow script through the protocol. Each step's stable target is resolved against a fresh
 * snapshot (role + accessible name first, the CSS path when the element has no name or as a check of
 * the same element), then the step runs with the usual actionability checks. A target that does not
 * appear in time stops the replay with the step, the target and an excerpt of the snapshot.
 */
import type { FlowStep, FlowTarget } from '@browser-provider/page-script/flow';
import { StepError, type Call } from './driver';

export interface StepOutcome {
  step: number;
  status: 'pass' | 'fail';
  ms: number;
  /** How the target was found: `role+name`, `css`, or absent (no target). */
  found_by?: string;
  error?: string;
}

export interface ReplayFailure {
  step: number;
  method: string;
  target?: FlowTarget | undefined;
  message: string;
  /** The start of the page's snapshot outline when the step failed. */
  snapshot_excerpt: string;
}

export interface ReplayResult {
  ok: boolean;
  /** The page the flow ran in (absent when it never opened one). */
  page_id?: string;
  steps: StepOutcome[];
  failure?: ReplayFailure;
}

interface SnapElement {
  element_ref: string;
  role: string;
  name: string;
  selector_hint?: string;
}

export interface ReplayOptions {
  /** How long a step waits for its target to appear (ms). */
  targetTimeoutMs?: number;
  onStep?: (o: StepOutcome) => void;
}

const EXCERPT_LINES = 30;

class TargetMissing extends Error {}

/** The ref the target names now, or null when nothing on the page is it. */
function pick(elements: readonly SnapElement[], t: FlowTarget): { ref: string; by: string } | null {
  if (t.name !== '') {
    const named = elements.filter((e) => e.role === t.role && e.name === t.name);
    if (named.length === 1) return { ref: named[0]!.element_ref, by: 'role+name' };
    const same = named.filter((e) => e.selector_hint === t.css);
    if (same.length === 1) return { ref: same[0]!.element_ref, by: 'role+name+css' };
    // A name that changed is a changed page, unless the element at the same path still has the role.
    if (named.length > 1) return null;
  }
  const byCss = elements.filter((e) => e.selector_hint === t.css && e.role === t.role);
  return byCss.length === 1 ? { ref: byCss[0]!.element_ref, by: 'css' } : null;
}

async function snapshot(call: Call, pageId: string): Promise<{ elements: SnapElement[]; text: string }> {
  const s = await call('page.snapshot', { page_id: pageId });
  return { elements: (s.elements as SnapElement[] | undefined) ?? [], text: typeof s.text === 'string' ? s.text : '' };
}

/** A target found in the snapshot (`ref`), or, for an element with no name the snapshot does not list, its CSS path. */
async function resolve(call: Call, pageId: string, t: FlowTarget, deadline: number): Promise<{ ref: string; by: string } | { css: string; by: string }> {
  for (;;) {
    const snap = await snapshot(call, pageId);
    const got = pick(snap.elements, t);
    if (got) return got;
    // Nothing to tell this element by but its path (an unnamed list item, say): the action resolves the
    // selector itself, and refuses one that matches no element or several.
    if (t.name === '') return { css: t.css, by: 'css' };
    if (Date.now() >= deadline) throw new TargetMissing(snap.text);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const excerpt = (text: string) => text.split('\n').slice(0, EXCERPT_LINES).join('\n');

/** Runs `steps` on one engine; stops at the first step that fails. */
export async function replayFlow(call: Call, steps: readonly FlowStep[], o: ReplayOptions = {}): Promise<ReplayResult> {
  const outcomes: StepOutcome[] = [];
  let pageId: string | undefined;
  const timeout = o.targetTimeoutMs ?? 5_000;
  for (const [i, s] of steps.entries()) {
    const n = i + 1;
    const started = Date.now();
    let by: string | undefined;
    try {
      if (s.method === 'page.open') {
        const r = await call('page.open', { ...(pageId ? { page_id: pageId } : {}), url: s.params.url });
        pageId = String(r.page_id);
      } else {
        if (pageId === undefined) throw new Error('the flow does not start with page.open');
        const deadline = Date.now() + timeout;
        for (;;) {
          try {
            const params: Record<string, unknown> = { ...s.params, page_id: pageId };
            if (s.target) {
              const t = await resolve(call, pageId, s.target, deadline);
              delete params.selector;
              if ('ref' in t) params.element_ref = t.ref;
              else params.selector = t.css;
              by = t.by;
            }
            if (s.to) {
              const t = await resolve(call, pageId, s.to, deadline);
              delete params.to_selector;
              if ('ref' in t) params.to_element_ref = t.ref;
              else params.to_selector = t.css;
            }
            await call(s.method, params);
            break;
          } catch (e) {
            // A retryable refusal (the document was being replaced after the step before, say) reached
            // nothing on the page: look the target up again in the new document, until the deadline.
            if (!(e instanceof StepError && e.error.retryable && Date.now() < deadline)) throw e;
            await new Promise((r) => setTimeout(r, 150));
          }
        }
      }
      const ok: StepOutcome = { step: n, status: 'pass', ms: Date.now() - started, ...(by ? { found_by: by } : {}) };
      outcomes.push(ok);
      o.onStep?.(ok);
    } catch (e) {
      const missing = e instanceof TargetMissing;
      const message = missing ? `no element on the page is ${s.target ? targetText(s.target) : 'the target'} (waited ${timeout} ms)` : e instanceof StepError ? e.message : (e as Error).message;
      const text = missing ? (e as TargetMissing).message : pageId ? await snapshot(call, pageId).then((x) => x.text).catch(() => '') : '';
      const bad: StepOutcome = { step: n, status: 'fail', ms: Date.now() - started, error: message };
      outcomes.push(bad);
      o.onStep?.(bad);
      return { ok: false, steps: outcomes, ...(pageId ? { page_id: pageId } : {}), failure: { step: n, method: s.method, target: s.target, message, snapshot_excerpt: excerpt(text) } };
    }
  }
  return { ok: true, steps: outcomes, ...(pageId ? { page_id: pageId } : {}) };
}

export function targetText(t: FlowTarget): string {
  return `${t.role}${t.name ? ` ${JSON.stringify(t.name)}` : ''} (css ${t.css})`;
}
