import type { Backend, ProviderServerOptions } from '@browser-provider/core';
import { BROWSERS, BROWSER_ALIASES, createBackend, type BackendOptions, type BrowserName, type BrowserSpec } from './browsers';

/** The engines one server fronts, the default first, and why that one is the default. */
export interface EngineChoice {
  backends: Backend[];
  reason: string;
}

/**
 * Tiers as the certification matrix names them, best first. `certify` fails unless a browser meets
 * its committed expectations (`conformance/expectations/<browser>.json`), so the tier a run meeting
 * them earns is the one CI holds each engine to: the shipped, checked record of how it certifies.
 */
const TIER_ORDER = ['certified', 'compatible', 'experimental', 'unavailable'] as const;
export type Tier = (typeof TIER_ORDER)[number];

/** The tier `browser`'s expectations hold it to, by the same rule `certify` applies to real runs. */
export async function expectedTier(browser: BrowserName, expectationsDir?: string): Promise<Tier> {
  // Loaded only for `auto`: a server for named browsers never reads the conformance suite.
  const { CORE_SCENARIO_IDS, MIN_RUNS_FOR_CERTIFIED, assignTier, loadExpectations } = await import('@browser-provider/conformance');
  const expectations = await loadExpectations(browser, CORE_SCENARIO_IDS, expectationsDir);
  const expected = new Map(expectations.scenarios.map((s) => [s.id, s.expected]));
  const run = (n: number) => ({
    run: n,
    scenarios: CORE_SCENARIO_IDS.map((id) => ({ id, status: expected.get(id) === 'fail' ? ('fail' as const) : ('pass' as const), duration_ms: 0, notes: [] })),
    clean_shutdown: true,
    violations: [],
    problems: [],
    ok: true,
  });
  return assignTier('ready', Array.from({ length: MIN_RUNS_FOR_CERTIFIED }, (_, i) => run(i + 1))).tier;
}

/**
 * Makes the backends `spec` names. A list is fronted as given, its first entry the default. `auto`
 * fronts every installed engine (status not `unavailable`) and makes the default the one with the
 * best expected tier, ties going by the fixed order firefox, chrome, safari; when none is installed
 * it fronts them all, so provider.status says what to install.
 */
export async function chooseEngines(spec: BrowserSpec, opts: BackendOptions = {}): Promise<EngineChoice> {
  // An endpoint is one browser's: several engines cannot share it (createBackend also reads the variable).
  const attach = opts.attachUrl !== undefined ? '--attach-url' : process.env.BROWSER_PROVIDER_ATTACH_URL ? 'BROWSER_PROVIDER_ATTACH_URL' : undefined;
  const oneOnly = () => new Error(`${attach ?? ''} attaches one browser: give --browser a single name with it`);
  if (spec !== 'auto') {
    const [first, ...rest] = spec;
    if (first === undefined) throw new Error('--browser names no browser');
    if (rest.length > 0 && attach !== undefined) throw oneOnly();
    return {
      backends: await Promise.all(spec.map((b) => createBackend(b, opts))),
      reason: rest.length === 0 ? 'the only engine' : `${first} is listed first in --browser`,
    };
  }
  if (attach !== undefined) throw oneOnly();
  const all = await Promise.all(
    BROWSERS.map(async (browser) => {
      const backend = await createBackend(browser, opts);
      const installed = (await backend.status()).availability !== 'unavailable';
      return { browser, backend, installed, tier: installed ? await expectedTier(browser) : ('unavailable' as const) };
    }),
  );
  const installed = all.filter((e) => e.installed);
  // Nothing was launched by a status check; the engines not fronted only need their handles let go.
  await Promise.all(all.filter((e) => !e.installed && installed.length > 0).map((e) => e.backend.shutdown()));
  if (installed.length === 0) {
    return { backends: all.map((e) => e.backend), reason: `no engine is installed here (auto checked ${BROWSERS.join(', ')}); provider.status says what to install` };
  }
  const { order, reason } = rankEngines(installed, all.filter((e) => !e.installed).map((e) => e.browser));
  return { backends: order.map((e) => e.backend), reason };
}

/**
 * The installed engines (given in the fixed order firefox, chrome, safari), the best expected tier
 * first, the others after it in that order; and the sentence that says why.
 */
export function rankEngines<E extends { browser: BrowserName; tier: Tier }>(installed: readonly E[], missing: readonly BrowserName[] = []): { order: E[]; reason: string } {
  // A stable sort keeps the fixed order among equal tiers.
  const best = [...installed].sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier))[0];
  if (best === undefined) throw new Error('no installed engine to rank');
  const tiers = installed.map((e) => `${e.browser} ${e.tier}`).join(', ');
  return {
    order: [best, ...installed.filter((e) => e !== best)],
    reason: `auto: ${best.browser} has the best certification among the installed engines (${tiers}, by the tier their conformance expectations hold them to; certified beats compatible, ties go by the order ${BROWSERS.join(', ')})${missing.length > 0 ? `; not installed: ${missing.join(', ')}` : ''}`,
  };
}

/** Server options for the engines chosen: browser_preference also takes the browsers' aliases. */
export function engineOptions(choice: EngineChoice): Pick<ProviderServerOptions, 'familyAliases' | 'defaultEngineReason'> {
  return { familyAliases: BROWSER_ALIASES, defaultEngineReason: choice.reason };
}
