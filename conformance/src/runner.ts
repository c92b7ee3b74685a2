import { join } from 'node:path';
import { METHODS } from '@browser-provider/protocol';
import { ProviderClient, type ExitInfo, type ProviderCommand } from './client';
import { compareRun, type Expectations } from './expectations';
import { startFixtureServer } from './fixtures/server';
import { ERROR_SCENARIO_IDS, OPTIONAL_SCENARIO_IDS, SCENARIOS, SECURITY_SCENARIO_IDS, ScenarioContext, ScenarioFailure, type Scenario } from './scenarios/index';
import { decodeBase64, readPngHeader } from './scenarios/png';
import { summarize } from './summary';
import { assignTier, tierSummary } from './tier';
import type { Availability, BrowserResult, ProgressEvent, RunResult, ScenarioRunResult, Screenshot } from './types';

export interface CertifyOptions extends ProviderCommand {
  browser: string;
  runs?: number;
  expectations: Expectations;
  /** Defaults to all three tiers (core, errors, optional); a subset is for debugging and can never satisfy full expectations. */
  scenarios?: readonly Scenario[];
  /** A fixture site already running (shared across browsers); otherwise one is started and stopped. */
  origin?: string;
  /** Directory for the provider's stderr logs, one file per run. */
  logDir?: string;
  scenarioTimeoutMs?: number;
  callTimeoutMs?: number;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

interface Preflight {
  availability: Availability;
  detail: string[];
  browser_version?: string;
  provider?: BrowserResult['provider'];
}

/**
 * Certifies one browser. Each run gets its own provider process (a fresh browser, so runs are
 * independent and the tier's "every run" is meaningful); the scenarios within a run share that process
 * but not sessions. Scenarios run one after another in the draft's order, each bounded by a timeout,
 * and a failing scenario never stops the rest: the run continues unless the provider itself is gone.
 */
export async function certify(options: CertifyOptions): Promise<BrowserResult> {
  const runs = options.runs ?? 3;
  const scenarios = options.scenarios ?? SCENARIOS;
  const fixture = options.origin === undefined ? await startFixtureServer() : undefined;
  const origin = fixture?.origin ?? options.origin ?? '';
  const results: RunResult[] = [];
  let preflight: Preflight = { availability: 'provider_failed', detail: ['no run started'] };
  try {
    for (let run = 1; run <= runs; run++) {
      options.signal?.throwIfAborted();
      options.onProgress?.({ type: 'run-start', browser: options.browser, run, runs });
      // The core tier repeats to show predictable runs; the errors, optional and security tiers run once, in the first run.
      const planned = run === 1 ? scenarios : scenarios.filter((s) => s.tier === 'core');
      const outcome = await runOnce(options, planned, origin, run, run === runs);
      preflight = mergePreflight(preflight, outcome.preflight, run);
      results.push(outcome.result);
      options.onProgress?.({ type: 'run-end', browser: options.browser, run, result: outcome.result });
      // Repeating a run cannot make a missing browser appear.
      if (outcome.preflight.availability === 'unavailable') break;
    }
  } finally {
    await fixture?.close();
  }
  const { tier, reasons } = assignTier(preflight.availability, results);
  const problems = results.flatMap((r) => r.problems.map((p) => `run ${r.run}: ${p}`));
  if (preflight.availability === 'unavailable') problems.unshift(`browser unavailable: ${preflight.detail.join('; ')}`);
  if (results.length < runs && preflight.availability !== 'unavailable') problems.push(`only ${results.length} of ${runs} runs`);
  const result: BrowserResult = {
    browser: options.browser,
    command: [...options.command],
    availability: preflight.availability,
    availability_detail: preflight.detail,
    ...(preflight.browser_version === undefined ? {} : { browser_version: preflight.browser_version }),
    ...(preflight.provider === undefined ? {} : { provider: preflight.provider }),
    tier,
    tier_reasons: reasons,
    error_tier: tierSummary(idsOf(scenarios, 'errors'), results),
    optional_tier: tierSummary(idsOf(scenarios, 'optional'), results),
    security_tier: tierSummary(idsOf(scenarios, 'security'), results),
    runs: results,
    scenarios: summarize(scenarios, results, options.expectations),
    problems,
    ok: problems.length === 0 && results.length === runs,
  };
  options.onProgress?.({ type: 'browser-end', result });
  return result;
}

function idsOf(scenarios: readonly Scenario[], tier: Scenario['tier']): string[] {
  return scenarios.filter((s) => s.tier === tier).map((s) => s.id);
}

/** The first run's view wins, except that a later run may explain a provider that failed earlier. */
function mergePreflight(previous: Preflight, current: Preflight, run: number): Preflight {
  return run === 1 || previous.availability === 'provider_failed' ? current : previous;
}

async function runOnce(
  options: CertifyOptions,
  scenarios: readonly Scenario[],
  origin: string,
  run: number,
  captureScreenshots: boolean,
): Promise<{ result: RunResult; preflight: Preflight }> {
  const stderrLog = options.logDir === undefined ? undefined : join(options.logDir, `${options.browser}-run${run}.stderr.log`);
  const client = new ProviderClient({
    command: options.command,
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(stderrLog ? { stderrLog } : {}),
    defaultTimeoutMs: options.callTimeoutMs ?? 30_000,
  });
  const scenarioResults: ScenarioRunResult[] = [];
  let preflight: Preflight;
  let exit: ExitInfo;
  try {
    preflight = await probe(client);
    for (const scenario of scenarios) {
      // The final run photographs every page it leaves open; error and optional scenarios run only in the first.
      const photograph = captureScreenshots || scenario.tier !== 'core';
      const result = await runScenario(client, scenario, preflight, origin, run, photograph, options);
      scenarioResults.push(result);
      options.onProgress?.({ type: 'scenario', browser: options.browser, run, result });
    }
  } finally {
    // Always reap the provider, even when aborted mid-run.
    exit = await client.close();
  }
  const violations = client.violations.map((v) => `${v.message}${v.line ? ` — ${v.line}` : ''}`);
  const clean_shutdown = !exit.killed && exit.code === 0 && violations.length === 0;
  // Error and optional scenarios are planned in the first run only; a later run is not faulted for lacking them.
  const excused = run === 1 ? [] : [...ERROR_SCENARIO_IDS, ...OPTIONAL_SCENARIO_IDS, ...SECURITY_SCENARIO_IDS];
  const problems = compareRun(options.expectations, scenarioResults, excused);
  if (preflight.availability === 'provider_failed') problems.unshift(`provider failed: ${preflight.detail.join('; ')}`);
  if (!clean_shutdown) {
    problems.push(
      exit.killed
        ? 'the provider did not exit after stdin closed and had to be killed'
        : exit.code !== 0
          ? `the provider exited with code ${String(exit.code)}${exit.signal ? ` (${exit.signal})` : ''}`
          : `the provider wrote ${violations.length} off-protocol line(s) to stdout`,
    );
  }
  const result: RunResult = {
    run,
    scenarios: scenarioResults,
    exit,
    clean_shutdown,
    violations,
    problems,
    ok: problems.length === 0,
    ...(stderrLog ? { stderr_log: stderrLog } : {}),
  };
  return { result, preflight };
}

/** describe + status before any scenario: versions for the report, and whether a browser is here. */
async function probe(client: ProviderClient): Promise<Preflight> {
  try {
    const [describe, status] = await Promise.all([client.call('provider.describe'), client.call('provider.status')]);
    // The client has already checked both results against their schemas; parse() only types them.
    const d = describe.ok ? METHODS['provider.describe'].result.parse(describe.result) : undefined;
    if (!status.ok) return { availability: 'provider_failed', detail: [`provider.status failed: ${status.error.message}`] };
    const s = METHODS['provider.status'].result.parse(status.result);
    const version = s.browser_version ?? d?.engine?.version;
    return {
      availability: s.availability,
      detail: [...s.diagnostics.filter((x) => x.level !== 'info').map((x) => x.message), ...s.manual_steps],
      ...(version === undefined ? {} : { browser_version: version }),
      ...(d ? { provider: { id: d.provider_id, label: d.provider_label, version: d.provider_version } } : {}),
    };
  } catch (e) {
    return { availability: 'provider_failed', detail: [errorMessage(e)] };
  }
}

async function runScenario(
  client: ProviderClient,
  scenario: Scenario,
  preflight: Preflight,
  origin: string,
  run: number,
  captureScreenshots: boolean,
  options: CertifyOptions,
): Promise<ScenarioRunResult> {
  const base = { id: scenario.id, duration_ms: 0, notes: [] as string[] };
  if (preflight.availability === 'provider_failed' || client.hasExited) {
    // The cause is reported once, as a run problem, rather than repeated on every scenario.
    return { ...base, status: 'not_run', error: 'the provider is not running' };
  }
  if (preflight.availability === 'unavailable' && scenario.needsBrowser) {
    return { ...base, status: 'skipped', error: 'the provider reports its browser unavailable' };
  }
  const controller = new AbortController();
  const timeoutMs = options.scenarioTimeoutMs ?? 90_000;
  const timer = setTimeout(() => controller.abort(new Error(`scenario exceeded ${timeoutMs} ms`)), timeoutMs);
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const ctx = new ScenarioContext(client, origin, controller.signal, `conformance-r${run}-${scenario.id}`);
  const started = performance.now();
  let status: 'pass' | 'fail' = 'pass';
  let error: string | undefined;
  try {
    await scenario.run(ctx);
  } catch (e) {
    status = 'fail';
    error = errorMessage(e);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  const duration_ms = Math.round(performance.now() - started);
  const screenshot = captureScreenshots && ctx.page ? await capture(client, ctx) : undefined;
  await cleanup(client, ctx);
  return {
    ...base,
    status,
    duration_ms,
    notes: ctx.notes,
    ...(error === undefined ? {} : { error }),
    ...(screenshot ? { screenshot } : {}),
  };
}

/** Best effort: a screenshot for the report is evidence, not part of the verdict. */
async function capture(client: ProviderClient, ctx: ScenarioContext): Promise<Screenshot | undefined> {
  if (client.hasExited || !ctx.page) return undefined;
  try {
    const r = await client.call('page.screenshot', { ...ctx.page }, { timeoutMs: 15_000 });
    if (!r.ok) return undefined;
    const shot = METHODS['page.screenshot'].result.parse(r.result);
    // Only a real PNG goes into the HTML report's data: URI.
    const bytes = shot.image === undefined ? undefined : decodeBase64(shot.image);
    if (!bytes || typeof readPngHeader(bytes) === 'string') return undefined;
    return { media_type: 'image/png', data_base64: bytes.toString('base64'), width: shot.width, height: shot.height };
  } catch {
    return undefined;
  }
}

/** Closes what the scenario opened so the next one starts from a quiet provider. */
async function cleanup(client: ProviderClient, ctx: ScenarioContext): Promise<void> {
  for (const session_id of ctx.sessions) {
    if (client.hasExited) return;
    await client.call('session.close', { session_id }, { timeoutMs: 15_000 }).catch(() => undefined);
  }
}

function errorMessage(e: unknown): string {
  if (e instanceof ScenarioFailure) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
