import type { BrowserResult, ScenarioStatus, ScenarioSummary, Tier } from '../types';

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

export function tierLabel(browser: BrowserResult): string {
  const tier: Tier = browser.tier;
  return browser.availability === 'provider_failed' ? `${tier} (provider failed)` : tier;
}

export function versionLabel(browser: BrowserResult): string {
  const parts = [browser.browser_version, browser.provider ? `${browser.provider.id} ${browser.provider.version}` : undefined];
  return parts.filter((p) => p !== undefined).join(' · ') || 'unknown';
}

/** The errors tier beside the certification tier: `errors 7/8`. */
export function errorTierLabel(browser: BrowserResult): string {
  const e = browser.error_tier;
  if (e.total === 0) return '—';
  if (browser.availability === 'unavailable' && e.executed === 0) return 'n/a (unavailable)';
  return `errors ${e.passed}/${e.total}`;
}

/** An unavailable browser has nothing to meet; saying "not met" would blame the provider. */
export function expectationLabel(browser: BrowserResult): string {
  if (browser.ok) return 'met';
  return browser.availability === 'unavailable' ? 'n/a (unavailable)' : 'NOT MET';
}
