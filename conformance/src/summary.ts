import type { Expectations } from './expectations';
import type { Scenario } from './scenarios/context';
import type { RunResult, ScenarioSummary } from './types';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : Math.round(((sorted[mid - 1] ?? hi) + hi) / 2);
}

/** One row per scenario across runs: pass count, median time of executed runs, last screenshot. */
export function summarize(scenarios: readonly Scenario[], runs: readonly RunResult[], expectations: Expectations): ScenarioSummary[] {
  return scenarios.map((scenario) => {
    const results = runs.flatMap((r) => r.scenarios.filter((s) => s.id === scenario.id));
    const executed = results.filter((r) => r.status === 'pass' || r.status === 'fail');
    const firstError = results.find((r) => r.status !== 'pass' && r.error !== undefined)?.error;
    const screenshot = [...results].reverse().find((r) => r.screenshot)?.screenshot;
    const expected = expectations.scenarios.find((e) => e.id === scenario.id)?.expected ?? null;
    return {
      id: scenario.id,
      title: scenario.title,
      passes: results.filter((r) => r.status === 'pass').length,
      executed: executed.length,
      // The runs that planned it: every run for the core tier, the first for the once-only tiers.
      runs: runs.filter((r) => r.scenarios.some((s) => s.id === scenario.id)).length,
      median_ms: median(executed.map((r) => r.duration_ms)),
      expected,
      ...(firstError === undefined ? {} : { error: firstError }),
      ...(screenshot ? { screenshot } : {}),
    };
  });
}
