import type { BrowserResult, MatrixResult, ScenarioStatus, ScenarioSummary, Tier, TierSummary } from '../types';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escapes text for a Markdown table cell: pipes would split it, newlines would end the row. */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
}

export const STATUS_MARK: Record<ScenarioStatus, string> = { pass: 'PASS', fail: 'FAIL', skipped: 'SKIP', not_run: 'NOT RUN' };

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`;
}

/** A matrix cell: `3/3` passes, or why there is nothing to count. */
export function cell(browser: BrowserResult, s: ScenarioSummary): string {
  if (browser.availability === 'unavailable' && s.executed === 0) return 'unavailable';
  if (s.executed === 0) return 'not run';
  return `${s.passes}/${s.runs}`;
}

export function cellVerdict(s: ScenarioSummary): 'pass' | 'fail' | 'flaky' | 'none' {
  if (s.executed === 0) return 'none';
  if (s.passes === s.runs) return 'pass';
  return s.passes === 0 ? 'fail' : 'flaky';
}

/** When browsers were certified side by side (`jobs`), `lead` and what that does to the times; '' otherwise. */
export function jobsLabel(m: MatrixResult, lead: string): string {
  return m.jobs ? `${lead}${m.jobs} browsers certified at once, so their times include each other's load` : '';
}

export function tierLabel(browser: BrowserResult): string {
  const tier: Tier = browser.tier;
  return browser.availability === 'provider_failed' ? `${tier} (provider failed)` : tier;
}

export function versionLabel(browser: BrowserResult): string {
  const parts = [browser.browser_version, browser.provider ? `${browser.provider.id} ${browser.provider.version}` : undefined];
  return parts.filter((p) => p !== undefined).join(' · ') || 'unknown';
}

/** A side tier beside the certification tier: `errors 7/8`, `optional 12/15`. */
function sideTierLabel(browser: BrowserResult, name: string, t: TierSummary): string {
  if (t.total === 0) return '—';
  if (browser.availability === 'unavailable' && t.executed === 0) return 'n/a (unavailable)';
  return `${name} ${t.passed}/${t.total}`;
}

export function errorTierLabel(browser: BrowserResult): string {
  return sideTierLabel(browser, 'errors', browser.error_tier);
}

export function optionalTierLabel(browser: BrowserResult): string {
  return sideTierLabel(browser, 'optional', browser.optional_tier);
}

export function securityTierLabel(browser: BrowserResult): string {
  return sideTierLabel(browser, 'security', browser.security_tier ?? { passed: 0, total: 0, executed: 0, failing: [] });
}

/** The matrix's scenario ids split by tier, each in run order. */
export function tierRows(m: MatrixResult): { core: string[]; errors: string[]; optional: string[]; security: string[] } {
  const errors = new Set<string>(m.error_scenario_ids);
  const optional = new Set<string>(m.optional_scenario_ids);
  const security = new Set<string>(m.security_scenario_ids ?? []);
  return {
    core: m.scenario_ids.filter((id) => !errors.has(id) && !optional.has(id) && !security.has(id)),
    errors: m.scenario_ids.filter((id) => errors.has(id)),
    optional: m.scenario_ids.filter((id) => optional.has(id)),
    security: m.scenario_ids.filter((id) => security.has(id)),
  };
}

/** An unavailable browser has nothing to meet; saying "not met" would blame the provider. */
export function expectationLabel(browser: BrowserResult): string {
  if (browser.ok) return 'met';
  return browser.availability === 'unavailable' ? 'n/a (unavailable)' : 'NOT MET';
}
