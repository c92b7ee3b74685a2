import type { Table } from '../report';
import { median } from '../stats';
import type { Engine } from '../types';
import type { WidgetRun } from './run';
import type { WidgetTask } from './tasks';

/** One task, once, through one server on one engine. */
export interface Run extends WidgetRun {
  contender: 'ours' | 'playwright';
  engine: Engine;
  run: number;
}

const ENGINE_NAME: Record<Engine, string> = { firefox: 'Firefox', chrome: 'Chromium', safari: 'WebKit' };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const f0 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : Math.round(n).toLocaleString('en'));

interface Agg {
  ok: number;
  runs: number;
  calls: number;
  chars: number;
  ms: number;
}

function agg(rs: Run[]): Agg | undefined {
  if (rs.length === 0) return undefined;
  return {
    ok: rs.filter((r) => r.ok).length,
    runs: rs.length,
    calls: median(rs.map((r) => r.steps.length)),
    chars: median(rs.map((r) => sum(r.steps.map((s) => s.chars)))),
    ms: median(rs.map((r) => r.ms)),
  };
}

const cell = (a: Agg | undefined) => (a === undefined ? ['–', '–', '–', '–'] : [`${a.ok}/${a.runs}`, f0(a.calls), f0(a.chars), f0(a.ms)]);

/**
 * One table: a row per task, for each engine ours ran on and for Playwright MCP on Chromium, success,
 * tool calls, characters and wall time (medians over the runs), and a totals row. The notes name each
 * failure with the answer that stopped it and each missed target with its figure.
 */
export function widgetTables(results: Run[], tasks: WidgetTask[]): { tables: Table[]; notes: string[] } {
  const engines = (['firefox', 'chrome', 'safari'] as const).filter((e) => results.some((r) => r.contender === 'ours' && r.engine === e));
  const hasPw = results.some((r) => r.contender === 'playwright');
  const cols: Array<{ label: string; pick: (task: string) => Run[] }> = [
    ...engines.map((e) => ({ label: `ours ${ENGINE_NAME[e]}`, pick: (t: string) => results.filter((r) => r.contender === 'ours' && r.engine === e && r.task === t) })),
    ...(hasPw ? [{ label: 'Playwright MCP Chromium', pick: (t: string) => results.filter((r) => r.contender === 'playwright' && r.task === t) }] : []),
  ];
  const head = ['task', 'kind', ...cols.flatMap((c) => [`${c.label}: ok`, 'calls', 'chars', 'ms'])];
  const rows = tasks.map((t) => [t.name, t.kind, ...cols.flatMap((c) => cell(agg(c.pick(t.name))))]);
  const totals = cols.flatMap((c) => {
    const as = tasks.map((t) => agg(c.pick(t.name))).filter((a): a is Agg => a !== undefined);
    return [`${sum(as.map((a) => (a.ok === a.runs ? 1 : 0)))}/${as.length} tasks`, f0(sum(as.map((a) => a.calls))), f0(sum(as.map((a) => a.chars))), f0(sum(as.map((a) => a.ms)))];
  });
  rows.push(['total', '', ...totals]);
  const notes: string[] = [];
  const failed = results.filter((r) => !r.ok);
  const seen = new Set<string>();
  for (const f of failed) {
    const key = `${f.contender} ${f.engine} ${f.task}`;
    if (seen.has(key)) continue;
    seen.add(key);
    notes.push(`Failed: ${f.contender === 'ours' ? 'ours' : 'Playwright MCP'} on ${ENGINE_NAME[f.engine]}, "${f.task}": ${(f.error ?? '').replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  if (hasPw && engines.includes('chrome')) {
    const misses: string[] = [];
    const unmatched: string[] = [];
    for (const t of tasks) {
      const o = agg(results.filter((r) => r.contender === 'ours' && r.engine === 'chrome' && r.task === t.name));
      const p = agg(results.filter((r) => r.contender === 'playwright' && r.task === t.name));
      if (!o || !p) continue;
      // A task Playwright MCP failed has no figures to match: its calls and time stop at the failure.
      if (p.ok < p.runs) {
        if (o.ok === o.runs) unmatched.push(`"${t.name}" (${p.ok}/${p.runs})`);
        continue;
      }
      const m: string[] = [];
      if (o.calls > p.calls) m.push(`calls ${f0(o.calls)} > ${f0(p.calls)}`);
      if (o.chars > p.chars) m.push(`chars ${f0(o.chars)} > ${f0(p.chars)}`);
      if (o.ms > p.ms) m.push(`time ${f0(o.ms)} > ${f0(p.ms)} ms`);
      if (m.length) misses.push(`"${t.name}" (${m.join(', ')})`);
    }
    notes.push(misses.length ? `Targets missed on Chromium against Playwright MCP: ${misses.join('; ')}.` : 'Calls, characters and time per task are at most Playwright MCP\'s on every task it passed.');
    if (unmatched.length) notes.push(`Passed by ours on Chromium where Playwright MCP failed, so calls, characters and time are not compared: ${unmatched.join('; ')}.`);
  }
  for (const e of engines) {
    const bad = tasks.filter((t) => results.some((r) => r.contender === 'ours' && r.engine === e && r.task === t.name && !r.ok));
    if (bad.length) notes.push(`Not passed by ours on ${ENGINE_NAME[e]}: ${bad.map((t) => t.name).join('; ')} (reasons above).`);
  }
  const tables: Table[] = [{ title: 'Widget suite: per task and engine (success, tool calls, characters read, wall time ms)', head, rows }];
  const perTool = toolTable(results, cols);
  if (perTool) tables.push(perTool);
  return { tables, notes };
}

/**
 * Where a task's time goes: per tool, the median time of one call (and how many calls) for each
 * column, over every call of every task and run. A task's time is the sum of its calls, so a time
 * miss is read here: which tool, how much slower per call, and how many calls fewer.
 */
function toolTable(results: Run[], cols: Array<{ label: string; pick: (task: string) => Run[] }>): Table | undefined {
  const tools = [...new Set(results.flatMap((r) => r.steps.map((s) => s.tool)))].sort();
  if (tools.length === 0) return undefined;
  const tasks = [...new Set(results.map((r) => r.task))];
  const stepsOf = (c: (typeof cols)[number], tool: string) => tasks.flatMap((t) => c.pick(t)).flatMap((r) => r.steps.filter((s) => s.tool === tool));
  const rows = tools.map((tool) => [
    tool,
    ...cols.flatMap((c) => {
      const steps = stepsOf(c, tool);
      return steps.length ? [f0(median(steps.map((s) => s.ms))), f0(steps.length)] : ['–', '0'];
    }),
  ]);
  return { title: 'Widget suite: median time of one call per tool (ms), and calls made, over every task and run', head: ['tool', ...cols.flatMap((c) => [`${c.label} ms`, 'calls'])], rows };
}
