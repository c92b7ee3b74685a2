import { describe, expect, it } from 'vitest';
import { allPass, type Expectations } from './expectations';
import { certify } from './runner';
import { CORE_SCENARIOS, CORE_SCENARIO_IDS, ERROR_SCENARIO_IDS, OPTIONAL_SCENARIO_IDS, SCENARIOS, SCENARIO_IDS, SECURITY_SCENARIO_IDS, type ScenarioId } from './scenarios/index';
import { fakeProviderCommand } from './testing/fake-command';
import type { BrowserResult } from './types';

/**
 * The fake offers no optional method, so every optional scenario must fail (saying so): the fake's
 * expectations record that, exactly as a browser's file records a method its engine lacks.
 */
const OPTIONAL = new Set<string>(OPTIONAL_SCENARIO_IDS);
const NOT_OFFERED = 'not offered by the fake provider';
const ALL: Expectations = {
  browser: 'fake',
  scenarios: allPass('fake', SCENARIO_IDS).scenarios.map((e) => (OPTIONAL.has(e.id) ? { id: e.id, expected: 'fail', reason: NOT_OFFERED } : e)),
};
/** The scenarios the fake can be broken in: core and errors (it has no optional behaviour to break). */
const BREAKABLE = SCENARIO_IDS.filter((id) => !OPTIONAL.has(id));
const expectedStatus = (id: string) => (OPTIONAL.has(id) ? 'fail' : 'pass');

function statuses(result: BrowserResult, run = 0): Record<string, string> {
  return Object.fromEntries((result.runs[run]?.scenarios ?? []).map((s) => [s.id, s.status]));
}

// Each case starts its own fake provider and spends most of its time waiting on the scenarios' quiet
// windows and deadlines, so the cases run all at once (describe.concurrent, the unit project's
// maxConcurrency): 150 s one after another in fives, about 60 s together.
describe.concurrent('certify against the fake provider', { timeout: 120_000 }, () => {
  it('certifies the correct fake: core and errors pass in 3 runs, every optional scenario fails as not offered', async () => {
    const result = await certify({ browser: 'fake', command: fakeProviderCommand(), runs: 3, expectations: ALL });
    expect(result.problems).toEqual([]);
    expect(result.tier).toBe('certified');
    expect(result.error_tier).toEqual({ passed: 8, total: 8, executed: 8, failing: [] });
    expect(result.optional_tier).toEqual({ passed: 0, total: OPTIONAL_SCENARIO_IDS.length, executed: OPTIONAL_SCENARIO_IDS.length, failing: OPTIONAL_SCENARIO_IDS });
    expect(result.security_tier).toEqual({ passed: 8, total: 8, executed: 8, failing: [] });
    expect(result.ok).toBe(true);
    expect(result.availability).toBe('ready');
    expect(result.browser_version).toBe('Fake 1.0');
    expect(result.runs).toHaveLength(3);
    // The core tier runs in every run; the errors and optional tiers once, in the first.
    for (const run of result.runs) {
      expect(run.clean_shutdown).toBe(true);
      const ids = run.run === 1 ? SCENARIO_IDS : CORE_SCENARIO_IDS;
      expect(run.scenarios.map((s) => [s.id, s.status])).toEqual(ids.map((id) => [id, expectedStatus(id)]));
    }
    // Each optional scenario failed for the right reason: the method is absent and answers unsupported_method.
    for (const s of result.runs[0]?.scenarios.filter((x) => OPTIONAL.has(x.id)) ?? []) {
      expect(s.error).toMatch(/^\S+ is not offered by this provider \(absent from describe; answers unsupported_method\)$/);
    }
    const once = [...ERROR_SCENARIO_IDS, ...SECURITY_SCENARIO_IDS] as string[];
    const passes = (id: string) => (OPTIONAL.has(id) ? 0 : once.includes(id) ? 1 : 3);
    expect(result.scenarios.every((s) => s.passes === passes(s.id) && s.median_ms !== null)).toBe(true);
    // Screenshots only where a page is still open after the scenario, and only from the final run.
    // The setup scenarios (o16, o17) open no page of the client's.
    const paged = OPTIONAL_SCENARIO_IDS.filter((id) => id !== 'o16-provider-setup-guide' && id !== 'o17-provider-verify');
    const withShot = result.scenarios.filter((s) => s.screenshot).map((s) => s.id);
    expect(withShot).toEqual([
      ...['04-page-open', '05-page-snapshot', '06-page-click', '07-page-type', '08-page-wait', '09-page-screenshot'],
      ...ERROR_SCENARIO_IDS,
      ...paged,
      ...SECURITY_SCENARIO_IDS,
    ]);
    expect(result.runs.slice(0, 2).flatMap((r) => r.scenarios).filter((s) => s.screenshot).map((s) => s.id)).toEqual([
      ...ERROR_SCENARIO_IDS,
      ...paged,
      ...SECURITY_SCENARIO_IDS,
    ]);
    expect(result.scenarios.find((s) => s.id === '08-page-wait')?.error).toBeUndefined();
  });

  // Breaking the foundation (describe, status, sessions, open) leaves a provider experimental;
  // breaking any later core scenario leaves it compatible (one run can never be certified), and
  // breaking an error scenario moves only the errors tier. Either way exactly that scenario fails.
  it.concurrent.each(BREAKABLE.map((id, i) => [id, i < 4 ? 'experimental' : 'compatible'] as const))(
    '--break %s fails that scenario alone (tier %s) and misses all-pass expectations',
    async (broken: ScenarioId, tier) => {
      const result = await certify({ browser: 'fake', command: fakeProviderCommand('--break', broken), runs: 1, expectations: ALL });
      const expected = Object.fromEntries(SCENARIO_IDS.map((id) => [id, id === broken ? 'fail' : expectedStatus(id)]));
      expect(statuses(result)).toEqual(expected);
      expect(result.runs[0]?.scenarios.find((s) => s.id === broken)?.error).toMatch(/\S/);
      expect(result.tier).toBe(tier);
      const isError = (ERROR_SCENARIO_IDS as string[]).includes(broken);
      expect(result.error_tier).toMatchObject({ passed: isError ? 7 : 8, total: 8, failing: isError ? [broken] : [] });
      expect(result.ok).toBe(false);
      // A call that ignored its deadline may answer after the client gave up: an off-protocol line, too.
      const late = 'run 1: the provider wrote 1 off-protocol line(s) to stdout';
      expect(result.problems.filter((p) => broken !== 'e08-hung-page' || p !== late)).toEqual([
        expect.stringContaining(`${broken}: failed but is expected to pass`),
      ]);
    },
  );

  // Two representatives (foundation and not) are enough to show recorded failures are honoured.
  it.concurrent.each(['03-session-ensure', '07-page-type'] as const)('meets expectations that record --break %s as failing', async (broken) => {
    const expectations: Expectations = {
      browser: 'fake',
      scenarios: ALL.scenarios.map((e) => (e.id === broken ? { id: e.id, expected: 'fail', reason: 'broken on purpose' } : e)),
    };
    const result = await certify({ browser: 'fake', command: fakeProviderCommand('--break', broken), runs: 1, expectations });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.tier).toBe(broken === '03-session-ensure' ? 'experimental' : 'compatible');
  });
});

describe('08-page-wait accepts both timeout answers the draft allows', { timeout: 60_000 }, () => {
  it.concurrent.each([[[]], [['--wait-timeout-as-result']]])('fake args %j pass', async (args: string[]) => {
    const waitOnly = SCENARIOS.filter((s) => s.id === '08-page-wait');
    const result = await certify({
      browser: 'fake',
      command: fakeProviderCommand(...args),
      runs: 1,
      expectations: allPass('fake', ['08-page-wait']),
      scenarios: waitOnly,
    });
    expect(result.problems).toEqual([]);
    expect(result.runs[0]?.scenarios[0]?.notes).toEqual([
      args.length ? 'wait timeout answered ok:true, satisfied:false' : 'wait timeout answered navigation_timeout (wait_timeout)',
    ]);
  });
});

describe.concurrent('certify refuses to pass by omission', { timeout: 120_000 }, () => {
  it('fails a run that executed fewer scenarios than the expectations list', async () => {
    const result = await certify({ browser: 'fake', command: fakeProviderCommand(), runs: 1, expectations: ALL, scenarios: SCENARIOS.slice(0, 5) });
    expect(result.runs[0]?.scenarios.every((s) => s.status === 'pass')).toBe(true);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(
      [...SCENARIO_IDS.slice(5)].sort().map((id) => `run 1: ${id}: listed in the expectations but not executed`),
    );
    expect(result.tier).not.toBe('certified');
    expect(result.error_tier).toEqual({ passed: 0, total: 0, executed: 0, failing: [] });
  });

  it('runs the core tier alone: certified, with no errors tier', async () => {
    const result = await certify({
      browser: 'fake',
      command: fakeProviderCommand(),
      runs: 3,
      expectations: allPass('fake', CORE_SCENARIO_IDS),
      scenarios: CORE_SCENARIOS,
    });
    expect(result.problems).toEqual([]);
    expect(result.tier).toBe('certified');
    expect(result.error_tier.total).toBe(0);
    expect(result.optional_tier.total).toBe(0);
  });

  it('holds the fake to its recorded optional failures: an unexpected pass would be a problem too', async () => {
    // Expecting an optional scenario to pass, against a fake that does not offer it, must be a mismatch.
    const [o1] = OPTIONAL_SCENARIO_IDS;
    const expectations: Expectations = { browser: 'fake', scenarios: ALL.scenarios.map((e) => (e.id === o1 ? { id: e.id, expected: 'pass' } : e)) };
    const only = SCENARIOS.filter((s) => s.id === o1);
    const result = await certify({
      browser: 'fake',
      command: fakeProviderCommand(),
      runs: 1,
      expectations: { browser: 'fake', scenarios: expectations.scenarios.filter((e) => e.id === o1) },
      scenarios: only,
    });
    expect(result.problems).toEqual([expect.stringMatching(new RegExp(`^run 1: ${o1 ?? ''}: failed but is expected to pass: .*is not offered by this provider`))]);
    expect(result.ok).toBe(false);
  });

  it('fails when the expectations list a scenario that does not exist', async () => {
    const expectations: Expectations = { browser: 'fake', scenarios: [...ALL.scenarios, { id: '99-ghost', expected: 'pass' }] };
    const result = await certify({ browser: 'fake', command: fakeProviderCommand(), runs: 1, expectations, scenarios: SCENARIOS.slice(0, 1) });
    expect(result.ok).toBe(false);
    expect(result.problems).toContain('run 1: 99-ghost: listed in the expectations but not executed');
  });

  it('reports an unavailable browser as such, runs what needs no browser, and skips the rest', async () => {
    const result = await certify({ browser: 'fake', command: fakeProviderCommand('--unavailable'), runs: 3, expectations: ALL });
    expect(result.availability).toBe('unavailable');
    expect(result.tier).toBe('unavailable');
    expect(result.availability_detail).toEqual(['fake browser not found', 'Install the fake browser']);
    expect(result.runs).toHaveLength(1);
    const s = statuses(result);
    expect([s['01-provider-describe'], s['02-provider-status']]).toEqual(['pass', 'pass']);
    // provider.setup_guide needs no browser (it is most use when there is none); this fake does not offer it.
    expect(s['o16-provider-setup-guide']).toBe('fail');
    const rest = SCENARIO_IDS.slice(2).filter((id) => id !== 'o16-provider-setup-guide');
    expect(rest.map((id) => s[id])).toEqual(Array(rest.length).fill('skipped'));
    expect(result.error_tier).toEqual({ passed: 0, total: 8, executed: 0, failing: [] });
    expect(result.optional_tier).toEqual({ passed: 0, total: OPTIONAL_SCENARIO_IDS.length, executed: 1, failing: ['o16-provider-setup-guide'] });
    expect(result.security_tier).toEqual({ passed: 0, total: 8, executed: 0, failing: [] });
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/^browser unavailable: fake browser not found/);
  });

  it('marks every scenario not run when the provider cannot start', async () => {
    const result = await certify({ browser: 'ghost', command: ['/nonexistent/provider'], runs: 1, expectations: ALL });
    expect(result.availability).toBe('provider_failed');
    expect(result.tier).toBe('experimental');
    expect(Object.values(statuses(result))).toEqual(Array(SCENARIO_IDS.length).fill('not_run'));
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/provider failed: .*could not be started/);
  });

  it('does not call an unclean shutdown a clean run', async () => {
    const expectations = allPass('fake', ['01-provider-describe']);
    const result = await certify({
      browser: 'fake',
      command: fakeProviderCommand('--break', 'exit-code'),
      runs: 1,
      expectations,
      scenarios: SCENARIOS.slice(0, 1),
    });
    expect(result.runs[0]?.clean_shutdown).toBe(false);
    expect(result.problems).toEqual(['run 1: the provider exited with code 3']);
    expect(result.ok).toBe(false);
  });
});
