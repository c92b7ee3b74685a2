/**
 * `pnpm soak --minutes 10 [--browser firefox] [--mcp] [--grid] [--sessions 5] [--calls-per-session 40] [--steps a,b] [--no-write]`: a bounded soak of the real `serve`
 * over stdio, or with `--mcp` of `mcp --http` on loopback (not in CI); `--grid` takes the browsers
 * from a real Selenium Grid on loopback (soak-grid.ts). Five sessions make random valid
 * and invalid calls on the conformance fixture site; every 10 s the server's and its browser's RSS, open descriptors and process count are
 * sampled. Writes the figures (growth per hour by least squares, extrapolated to a day) between the
 * soak markers of docs/reliability.md, and exits 1 if any call went unanswered.
 *
 * `--steps snapshot,click` bisects: the sessions make only the calls of the steps named (MCP tool
 * names, with or without `browser_`; protocol method names such as `page.screenshot`; `invalid:<name>`
 * for that name's invalid calls, `invalid` for all of them), so each family of calls can be soaked alone (`--steps tabs --calls-per-session 3` churns sessions).
 * Each session still opens with a navigation. A run with `--steps` never rewrites docs/reliability.md.
 * On Firefox the parent process is followed on its own: its PSS in every sample, and its memory
 * report's explicit and heap-unclassified at the two snapshots, per hour and per 1,000 calls.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startFixtureServer } from '@browser-provider/conformance';
import { ERROR_CODES } from '@browser-provider/protocol';
import { bundleState } from '../bin/bundle-state.js';
import { startSoakGrid } from './soak-grid';
import { mcpTarget } from './soak-mcp';
import { protocolTarget } from './soak-protocol';
import { breakdownTable, byKind, firefoxMemoryReport, firefoxParent, type Snapshot } from './soak-breakdown';
import { perHour, pssKb, sample, soakFamily, type Sample } from './soak-sample';
import type { Outcome } from './soak-target';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const minutes = Number(arg('minutes', '10'));
const browser = arg('browser', 'firefox');
const STEPS = arg('steps', '') === '' ? undefined : arg('steps', '').split(',').map((x) => x.trim()).filter(Boolean);
const write = !process.argv.includes('--no-write') && STEPS === undefined;
const mcp = process.argv.includes('--mcp');
const SESSIONS = Number(arg('sessions', '5'));
const grid = process.argv.includes('--grid') ? await startSoakGrid(browser, SESSIONS) : undefined;
// Fewer calls per session churn sessions faster: what a per-session leak needs to show in minutes.
const CALLS_PER_SESSION = Number(arg('calls-per-session', '40'));
// Runs of 15 minutes or more are judged after minute 5, as issue 25 asks; shorter ones after minute 1.
const WARM_UP_MIN = Number(arg('warm-up-minutes', minutes >= 15 ? '5' : '1'));
const SAMPLE_MS = 10_000;
const CALL_TIMEOUT_MS = 15_000;

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const DOC = fileURLToPath(new URL('../../../docs/reliability.md', import.meta.url));
const site = await startFixtureServer();
const target = mcp ? await mcpTarget(browser, site.origin, CALL_TIMEOUT_MS, STEPS) : protocolTarget(BIN, browser, site.origin, CALL_TIMEOUT_MS, STEPS);

let stopping = false;
// A soak stopped by hand (Ctrl-C, a timeout's SIGTERM) stops what it started: `mcp --http` and the
// Grid's JVMs do not end with their parent the way `serve` does when its stdin closes.
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.once(sig, () => {
    stopping = true;
    process.stderr.write(`soak: ${sig}, stopping the server${grid ? ' and the Grid' : ''}\n`);
    const stopped = Promise.allSettled([target.end(), grid?.stop(), site.close()]);
    const bound = new Promise((r) => setTimeout(r, 20_000).unref());
    void Promise.race([stopped, bound]).then(() => process.exit(code));
  });
}

const counts = new Map<string, number>();
let answered = 0;
const lost: string[] = [];
const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const PROTOCOL_CODES = new Set<string>(ERROR_CODES);

function count(o: Outcome): void {
  // Calls cut off by the stop are not the server's losses.
  if (stopping) return;
  if (o.lost !== undefined) {
    lost.push(`${o.method}: ${o.lost}`);
    process.stderr.write(`lost: ${o.method}: ${o.lost}\n`);
    return;
  }
  answered++;
  // Over the protocol an error must carry one of the draft's codes; MCP answers carry its own.
  if (!mcp && o.code !== 'ok' && !PROTOCOL_CODES.has(o.code)) lost.push(`${o.method}: off-protocol code ${o.code}`);
  bump(o.method === 'session.ensure' || o.method === 'connect' ? `open ${o.code}` : o.code);
}

const endAt = Date.now() + minutes * 60_000;
async function worker(n: number): Promise<void> {
  let sid: string | undefined;
  let calls = 0;
  while (Date.now() < endAt) {
    // Every CALLS_PER_SESSION calls the session is closed and a new one made: sessions must not leak either.
    if (sid === undefined || calls % CALLS_PER_SESSION === CALLS_PER_SESSION - 1) {
      if (sid !== undefined) count(await target.close(sid));
      const opened = await target.open(`soak-${n}-${calls}`);
      count(opened.outcome);
      calls++;
      sid = opened.sid;
      if (sid === undefined) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
    }
    count(await target.step(sid, Math.random() < 0.75, pick));
    calls++;
  }
  if (sid !== undefined) count(await target.close(sid));
}

const fromBundle = bundleState().fresh;
const startedAt = Date.now();
/** A sample, with the Firefox parent's own PSS on Firefox. */
type SoakSample = Sample & { parentPssMb?: number };
/** A memory snapshot, with the calls answered when it was taken. */
type CallSnapshot = Snapshot & { answered: number };
const samples: SoakSample[] = [];
/** The machine's 1-minute load average at each sample: the soak shares its cores with whatever else runs. */
const loads: number[] = [];
const server = target.pid;
await target.ready();
const sampler = setInterval(() => {
  const s: SoakSample = sample(server, startedAt, grid?.roots() ?? []);
  const parentPid = browser === 'firefox' ? firefoxParent(soakFamily(server, grid?.roots() ?? [])) : undefined;
  if (parentPid !== undefined) s.parentPssMb = pssKb(parentPid) / 1024;
  samples.push(s);
  loads.push(loadavg()[0] ?? 0);
  process.stderr.write(`t=${s.t}s server ${s.serverRssMb.toFixed(0)} MB, all ${s.totalRssMb.toFixed(0)} MB (PSS ${s.totalPssMb.toFixed(0)}), fds ${s.serverFds}/${s.totalFds}, processes ${s.processes}${s.parentPssMb === undefined ? '' : `, Firefox parent PSS ${s.parentPssMb.toFixed(0)} MB`}, answered ${answered}, lost ${lost.length}\n`);
}, SAMPLE_MS);
// Where the memory sits when the fit starts and a minute before the workload ends (still under load).
async function snapshot(): Promise<CallSnapshot> {
  const calls = answered;
  const family = soakFamily(server, grid?.roots() ?? []);
  const t = Math.round((Date.now() - startedAt) / 1000);
  const parts = byKind(family, server);
  const parent = browser === 'firefox' ? firefoxParent(family) : undefined;
  const firefox = parent === undefined ? undefined : await firefoxMemoryReport(parent);
  process.stderr.write(`snapshot at t=${t}s: ${[...parts].map(([k, p]) => `${k} ${p.pssMb.toFixed(0)} MB`).join(', ')}${firefox ? `; Firefox parent explicit ${firefox.explicit.toFixed(0)} MB, resident-unique ${firefox.residentUnique.toFixed(0)} MB` : ''}\n`);
  return { t, parts, answered: calls, ...(firefox ? { firefox } : {}) };
}
const atFit = new Promise<CallSnapshot>((r) => setTimeout(() => r(snapshot()), WARM_UP_MIN * 60_000));
const atEnd = new Promise<CallSnapshot>((r) => setTimeout(() => r(snapshot()), Math.max(WARM_UP_MIN * 60_000 + 30_000, minutes * 60_000 - 60_000)));
await Promise.all(Array.from({ length: SESSIONS }, (_, i) => worker(i)));
const [fitSnap, endSnap] = await Promise.all([atFit, atEnd]);
clearInterval(sampler);
const recycle = await target.recycle().catch(() => undefined);
await target.end();
await grid?.stop();
await site.close();

// Warm-up (launch, JIT, caches, Firefox starting its content processes) is left out of the fit: issue 25
// judges growth after the first 5 minutes. Firefox's first minutes still climb; a fit that starts at
// minute 1 of a 5-minute run reads that climb as a leak (the +1.2 GB/h of the first MCP soak).
// Samples taken once the workload stopped (sessions closing, browsers exiting) are not the steady state.
const steady = samples.filter((s) => s.t >= WARM_UP_MIN * 60 && s.t <= minutes * 60);
/** A row of the figures table: its name, what it reads of a sample, its unit. */
type Row = [string, (s: SoakSample) => number, string];
const rows: Row[] = [
  ['server RSS', (s) => s.serverRssMb, 'MB'],
  ['server + browser RSS (sum of VmRSS; shared pages counted per process)', (s) => s.totalRssMb, 'MB'],
  ['server + browser PSS (sum of Pss)', (s) => s.totalPssMb, 'MB'],
  ['server open fds', (s) => s.serverFds, ''],
  ['server + browser open fds', (s) => s.totalFds, ''],
  ['processes (server + browser)', (s) => s.processes, ''],
  ...(samples.some((s) => s.parentPssMb !== undefined) ? [['Firefox parent process PSS', (s: SoakSample) => s.parentPssMb ?? 0, 'MB'] satisfies Row] : []),
];
const fmt = (n: number) => (Math.abs(n) >= 10 ? n.toFixed(0) : n.toFixed(1));
const first = steady[0];
const last = steady[steady.length - 1];
const table = rows.map(([name, y, unit]) => {
  const slope = perHour(steady, y);
  const lo = Math.min(...steady.map(y));
  const hi = Math.max(...steady.map(y));
  return `| ${name} | ${first ? fmt(y(first)) : '–'} | ${last ? fmt(y(last)) : '–'} | ${fmt(lo)}–${fmt(hi)} | ${fmt(slope)} ${unit}/h | ${fmt(slope * 24)} ${unit} |`;
});
const load = loads.length ? `machine load (1-min average, 2 cores) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}` : 'no load sampled';
const codes = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
const report = [
  `Run: \`pnpm soak --minutes ${minutes} --browser ${browser}${mcp ? ' --mcp' : ''}${grid ? ' --grid' : ''}${STEPS ? ` --steps ${STEPS.join(',')}` : ''}${process.argv.includes('--warm-up-minutes') ? ` --warm-up-minutes ${WARM_UP_MIN}` : ''}${SESSIONS !== 5 ? ` --sessions ${SESSIONS}` : ''}${CALLS_PER_SESSION !== 40 ? ` --calls-per-session ${CALLS_PER_SESSION}` : ''}\` (${target.label}${grid ? `, ${grid.label}` : ''}), ${new Date().toISOString().slice(0, 10)}, ${SESSIONS} sessions, ${samples.length} samples every ${SAMPLE_MS / 1000} s (growth fitted by least squares over the samples after minute ${WARM_UP_MIN}); ${load}.`,
  '',
  `Server: ${fromBundle ? 'the prebuilt bundle (apps/cli/dist), as users run it' : 'TypeScript sources through tsx (no fresh bundle; its RSS is ~40 MB above the bundle\'s)'}. The machine is shared with other work: these are loaded-machine figures.`,
  '',
  `Calls answered: **${answered}**, lost: **${lost.length}**. Recycles: ${recycle === undefined ? 'none reported (no recycle block in provider.status)' : `**${recycle.recycles}** (the current browser served ${recycle.sessions_served} sessions)`}. Answers by outcome: ${codes}.`,
  '',
  `| measure | at ${WARM_UP_MIN} min | at end | range | growth per hour | extrapolated per day |`,
  '|---|---|---|---|---|---|',
  ...table,
  '',
  ...breakdownTable(fitSnap, endSnap),
  ...parentSummary(),
  ...(lost.length ? ['', 'Lost answers:', '', ...lost.slice(0, 20).map((l) => `- ${l}`)] : []),
].join('\n');
console.log(report);

/** The Firefox parent between the two snapshots: PSS and its own report's explicit and heap-unclassified, per hour and per 1,000 calls. */
function parentSummary(): string[] {
  const a = fitSnap.firefox;
  const b = endSnap.firefox;
  const pss = steady.filter((s) => s.parentPssMb !== undefined);
  if (browser !== 'firefox' || pss.length < 2) return [];
  const hours = (endSnap.t - fitSnap.t) / 3600;
  const calls = endSnap.answered - fitSnap.answered;
  const rate = (d: number) => `${d >= 0 ? '+' : ''}${fmt(d)} MB (${fmt(d / hours)} MB/h, ${(calls > 0 ? (d / calls) * 1000 : 0).toFixed(2)} MB per 1,000 calls)`;
  const pa = pss[0]?.parentPssMb ?? 0;
  const pb = pss[pss.length - 1]?.parentPssMb ?? 0;
  return [
    '',
    `Firefox parent, ${calls} calls answered between the snapshots (t=${fitSnap.t}–${endSnap.t} s): PSS ${fmt(pa)} → ${fmt(pb)} MB over the fit (fitted ${fmt(perHour(pss, (s) => s.parentPssMb ?? 0))} MB/h)` +
      (a && b
        ? `; explicit ${fmt(a.explicit)} → ${fmt(b.explicit)}, ${rate(b.explicit - a.explicit)}; heap-unclassified ${fmt(a.heapUnclassified)} → ${fmt(b.heapUnclassified)}, ${rate(b.heapUnclassified - a.heapUnclassified)}; resident-unique ${fmt(a.residentUnique)} → ${fmt(b.residentUnique)}, ${rate(b.residentUnique - a.residentUnique)}.`
        : '; no memory report at both snapshots.'),
  ];
}
if (write) {
  const doc = readFileSync(DOC, 'utf8');
  const key = `${browser}${mcp ? '-mcp' : ''}${grid ? '-grid' : ''}`;
  const begin = `<!-- soak:begin ${key} (written by pnpm soak) -->`;
  const end = `<!-- soak:end ${key} -->`;
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) {
    writeFileSync(DOC, `${doc.slice(0, i + begin.length)}\n${report}\n${doc.slice(j)}`);
  } else {
    // A run with no block of its own yet (a new engine or transport) gets one after the last soak
    // block, rather than throwing its half hour away.
    const last = doc.lastIndexOf('<!-- soak:end ');
    if (last < 0) throw new Error(`${DOC} has no soak markers`);
    const at = doc.indexOf('-->', last) + 3;
    writeFileSync(DOC, `${doc.slice(0, at)}\n\n${begin}\n${report}\n${end}${doc.slice(at)}`);
  }
  console.log('wrote docs/reliability.md');
}
process.exit(lost.length === 0 ? 0 : 1);
