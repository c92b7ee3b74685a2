import type { ErrorCode, ErrorDetails, ErrorEnvelope, WireRepair } from '@browser-provider/protocol';
import { check, type OpenPage, type ScenarioContext } from './context';

/** Extra time, over a deadline a scenario asked for, that an answer may take on a loaded 2-core box. */
export const ANSWER_SLACK_MS = 3_000;
/** How long a scenario watches a page for an effect that must not happen. */
export const QUIET_MS = 600;

/** What a classified error must carry: a repair naming a method, with params and a hint for the model. */
export function repairOf(e: ErrorEnvelope): WireRepair {
  const { code, details } = e.error;
  const repair = details.repair;
  check(repair !== undefined, `${code}${details.code ? ` (${details.code})` : ''} carries no details.repair`);
  check(typeof repair.method === 'string' && repair.method.length > 0, `${code}: details.repair.method is empty`);
  check(repair.hint.trim().length > 0, `${code}: details.repair.hint is empty`);
  return repair;
}

/**
 * Checks the top-level code, the finer `details.code` and the repair (and its method, when the
 * protocol names one), and returns the details for scenario-specific checks.
 */
export function expectError(
  e: ErrorEnvelope,
  what: string,
  expected: { code: ErrorCode; detail?: string; repair?: string },
): ErrorDetails {
  const { code, message, details } = e.error;
  const cause = typeof details.code === 'string' ? ` (${details.code})` : '';
  check(code === expected.code, `${what} answered ${code}${cause}, expected ${expected.code}: ${message}`);
  if (expected.detail !== undefined) {
    check(details.code === expected.detail, `${what} answered ${code} with details.code ${JSON.stringify(details.code)}, expected "${expected.detail}"`);
  }
  const repair = repairOf(e);
  if (expected.repair !== undefined) {
    check(repair.method === expected.repair, `${what}: details.repair.method is "${repair.method}", expected "${expected.repair}"`);
  }
  return details;
}

/**
 * Proves an effect did not happen: `marker` (text the page shows until touched) is still there after
 * QUIET_MS — a wait for its absence must time out — and a fresh snapshot shows it. Input that the
 * provider dispatched would have changed it synchronously, before the action even answered.
 */
export async function expectUntouched(ctx: ScenarioContext, page: OpenPage, marker: string, why: string): Promise<void> {
  const r = await ctx.client.call('page.wait', { ...page, text_absent: marker, timeout_ms: QUIET_MS }, { signal: ctx.signal });
  if (r.ok) {
    check(!(r.result as { satisfied: boolean }).satisfied, `"${marker}" disappeared from the page: ${why}`);
  } else {
    check(
      r.error.code === 'navigation_timeout' || r.error.code === 'not_ready',
      `page.wait text_absent "${marker}" answered ${r.error.code}: ${r.error.message}`,
    );
  }
  const snap = await ctx.snapshot(page);
  check(snap.text.includes(marker), `the snapshot no longer shows "${marker}": ${why}`);
}

/** Time a call and return its envelope; the caller judges both. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}
