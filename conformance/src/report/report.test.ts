import { describe, expect, it } from 'vitest';
import { ERROR_SCENARIO_IDS, OPTIONAL_SCENARIO_IDS, SCENARIOS, SECURITY_SCENARIO_IDS } from '../scenarios/index';
import { summarize } from '../summary';
import { allPass } from '../expectations';
import { solidPng } from '../testing/fake-png';
import type { BrowserResult, MatrixResult, RunResult } from '../types';
import { matrixTable, progressLine } from './console';
import { renderHtml } from './html';
import { renderJson } from './json';
import { renderMarkdown } from './markdown';

const EVIL = '<script>alert("x")</script> | pipe';
const PNG = solidPng(3, 2).toString('base64');
const ids = SCENARIOS.map((s) => s.id);

function browser(name: string, ok: boolean, runs: RunResult[], extra: Partial<BrowserResult> = {}): BrowserResult {
  return {
    browser: name,
    command: ['provider', name],
    availability: 'ready',
    availability_detail: [],
    browser_version: `${name} 1.2`,
    tier: ok ? 'certified' : 'experimental',
    tier_reasons: [],
    error_tier: { passed: 7, total: 8, executed: 8, failing: ['e03-rerendered-list'] },
    optional_tier: { passed: 13, total: 15, executed: 15, failing: ['o06-console-list', 'o07-network-list'] },
    security_tier: { passed: 3, total: 5, executed: 5, failing: ['s01-spoofed-hit-test', 's02-covering-iframe'] },
    runs,
    scenarios: summarize(SCENARIOS, runs, allPass(name, ids)),
    problems: ok ? [] : [EVIL],
    ok,
    ...extra,
  };
}

const durations = [30, 10, 20];
const passingRuns: RunResult[] = durations.map((d, i) => ({
  run: i + 1,
  scenarios: ids.map((id) => ({
    id,
    status: id === '06-page-click' && i === 1 ? ('fail' as const) : ('pass' as const),
    duration_ms: d,
    notes: [],
    ...(id === '06-page-click' && i === 1 ? { error: EVIL } : {}),
    ...(i === 2 && id === '04-page-open' ? { screenshot: { media_type: 'image/png', data_base64: PNG, width: 3, height: 2 } } : {}),
  })),
  clean_shutdown: true,
  violations: [],
  problems: [],
  ok: true,
}));
const skippedRun: RunResult = {
  run: 1,
  scenarios: ids.map((id, i) => ({ id, status: i < 2 ? ('pass' as const) : ('skipped' as const), duration_ms: 1, notes: [] })),
  clean_shutdown: true,
  violations: [],
  problems: [],
  ok: true,
};

const matrix: MatrixResult = {
  generated_at: '2025-01-02T03:04:05.000Z',
  protocol_version: '0.1',
  runs: 3,
  scenario_ids: ids,
  error_scenario_ids: [...ERROR_SCENARIO_IDS],
  optional_scenario_ids: [...OPTIONAL_SCENARIO_IDS],
  security_scenario_ids: [...SECURITY_SCENARIO_IDS],
  browsers: [
    browser('firefox', false, passingRuns),
    browser('safari', false, [skippedRun], {
      availability: 'unavailable',
      tier: 'unavailable',
      availability_detail: ['WebKitWebDriver not found'],
      problems: [],
      error_tier: { passed: 0, total: 8, executed: 0, failing: [] },
      optional_tier: { passed: 0, total: 15, executed: 0, failing: [] },
      security_tier: { passed: 0, total: 5, executed: 0, failing: [] },
    }),
  ],
  ok: false,
  regenerate_command: 'browser-provider certify --browser all',
};

describe('reports', () => {
  it('summarize takes the median of executed runs and the last screenshot', () => {
    const s = matrix.browsers[0]?.scenarios.find((x) => x.id === '04-page-open');
    expect(s).toMatchObject({ passes: 3, executed: 3, median_ms: 20 });
    expect(s?.screenshot?.data_base64).toBe(PNG);
    expect(matrix.browsers[0]?.scenarios.find((x) => x.id === '06-page-click')).toMatchObject({ passes: 2, error: EVIL });
  });

  it('HTML is self-contained, escapes provider text and embeds screenshots as data URIs', () => {
    const html = renderHtml(matrix);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain(`src="data:image/png;base64,${PNG}"`);
    expect(html).not.toMatch(/<link|src="http|<script/);
    expect(html).toContain('<style>');
    expect(html).toContain('WebKitWebDriver not found');
    expect(html.split('<td class="none">unavailable</td>').length - 1).toBe(ids.length - 2);
    expect(html).toContain('<tr><th colspan="3">errors tier</th></tr>');
    expect(html).toContain('<tr><th>errors tier</th><td class="fail">errors 7/8</td><td class="fail">n/a (unavailable)</td></tr>');
    expect(html).toContain('<tr><th colspan="3">optional tier</th></tr>');
    expect(html).toContain('<tr><th>optional tier</th><td class="fail">optional 13/15</td><td class="fail">n/a (unavailable)</td></tr>');
    // Each optional scenario is a row with a cell per engine, after the error rows.
    expect(html).toContain('<tr><td>o13-dialog-handle</td><td class="pass">3/3 <span class="muted">20 ms</span></td><td class="none">unavailable</td></tr>');
    expect(html.indexOf('<tr><td>o01-page-go-back</td>')).toBeGreaterThan(html.indexOf('<tr><td>e08-hung-page</td>'));
  });

  it('Markdown keeps table rows intact, dates itself and names the regenerating command', () => {
    const md = renderMarkdown(matrix);
    expect(md).toContain('Generated 2025-01-02T03:04:05.000Z by `browser-provider certify --browser all`');
    expect(md).toContain('| firefox | experimental | errors 7/8 | optional 13/15 | security 3/5 | firefox 1.2 | ready | NOT MET |');
    expect(md).toContain('## Security tier');
    expect(md).toContain('| safari | unavailable | n/a (unavailable) | n/a (unavailable) | n/a (unavailable) | safari 1.2 | unavailable | n/a (unavailable) |');
    const optionalAt = md.indexOf('## Optional tier');
    expect(optionalAt).toBeGreaterThan(md.indexOf('| e08-hung-page |'));
    expect(md.indexOf('| o11-download-wait | 3/3 (20 ms) | unavailable |')).toBeGreaterThan(optionalAt);
    // The error scenarios get their own table, after the core one.
    const errorsAt = md.indexOf('## Errors tier');
    expect(errorsAt).toBeGreaterThan(md.indexOf('| 10-session-close |'));
    expect(md.indexOf('| e01-covered-button | 3/3 (20 ms) | unavailable |')).toBeGreaterThan(errorsAt);
    expect(md).toContain('| 06-page-click | 2/3 (20 ms) | unavailable |');
    expect(md).toContain('| 01-provider-describe | 3/3 (20 ms) | 1/1 (1 ms) |');
    expect(md).toContain('&lt;script&gt;alert("x")&lt;/script&gt; \\| pipe');
    expect(md).toContain('- **safari** (unavailable): WebKitWebDriver not found');
  });

  it('JSON carries everything but the screenshot bytes', () => {
    const json = renderJson(matrix);
    expect(json).not.toContain(PNG);
    const parsed = JSON.parse(json) as MatrixResult;
    expect(parsed.browsers[0]?.scenarios.find((s) => s.id === '04-page-open')?.screenshot).toEqual({
      media_type: 'image/png',
      width: 3,
      height: 2,
      omitted: true,
    });
    expect(parsed.browsers[1]?.availability).toBe('unavailable');
    expect(parsed.error_scenario_ids).toEqual(ERROR_SCENARIO_IDS);
    expect(parsed.optional_scenario_ids).toEqual(OPTIONAL_SCENARIO_IDS);
    expect(parsed.browsers[1]?.optional_tier).toEqual({ passed: 0, total: 15, executed: 0, failing: [] });
    expect(parsed.browsers[0]?.error_tier).toEqual({ passed: 7, total: 8, executed: 8, failing: ['e03-rerendered-list'] });
  });

  it('console table shows every browser, tier and expectations verdict', () => {
    const table = matrixTable(matrix).split('\n');
    expect(table[0]).toMatch(/^scenario\s+firefox\s+safari$/);
    expect(table.find((l) => l.startsWith('06-page-click'))).toMatch(/2\/3 20 ms\s+unavailable$/);
    expect(table.at(-5)).toMatch(/^tier\s+experimental\s+unavailable$/);
    expect(table.at(-4)).toMatch(/^errors tier\s+errors 7\/8\s+n\/a \(unavailable\)$/);
    expect(table.at(-3)).toMatch(/^optional tier\s+optional 13\/15\s+n\/a \(unavailable\)$/);
    expect(table.at(-2)).toMatch(/^security tier\s+security 3\/5\s+n\/a \(unavailable\)$/);
    expect(table.at(-1)).toMatch(/^expectations\s+NOT MET\s+n\/a \(unavailable\)$/);
    // Core rows, a rule, then the error rows.
    const e01 = table.findIndex((l) => l.startsWith('e01-covered-button'));
    expect(table[e01 - 1]).toMatch(/^-+/);
    expect(table[e01 - 2]).toMatch(/^10-session-close/);
    // Then a rule and the optional rows, one cell per engine.
    const o01 = table.findIndex((l) => l.startsWith('o01-page-go-back'));
    expect(table[o01 - 1]).toMatch(/^-+/);
    expect(table[o01 - 2]).toMatch(/^e08-hung-page/);
    expect(table.find((l) => l.startsWith('o15-popup-adopted'))).toMatch(/3\/3 20 ms\s+unavailable$/);
    // Then a rule and the security rows.
    const s01 = table.findIndex((l) => l.startsWith('s01-spoofed-hit-test'));
    expect(table[s01 - 1]).toMatch(/^-+/);
    expect(table[s01 - 2]).toMatch(/^o17-provider-verify/);
  });

  it('progress lines name the tier and the side tiers at the end of a browser', () => {
    const [firefox] = matrix.browsers;
    if (!firefox) throw new Error('no browser');
    expect(progressLine({ type: 'browser-end', result: firefox })).toBe('[firefox] tier experimental, errors 7/8, optional 13/15, security 3/5 (expectations not met)');
  });

  it('progress lines name browser, run, status and the failure', () => {
    const result = { id: '06-page-click' as const, status: 'fail' as const, duration_ms: 1500, notes: [], error: 'no change' };
    expect(progressLine({ type: 'scenario', browser: 'chrome', run: 2, result })).toBe(
      '[chrome] run 2 FAIL    06-page-click          1.5 s — no change',
    );
  });
});
