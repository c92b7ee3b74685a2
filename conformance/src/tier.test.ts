import { describe, expect, it } from 'vitest';
import { SCENARIO_IDS } from './scenarios/index';
import { ERROR_SCENARIO_IDS, OPTIONAL_SCENARIO_IDS } from './scenarios/index';
import { assignTier, tierSummary } from './tier';
import type { RunResult } from './types';

/** A run in which the first `passes` scenarios pass, or exactly those named. */
function run(passes: number | string[], clean = true): RunResult {
  const passing = typeof passes === 'number' ? SCENARIO_IDS.slice(0, passes) : passes;
  return {
    run: 1,
    scenarios: SCENARIO_IDS.map((id) => ({ id, status: passing.includes(id) ? 'pass' : 'fail', duration_ms: 1, notes: [] })),
    clean_shutdown: clean,
    violations: [],
    problems: [],
    ok: true,
  };
}
const notFoundation = SCENARIO_IDS.filter((id) => id !== '03-session-ensure');

describe('assignTier', () => {
  it.each([
    ['all pass, 3 clean runs', [run(10), run(10), run(10)], 'certified'],
    ['all pass, 4 runs', [run(10), run(10), run(10), run(10)], 'certified'],
    ['all pass but only 2 runs', [run(10), run(10)], 'compatible'],
    ['all pass but one unclean shutdown', [run(10), run(10, false), run(10)], 'compatible'],
    ['one failure in one run', [run(10), run(9), run(10)], 'compatible'],
    ['exactly 6 pass every run', [run(6), run(6), run(6)], 'compatible'],
    ['5 pass in one run', [run(6), run(5), run(6)], 'experimental'],
    ['9 pass but a foundation scenario fails', [run(notFoundation), run(10), run(10)], 'experimental'],
    ['no runs', [], 'experimental'],
  ])('%s → %s', (_name, runs, tier) => {
    expect(assignTier('ready', runs).tier).toBe(tier);
  });

  it('says why a provider is not certified', () => {
    expect(assignTier('ready', [run(10), run(9)]).reasons).toEqual([
      'not every core scenario passed in every run',
      'only 2 run(s); certification needs 3',
    ]);
  });

  it('counts only core scenarios: failing every error scenario still certifies', () => {
    expect(assignTier('ready', [run(10), run(10), run(10)]).tier).toBe('certified');
    expect(assignTier('ready', [run(6), run(6), run(6)]).tier).toBe('compatible');
  });

  it('calls a missing browser unavailable, whatever ran', () => {
    expect(assignTier('unavailable', [run(2)]).tier).toBe('unavailable');
  });
});

describe('tierSummary for the errors tier', () => {
  const [e1, e2] = ERROR_SCENARIO_IDS;
  it('counts error scenarios that passed in every run', () => {
    const all = run([...ERROR_SCENARIO_IDS]);
    const allButE1 = run(ERROR_SCENARIO_IDS.filter((id) => id !== e1));
    expect(tierSummary(ERROR_SCENARIO_IDS, [all, all])).toEqual({ passed: 8, total: 8, executed: 8, failing: [] });
    expect(tierSummary(ERROR_SCENARIO_IDS, [all, allButE1])).toEqual({ passed: 7, total: 8, executed: 8, failing: [e1] });
  });

  it('counts only the error scenarios that were selected, and none without runs', () => {
    expect(tierSummary([e1 ?? '', e2 ?? ''], [run([e2 ?? ''])])).toEqual({ passed: 1, total: 2, executed: 2, failing: [e1] });
    expect(tierSummary(ERROR_SCENARIO_IDS, [])).toEqual({ passed: 0, total: 8, executed: 0, failing: [] });
  });
});

describe('tierSummary', () => {
  it('summarizes the optional tier the same way, judged in the runs that planned it', () => {
    const [o1] = OPTIONAL_SCENARIO_IDS;
    const first = run(OPTIONAL_SCENARIO_IDS.filter((id) => id !== o1));
    // A later run that did not plan the optional tier (core only) is not held against it.
    const later: RunResult = { ...run(10), run: 2, scenarios: run(10).scenarios.slice(0, 10) };
    expect(tierSummary(OPTIONAL_SCENARIO_IDS, [first, later])).toEqual({ passed: OPTIONAL_SCENARIO_IDS.length - 1, total: OPTIONAL_SCENARIO_IDS.length, executed: OPTIONAL_SCENARIO_IDS.length, failing: [o1] });
  });
});
