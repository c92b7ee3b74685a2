import type { BrowserResult, MatrixResult, ScenarioSummary } from '../types';
import type { TierSummary } from '../types';
import { cell, cellVerdict, errorTierLabel, jobsLabel, escapeHtml as h, formatMs, optionalTierLabel, securityTierLabel, STATUS_MARK, tierLabel, tierRows, versionLabel, expectationLabel } from './format';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
h1{font-size:22px}h2{font-size:18px;margin-top:32px}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 16px;background:#fff}
th,td{border:1px solid #d0d0d5;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f0f0f3}.pass{background:#e3f6e5}.fail{background:#fde4e4}.flaky{background:#fff3d6}.none{background:#eee;color:#666}
.tier-certified{color:#0a7a22}.tier-compatible{color:#8a5a00}.tier-experimental,.tier-unavailable{color:#a01010}
.shot{max-width:320px;border:1px solid #ccc;display:block;margin-top:4px}pre{white-space:pre-wrap;margin:0;font-size:12px}
.muted{color:#666}`;

/** A self-contained HTML report: inline CSS, screenshots as data: URIs, every text escaped. */
export function renderHtml(m: MatrixResult): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<title>Browser provider certification</title>',
    `<style>${CSS}</style></head><body>`,
    '<h1>Browser provider certification</h1>',
    `<p class="muted">Generated ${h(m.generated_at)} by <code>${h(m.regenerate_command)}</code> · protocol ${h(m.protocol_version)} · ${m.runs} run(s) per browser${h(jobsLabel(m, ' · '))}</p>`,
    matrix(m),
    ...m.browsers.map(details),
    '</body></html>',
    '',
  ].join('\n');
}

function matrix(m: MatrixResult): string {
  const head = `<tr><th>scenario</th>${m.browsers.map((b) => `<th>${h(b.browser)}<br><span class="muted">${h(versionLabel(b))}</span></th>`).join('')}</tr>`;
  const row = (id: string) => {
    const cells = m.browsers.map((b) => {
      const s = b.scenarios.find((x) => x.id === id);
      if (!s) return '<td class="none">not run</td>';
      return `<td class="${cellVerdict(s)}">${h(cell(b, s))}${s.executed ? ` <span class="muted">${h(formatMs(s.median_ms))}</span>` : ''}</td>`;
    });
    return `<tr><td>${h(id)}</td>${cells.join('')}</tr>`;
  };
  const ids = tierRows(m);
  const span = m.browsers.length + 1;
  const block = (name: string, rows: string[]) => (rows.length ? [`<tr><th colspan="${span}">${name}</th></tr>`, ...rows.map(row)] : []);
  const tiers = `<tr><th>tier</th>${m.browsers.map((b) => `<th class="tier-${h(b.tier)}">${h(tierLabel(b))}</th>`).join('')}</tr>`;
  const side = (name: string, rows: string[], pick: (b: BrowserResult) => TierSummary, label: (b: BrowserResult) => string) =>
    rows.length
      ? `<tr><th>${name}</th>${m.browsers.map((b) => `<td class="${pick(b).passed === pick(b).total ? 'pass' : 'fail'}">${h(label(b))}</td>`).join('')}</tr>`
      : '';
  const errorTier = side('errors tier', ids.errors, (b) => b.error_tier, errorTierLabel);
  const optionalTier = side('optional tier', ids.optional, (b) => b.optional_tier, optionalTierLabel);
  const securityTier = side('security tier', ids.security, (b) => b.security_tier ?? { passed: 0, total: 0, executed: 0, failing: [] }, securityTierLabel);
  const ok = `<tr><th>expectations</th>${m.browsers.map((b) => `<td class="${b.ok ? 'pass' : 'fail'}">${h(expectationLabel(b))}</td>`).join('')}</tr>`;
  const body = [...ids.core.map(row), ...block('errors tier', ids.errors), ...block('optional tier', ids.optional), ...block('security tier', ids.security)];
  return `<table>${head}${body.join('')}${tiers}${errorTier}${optionalTier}${securityTier}${ok}</table>`;
}

function details(b: BrowserResult): string {
  const problems = b.problems.length ? `<ul>${b.problems.map((p) => `<li>${h(p)}</li>`).join('')}</ul>` : '';
  const reasons = b.tier_reasons.length ? `<p class="muted">Tier reasons: ${h(b.tier_reasons.join('; '))}</p>` : '';
  return [
    `<h2>${h(b.browser)} — <span class="tier-${h(b.tier)}">${h(tierLabel(b))}</span> · ${h(errorTierLabel(b))} · ${h(optionalTierLabel(b))} · ${h(securityTierLabel(b))}</h2>`,
    `<p>Availability: ${h(b.availability)}${b.availability_detail.length ? ` — ${h(b.availability_detail.join('; '))}` : ''}<br>`,
    `Version: ${h(versionLabel(b))}<br>Command: <code>${h(b.command.join(' '))}</code></p>`,
    reasons,
    problems,
    '<table><tr><th>scenario</th><th>runs</th><th>median</th><th>last page</th></tr>',
    ...b.scenarios.map((s) => scenarioRow(b, s)),
    '</table>',
  ].join('\n');
}

function scenarioRow(b: BrowserResult, s: ScenarioSummary): string {
  const runs = b.runs
    .map((r) => {
      const x = r.scenarios.find((y) => y.id === s.id);
      if (!x) return `<div>run ${r.run}: not run</div>`;
      const why = x.error ? `<pre>${h(x.error)}</pre>` : '';
      const notes = x.notes.length ? `<div class="muted">${h(x.notes.join('; '))}</div>` : '';
      return `<div>run ${r.run}: <b>${h(STATUS_MARK[x.status])}</b> ${h(formatMs(x.duration_ms))}${why}${notes}</div>`;
    })
    .join('');
  const shot = s.screenshot
    ? `<img class="shot" alt="${h(`${b.browser} ${s.id}`)}" src="data:${h(s.screenshot.media_type)};base64,${h(s.screenshot.data_base64)}">`
    : '<span class="muted">none</span>';
  return `<tr class="${cellVerdict(s)}"><td>${h(s.id)}<br><span class="muted">${h(s.title)}</span></td><td>${runs}</td><td>${h(formatMs(s.median_ms))}</td><td>${shot}</td></tr>`;
}
