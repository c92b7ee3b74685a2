import type { Step } from './mcp-agent';
import type { Table } from './report';
import { median } from './stats';
import type { Engine } from './types';

/** One task, once, through one server. */
export interface TaskRun {
  task: string;
  contender: string;
  engine: Engine;
  run: number;
  ok: boolean;
  error?: string | undefined;
  ms: number;
  steps: Step[];
}

/** The target: the same success, and at most this share of Playwright MCP's characters per task. */
export const CHARS_TARGET = 0.3;

const ENGINE_NAME: Record<Engine, string> = { firefox: 'Firefox', chrome: 'Chromium', safari: 'WebKit' };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const med = (xs: number[]) => (xs.length ? median(xs) : NaN);
const short = (tool: string) => tool.replace(/^browser_/, '');

interface Agg {
  runs: number;
  ok: number;
  calls: number;
  chars: number;
  structured: number;
  ms: number;
  last: TaskRun;
}

function agg(rs: TaskRun[]): Agg | undefined {
  const last = rs[rs.length - 1];
  if (last === undefined) return undefined;
  return {
    runs: rs.length,
    ok: rs.filter((r) => r.ok).length,
    calls: med(rs.map((r) => r.steps.length)),
    chars: med(rs.map((r) => sum(r.steps.map((s) => s.chars)))),
    structured: med(rs.map((r) => sum(r.steps.map((s) => s.structured)))),
    ms: med(rs.map((r) => r.ms)),
    last,
  };
}

const f0 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : Math.round(n).toLocaleString('en'));
const pair = (a: string, b: string) => `${a} / ${b}`;

export function mcpTables(results: TaskRun[], pwVersion: string): { tables: Table[]; notes: string[] } {
  const tasks = [...new Set(results.map((r) => r.task))];
  const of = (contender: string, engine: Engine, task: string) => agg(results.filter((r) => r.contender === contender && r.engine === engine && r.task === task));
  const pw = `Playwright MCP ${pwVersion}`;
  const side: Table = {
    title: `Side by side on Chromium: ours / Playwright MCP ${pwVersion}`,
    head: ['task', 'success', 'tool calls', 'chars per task', 'ours ÷ Playwright', 'chars per step', 'time per task (ms)'],
    rows: [],
  };
  const perStep: Table = { title: 'What each step returned (characters, last run)', head: ['task', 'ours', 'Playwright MCP'], rows: [] };
  const verdicts: string[] = [];
  for (const task of tasks) {
    const o = of('ours', 'chrome', task);
    const p = of(pw, 'chrome', task);
    if (o === undefined || p === undefined) continue;
    const ratio = o.chars / p.chars;
    side.rows.push([
      task,
      pair(`${o.ok}/${o.runs}`, `${p.ok}/${p.runs}`),
      pair(f0(o.calls), f0(p.calls)),
      pair(f0(o.chars), f0(p.chars)),
      `${ratio.toFixed(2)}×`,
      pair(f0(o.chars / o.calls), f0(p.chars / p.calls)),
      pair(f0(o.ms), f0(p.ms)),
    ]);
    const steps = (a: Agg) => a.last.steps.map((s) => `${short(s.tool)} ${s.chars}`).join(' · ');
    perStep.rows.push([task, steps(o), steps(p)]);
    const met = o.ok === p.ok && ratio <= CHARS_TARGET;
    verdicts.push(`${task}: ${met ? 'met' : 'missed'} (success ${o.ok}/${o.runs} vs ${p.ok}/${p.runs}, ${ratio.toFixed(2)}× the characters)`);
  }
  const engines: Table = { title: 'Ours on every engine', head: ['engine', 'task', 'success', 'tool calls', 'chars per task', 'chars per step', 'time per task (ms)'], rows: [] };
  for (const engine of ['firefox', 'chrome', 'safari'] as const) {
    for (const task of tasks) {
      const o = of('ours', engine, task);
      if (o === undefined) continue;
      engines.rows.push([ENGINE_NAME[engine], task, `${o.ok}/${o.runs}`, f0(o.calls), f0(o.chars), f0(o.chars / o.calls), f0(o.ms)]);
    }
  }
  // Where the characters went, by kind of call, over every task of the last run on Chromium.
  const spent = (contender: string) => {
    const last = Math.max(...results.filter((r) => r.contender === contender).map((r) => r.run));
    const by = new Map<string, number>();
    for (const r of results.filter((x) => x.contender === contender && x.engine === 'chrome' && x.run === last)) {
      for (const st of r.steps) {
        const kind = st.tool === 'browser_navigate' || st.tool === 'browser_snapshot' || st.tool === 'browser_find' ? short(st.tool) : 'actions';
        by.set(kind, (by.get(kind) ?? 0) + st.chars);
      }
    }
    return [...by].map(([k, n]) => `${k} ${f0(n)}`).join(', ');
  };
  const above = side.rows.filter((r) => Number.parseFloat(r[4] ?? '0') > 1).map((r) => r[0]);
  const structured = tasks.map((t) => of('ours', 'chrome', t)?.structured).filter((n): n is number => n !== undefined);
  const failures = results.filter((r) => !r.ok).map((r) => `${r.contender} on ${ENGINE_NAME[r.engine]}, "${r.task}" (run ${r.run + 1}): ${(r.error ?? '').split('\n')[0]?.slice(0, 200)}`);
  const notes = [
    `Target (equal success, at most ${CHARS_TARGET}× Playwright MCP's characters per task): ${verdicts.join('; ')}.`,
    `Where the characters went (Chromium, every task of the last run): ours — ${spent('ours')}; Playwright MCP — ${spent(pw)}. Our navigation answers hold the page's outline; Playwright MCP's hold a link to it, and the script pays for the page when it calls browser_snapshot to find its next target.`,
    ...(above.length
      ? [`Above 1× (${above.join(', ')}): the script never needed the page's outline there (it went straight to browser_find), so the outline our navigation answer carries is what it paid for, where Playwright MCP's link cost a few lines.`]
      : []),
    `Our answers also carry \`structuredContent\` (the protocol result, for programs; most clients do not show it to the model): a median ${f0(med(structured))} characters of JSON per task on Chromium, not counted above.`,
    'Time per task includes every call the script made and the client\'s JSON work; the browser launch is not in it (each server navigates once, untimed, before the runs). Both servers use the same Chromium binary, headless.',
    ...(failures.length ? [`Failures: ${failures.join('; ')}`] : []),
  ];
  return { tables: [side, perStep, engines], notes };
}
