import type { ReportHead, ReportTail, StepEntry } from './types';

/**
 * The report for people: one HTML file, no script and nothing fetched from anywhere (its screenshots
 * sit beside it in shots/), so it opens offline in any browser. A timeline of steps, each with its
 * thumbnail; a step opens (<details>) to its screenshot with the point marked, its arguments, the
 * answer, the changes on the page, and the console errors and failed requests. Every string the page
 * or the model supplied is escaped.
 */

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (v: unknown): string => esc(JSON.stringify(v, null, 1) ?? '');

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #d8dde3}
h1{font-size:20px;margin:0 0 6px}
.meta{color:#57606a}
.note{margin:8px 0 0;padding:8px 12px;border-radius:6px;background:#fff4ce;border:1px solid #e6c65c}
ol#timeline{list-style:none;margin:0;padding:16px 24px}
li.step{background:#fff;border:1px solid #d8dde3;border-left:4px solid #2da44e;border-radius:6px;margin:0 0 8px}
li.step.err{border-left-color:#cf222e}
summary{display:flex;gap:12px;align-items:center;padding:6px 10px;cursor:pointer}
.thumb{width:160px;height:90px;object-fit:cover;object-position:top;border:1px solid #d8dde3;border-radius:3px;background:#eee;flex:none}
div.thumb{display:flex;align-items:center;justify-content:center;color:#8c959f;font-size:12px}
.n{color:#57606a;min-width:3em}
.name{font-family:ui-monospace,monospace;font-weight:600}
.ms{color:#57606a;margin-left:auto}
.badge{font-size:12px;padding:1px 6px;border-radius:10px;background:#ffebe9;color:#cf222e}
.badge.warn{background:#fff4ce;color:#7d4e00}
.body{padding:8px 12px 12px;border-top:1px solid #eaeef2}
.shot{position:relative;display:inline-block;max-width:100%}
.shot img{max-width:100%;display:block;border:1px solid #d8dde3}
.pt{position:absolute;width:18px;height:18px;margin:-11px 0 0 -11px;border:3px solid #cf222e;border-radius:50%;background:rgba(207,34,46,.25);pointer-events:none}
.pt.to{border-color:#0969da;background:rgba(9,105,218,.25)}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:8px;border-radius:4px;margin:4px 0 10px;max-height:480px;overflow:auto}
h3{font-size:13px;margin:10px 0 0;color:#57606a}
.add{color:#116329}.del{color:#82071e}.chg{color:#7d4e00}
`;

function marker(p: { x: number; y: number }, size: { width: number; height: number }, cls: string, title: string): string {
  // Screenshots are in device pixels and points in CSS pixels: one each in a headless browser (device pixel ratio 1).
  const left = Math.max(0, Math.min(100, (p.x / size.width) * 100));
  const top = Math.max(0, Math.min(100, (p.y / size.height) * 100));
  return `<span class="pt ${cls}" style="left:${left.toFixed(2)}%;top:${top.toFixed(2)}%" title="${esc(title)}"></span>`;
}

function diffHtml(lines: readonly string[]): string {
  return lines.map((l) => `<span class="${l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : 'chg'}">${esc(l)}</span>`).join('\n');
}

function stepHtml(s: StepEntry): string {
  const size = s.screenshot_size !== undefined && s.screenshot_size.width > 0 && s.screenshot_size.height > 0 ? s.screenshot_size : undefined;
  const thumb = s.screenshot !== undefined ? `<img class="thumb" src="${esc(s.screenshot)}" alt="after step ${s.index}">` : `<div class="thumb">${s.screenshot_missing !== undefined ? 'no screenshot' : 'no page change'}</div>`;
  const marks =
    size === undefined
      ? ''
      : [s.point !== undefined ? marker(s.point, size, 'at', `clicked at ${s.point.x}, ${s.point.y}`) : '', s.drag !== undefined ? marker(s.drag.from, size, 'from', 'drag from') + marker(s.drag.to, size, 'to', 'drag to') : ''].join('');
  const problems = s.console_errors.length + s.failed_requests.length;
  const parts = [
    s.screenshot !== undefined ? `<div class="shot"><img src="${esc(s.screenshot)}" alt="screenshot after step ${s.index}" loading="lazy">${marks}</div>` : s.screenshot_missing !== undefined ? `<p>No screenshot: ${esc(s.screenshot_missing)}</p>` : '',
    s.url !== undefined ? `<h3>Page</h3><pre>${esc(s.url)}</pre>` : '',
    s.point !== undefined ? `<h3>Point</h3><pre>${s.point.x}, ${s.point.y}</pre>` : '',
    s.drag !== undefined ? `<h3>Drag</h3><pre>${s.drag.from.x}, ${s.drag.from.y} → ${s.drag.to.x}, ${s.drag.to.y}</pre>` : '',
    `<h3>Arguments</h3><pre>${json(s.args)}</pre>`,
    `<h3>Answer${s.ok ? '' : ' (error)'}</h3><pre class="answer">${esc(s.answer)}</pre>`,
    s.diff !== undefined ? `<h3>Changes on the page</h3><pre class="diff">${s.diff.length > 0 ? diffHtml(s.diff) : 'none'}</pre>` : '',
    s.console_errors.length > 0 ? `<h3>Console errors</h3><pre>${s.console_errors.map((e) => esc(e.text)).join('\n')}</pre>` : '',
    s.failed_requests.length > 0 ? `<h3>Failed requests</h3><pre>${s.failed_requests.map((r) => esc(`${r.method} ${r.url} ${r.status ?? 'failed'}`)).join('\n')}</pre>` : '',
  ];
  return `<li class="step${s.ok ? '' : ' err'}" id="step-${s.index}"><details><summary>${thumb}<span class="n">#${s.index}</span><span class="name">${esc(s.name)}</span>${s.ok ? '' : '<span class="badge">error</span>'}${problems > 0 ? `<span class="badge warn">${problems} console/network</span>` : ''}<span class="ms">${s.ms} ms</span></summary><div class="body">${parts.join('')}</div></details></li>`;
}

export function renderReport(head: ReportHead, steps: readonly StepEntry[], tail: ReportTail): string {
  const total = steps.reduce((n, s) => n + s.ms, 0);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const notes = [
    tail.left_out.steps > 0 ? `${tail.left_out.steps} steps (from step ${tail.left_out.first_step_left_out}) were left out: the report reached its size cap of ${mb(head.cap_bytes)}.` : '',
    tail.left_out.screenshots > 0 ? `${tail.left_out.screenshots} screenshots were left out: the report reached its size cap of ${mb(head.cap_bytes)}.` : '',
    tail.secrets_masked > 0 ? `${tail.secrets_masked} typed ${tail.secrets_masked === 1 ? 'secret is' : 'secrets are'} masked: ${head.masking}.` : '',
  ].filter((n) => n !== '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Session report ${esc(head.started_at)}</title><style>${STYLE}</style></head>
<body><header><h1>Session report</h1>
<div class="meta" id="summary">${head.surface === 'mcp' ? 'MCP tool calls' : 'Protocol calls'} · started ${esc(head.started_at)} · stopped ${esc(tail.stopped_at)} · <span id="step-count">${steps.length}</span> steps · ${total} ms in steps · ${mb(tail.bytes)} of ${mb(head.cap_bytes)}</div>
${notes.map((n) => `<p class="note left-out">${esc(n)}</p>`).join('\n')}
</header>
<ol id="timeline">
${steps.map(stepHtml).join('\n')}
</ol></body></html>
`;
}
