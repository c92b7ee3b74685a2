import { CORE_SCENARIO_IDS } from './scenarios/index';
import type { Availability, RunResult, Tier, TierSummary } from './types';

/**
 * Tier thresholds, after the draft's "Certification guidance":
 * - certified: every one of the 10 core scenarios passed in every run, there were at least
 *   MIN_RUNS_FOR_CERTIFIED runs ("behaves predictably across repeated runs"), and every run shut down
 *   cleanly (exit 0 after stdin closed, nothing but envelopes on stdout).
 * - compatible: in every run, the FOUNDATION scenarios passed (the provider can be described, reports
 *   status, makes sessions and opens pages) and at least COMPATIBLE_MIN_PASSES of the 10 passed.
 * - experimental: anything less (the adapter exists and answers, semantics incomplete or unstable).
 * - unavailable: the provider says its browser is not usable here; not a judgement of the provider.
 */
export const CORE_SCENARIO_COUNT = 10;
export const MIN_RUNS_FOR_CERTIFIED = 3;
export const COMPATIBLE_MIN_PASSES = 6;
export const FOUNDATION = ['01-provider-describe', '02-provider-status', '03-session-ensure', '04-page-open'] as const;

export function assignTier(availability: Availability, runs: readonly RunResult[]): { tier: Tier; reasons: string[] } {
  if (availability === 'unavailable') return { tier: 'unavailable', reasons: ['the provider reports its browser unavailable'] };
  if (runs.length === 0) return { tier: 'experimental', reasons: ['no run completed'] };
  // Only the core scenarios count here; the errors tier is reported beside the tier (tierSummary below).
  const core = new Set<string>(CORE_SCENARIO_IDS);
  const passed = runs.map((r) => new Set(r.scenarios.filter((s) => s.status === 'pass' && core.has(s.id)).map((s) => s.id as string)));
  const reasons: string[] = [];

  const allCore = passed.every((p) => p.size === CORE_SCENARIO_COUNT);
  if (!allCore) reasons.push('not every core scenario passed in every run');
  if (runs.length < MIN_RUNS_FOR_CERTIFIED) reasons.push(`only ${runs.length} run(s); certification needs ${MIN_RUNS_FOR_CERTIFIED}`);
  if (!runs.every((r) => r.clean_shutdown)) reasons.push('a run did not shut down cleanly or wrote off-protocol output');
  if (reasons.length === 0) return { tier: 'certified', reasons: [] };

  const foundation = passed.every((p) => FOUNDATION.every((id) => p.has(id)));
  const enough = passed.every((p) => p.size >= COMPATIBLE_MIN_PASSES);
  if (foundation && enough) return { tier: 'compatible', reasons };
  if (!foundation) reasons.push(`a foundation scenario (${FOUNDATION.join(', ')}) failed in some run`);
  if (!enough) reasons.push(`fewer than ${COMPATIBLE_MIN_PASSES} scenarios passed in some run`);
  return { tier: 'experimental', reasons };
}

/**
 * A tier reported beside the certification tier (errors, optional): how many of its selected scenarios
 * passed in every run that planned them. It does not move the certification tier (the draft's tiers are
 * about the 10 core scenarios); it is shown as "errors n/8" / "optional n/15", and its expectations are
 * checked like any other scenario's.
 */
export function tierSummary(ids: readonly string[], runs: readonly RunResult[]): TierSummary {
  // These scenarios run in the first run only: judge them in the runs that planned them.
  const ranIt = (id: string) => runs.filter((r) => r.scenarios.some((s) => s.id === id));
  const passedEveryRun = (id: string) => ranIt(id).length > 0 && ranIt(id).every((r) => r.scenarios.some((s) => s.id === id && s.status === 'pass'));
  const executed = (id: string) => runs.some((r) => r.scenarios.some((s) => s.id === id && (s.status === 'pass' || s.status === 'fail')));
  return {
    passed: ids.filter(passedEveryRun).length,
    total: ids.length,
    executed: ids.filter(executed).length,
    failing: ids.filter((id) => executed(id) && !passedEveryRun(id)),
  };
}
