import type { ExitInfo } from './client';
import type { ScenarioId } from './scenarios/context';

/**
 * - `pass` / `fail`: the scenario ran and its assertions held / did not.
 * - `skipped`: not attempted because the provider reported its browser unavailable.
 * - `not_run`: not attempted because the provider was gone (crashed, never started).
 * Only `pass` and `fail` count as executed.
 */
export type ScenarioStatus = 'pass' | 'fail' | 'skipped' | 'not_run';

export interface Screenshot {
  media_type: string;
  data_base64: string;
  width: number;
  height: number;
}

export interface ScenarioRunResult {
  id: ScenarioId;
  status: ScenarioStatus;
  duration_ms: number;
  error?: string;
  notes: string[];
  /** The page the scenario left open, photographed after it finished (final run only). */
  screenshot?: Screenshot;
}

export interface RunResult {
  run: number;
  scenarios: ScenarioRunResult[];
  exit?: ExitInfo;
  /** Exited with code 0 on its own after stdin closed, and wrote nothing off-protocol to stdout. */
  clean_shutdown: boolean;
  /** Lines the provider wrote that were not valid envelopes. */
  violations: string[];
  /** Why this run does not match the expectations; empty means it does. */
  problems: string[];
  ok: boolean;
  stderr_log?: string;
}

/** `provider_failed`: the provider did not answer describe/status at all. */
export type Availability = 'ready' | 'degraded' | 'unavailable' | 'provider_failed';
export type Tier = 'certified' | 'compatible' | 'experimental' | 'unavailable';

export interface ScenarioSummary {
  id: ScenarioId;
  title: string;
  passes: number;
  executed: number;
  runs: number;
  median_ms: number | null;
  expected: 'pass' | 'fail' | null;
  /** First failure message seen, for tables. */
  error?: string;
  screenshot?: Screenshot;
}

/** A side tier (errors, optional) of one browser: its scenarios passing in every run, out of those selected. */
export interface TierSummary {
  passed: number;
  total: number;
  /** The tier's scenarios that ran (pass or fail) in at least one run; 0 when the browser was unavailable. */
  executed: number;
  /** Executed scenarios of the tier that failed in some run. */
  failing: string[];
}

export interface BrowserResult {
  browser: string;
  command: string[];
  availability: Availability;
  /** Why the browser is unavailable / the provider failed, from status diagnostics or the error. */
  availability_detail: string[];
  browser_version?: string;
  provider?: { id: string; label: string; version: string };
  tier: Tier;
  tier_reasons: string[];
  error_tier: TierSummary;
  optional_tier: TierSummary;
  /** Absent in reports made before the security tier existed. */
  security_tier?: TierSummary;
  runs: RunResult[];
  scenarios: ScenarioSummary[];
  problems: string[];
  /** Every run executed every expected scenario with the expected outcome. */
  ok: boolean;
}

export interface MatrixResult {
  generated_at: string;
  protocol_version: string;
  runs: number;
  /** Browsers certified at once, when more than one: their timings include each other's load. */
  jobs?: number;
  browsers: BrowserResult[];
  scenario_ids: ScenarioId[];
  /** The subset of scenario_ids that forms the errors tier. */
  error_scenario_ids: ScenarioId[];
  /** The subset of scenario_ids that forms the optional tier (the rest, in neither list, are core). */
  optional_scenario_ids: ScenarioId[];
  /** The subset of scenario_ids that forms the security tier (absent in older reports). */
  security_scenario_ids?: ScenarioId[];
  /** Every available browser is ok (and, with requireAvailable, none is unavailable). */
  ok: boolean;
  regenerate_command: string;
}

export type ProgressEvent =
  | { type: 'run-start'; browser: string; run: number; runs: number }
  | { type: 'scenario'; browser: string; run: number; result: ScenarioRunResult }
  | { type: 'run-end'; browser: string; run: number; result: RunResult }
  | { type: 'browser-end'; result: BrowserResult };
