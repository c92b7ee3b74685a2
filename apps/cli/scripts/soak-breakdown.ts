/**
 * Where a soak's memory sits, taken once the warm-up ends and once more at the end of the workload:
 * PSS per kind of process (the server, a browser's parent, its content processes by type, drivers,
 * X servers), and on Firefox the engine's own memory report of its parent process. The fitted slope
 * says whether memory grew; this says which part did.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { commandLine } from '@browser-provider/core/host';
import { pssKb } from './soak-sample';

export interface Part {
  processes: number;
  pssMb: number;
}

/** A process's command name from /proc, or undefined once it has exited. */
export function commOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** What kind of process `pid` is: its command name (Firefox and Chromium name their helper processes). */
export function kindOf(pid: number, server: number): string | undefined {
  if (pid === server) return 'server';
  const comm = commOf(pid);
  if (comm === undefined) return undefined; // exited since the family was listed
  // Chromium's helpers all share its name; their --type tells them apart.
  const type = commandLine(pid)?.find((a) => a.startsWith('--type='));
  return type ? `${comm} ${type.slice('--type='.length)}` : comm;
}

/** PSS by kind of process over `family`. */
export function byKind(family: number[], server: number): Map<string, Part> {
  const out = new Map<string, Part>();
  for (const pid of family) {
    const k = kindOf(pid, server);
    if (k === undefined) continue;
    const part = out.get(k) ?? { processes: 0, pssMb: 0 };
    part.processes++;
    part.pssMb += pssKb(pid) / 1024;
    out.set(k, part);
  }
  return out;
}

/** The Firefox parent among `family`: a firefox process that is not a content process. */
export function firefoxParent(family: number[]): number | undefined {
  return family.find((pid) => {
    const argv = commandLine(pid) ?? [];
    return /firefox/.test(argv[0] ?? '') && !argv.includes('-contentproc');
  });
}

/** The figures of a memory report that tell a leak's kind apart, for the parent process, in MB. */
export interface FirefoxReport {
  explicit: number;
  heapAllocated: number;
  heapUnclassified: number;
  windowObjects: number;
  detachedWindows: number;
  jsNonWindow: number;
  residentUnique: number;
  /** `explicit` of every other process the report covers (heap-unclassified included): the sum of `childrenByArea`. */
  childrenExplicit: number;
  /** That, by area (`explicit/<area>`, heap-unclassified derived per process), summed over the other processes. */
  childrenByArea: Record<string, number>;
}

interface Entry {
  process: string;
  path: string;
  kind: number;
  units: number;
  amount: number;
}

const KIND_HEAP = 1;
const KIND_OTHER = 2;
const UNITS_BYTES = 0;

/** Sums the parent's (and the children's) figures out of a parsed memory report. */
export function summarize(reports: Entry[]): FirefoxReport {
  const mb = (n: number) => n / 1048576;
  const r: FirefoxReport = { explicit: 0, heapAllocated: 0, heapUnclassified: 0, windowObjects: 0, detachedWindows: 0, jsNonWindow: 0, residentUnique: 0, childrenExplicit: 0, childrenByArea: {} };
  let heapNamed = 0;
  const childHeap = new Map<string, { allocated: number; named: number }>();
  const addArea = (area: string, n: number) => (r.childrenByArea[area] = (r.childrenByArea[area] ?? 0) + n);
  for (const e of reports) {
    if (e.units !== UNITS_BYTES) continue;
    const parent = e.process.startsWith('Main Process');
    const explicit = e.path.startsWith('explicit/') && e.kind !== KIND_OTHER;
    if (!parent) {
      const h = childHeap.get(e.process) ?? { allocated: 0, named: 0 };
      childHeap.set(e.process, h);
      if (e.path === 'heap-allocated') h.allocated += mb(e.amount);
      if (explicit) {
        if (e.kind === KIND_HEAP) h.named += mb(e.amount);
        addArea(e.path.split('/').slice(0, 2).join('/'), mb(e.amount));
      }
      continue;
    }
    if (explicit) {
      r.explicit += mb(e.amount);
      if (e.kind === KIND_HEAP) heapNamed += mb(e.amount);
      if (e.path.startsWith('explicit/window-objects/')) r.windowObjects += mb(e.amount);
      if (e.path.startsWith('explicit/window-objects/') && e.path.includes('/detached/')) r.detachedWindows += mb(e.amount);
      if (e.path.startsWith('explicit/js-non-window/')) r.jsNonWindow += mb(e.amount);
    }
    if (e.path === 'heap-allocated') r.heapAllocated += mb(e.amount);
    if (e.path === 'resident-unique') r.residentUnique += mb(e.amount);
  }
  // As about:memory derives it: heap the reporters did not name is part of explicit.
  r.heapUnclassified = Math.max(0, r.heapAllocated - heapNamed);
  r.explicit += r.heapUnclassified;
  for (const h of childHeap.values()) {
    const unclassified = Math.max(0, h.allocated - h.named);
    addArea('explicit/heap-unclassified', unclassified);
  }
  r.childrenExplicit = Object.values(r.childrenByArea).reduce((a, b) => a + b, 0);
  return r;
}

/** The directory Firefox writes its reports to: its own TMPDIR, else the system's. */
function reportDir(pid: number): string {
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const t = env.find((v) => v.startsWith('TMPDIR='));
    if (t) return t.slice('TMPDIR='.length);
  } catch {
    // unreadable: fall back
  }
  return process.env.TMPDIR ?? tmpdir();
}

/** glibc's SIGRTMIN (two real-time signals are its own): Firefox dumps about:memory's report on it. */
const SIGRTMIN = 34;

/**
 * Asks the Firefox parent `pid` for a memory report (Linux: SIGRTMIN, as about:memory's "Save"
 * does) and sums it; undefined if none was written within `timeoutMs`.
 */
export async function firefoxMemoryReport(pid: number, timeoutMs = 90_000): Promise<FirefoxReport | undefined> {
  const dir = reportDir(pid);
  const since = Date.now();
  // `unified-memory-report-<stamp>-<pid>.json.gz`, written whole and renamed into place.
  const mine = (f: string) => /^(unified-)?memory-report-/.test(f) && f.endsWith(`-${pid}.json.gz`);
  try {
    process.kill(pid, SIGRTMIN);
  } catch {
    return undefined;
  }
  while (Date.now() - since < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1000));
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter(mine);
    } catch {
      return undefined;
    }
    // A file can go between listing and stat (the other snapshot read and removed it).
    const fresh = files.map((f) => join(dir, f)).find((f) => (statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= since - 1000);
    if (fresh === undefined) continue;
    try {
      const parsed = JSON.parse(gunzipSync(readFileSync(fresh)).toString('utf8')) as { reports: Entry[] };
      rmSync(fresh, { force: true });
      return summarize(parsed.reports);
    } catch {
      // still being written (Firefox renames the finished file into place; this is a guard)
    }
  }
  return undefined;
}

export interface Snapshot {
  t: number;
  parts: Map<string, Part>;
  firefox?: FirefoxReport;
}

const fmt = (n: number) => n.toFixed(0);

/** Markdown: PSS by kind of process at `a` and `b`, then the Firefox parent's report, if both had one. */
export function breakdownTable(a: Snapshot, b: Snapshot): string[] {
  const kinds = [...new Set([...a.parts.keys(), ...b.parts.keys()])].sort(
    (x, y) => (b.parts.get(y)?.pssMb ?? 0) - (b.parts.get(x)?.pssMb ?? 0),
  );
  const cell = (p: Part | undefined) => (p ? `${fmt(p.pssMb)} (${p.processes})` : '–');
  const lines = [
    `Where the memory was, by kind of process: PSS MB (processes) at ${Math.round(a.t / 60)} min and at the end of the workload (${Math.round(b.t / 60)} min).`,
    '',
    '| process | PSS at start of the fit | PSS at end | change |',
    '|---|---|---|---|',
    ...kinds.map((k) => `| ${k} | ${cell(a.parts.get(k))} | ${cell(b.parts.get(k))} | ${fmt((b.parts.get(k)?.pssMb ?? 0) - (a.parts.get(k)?.pssMb ?? 0))} |`),
  ];
  if (a.firefox && b.firefox) {
    const rows: Array<[string, Exclude<keyof FirefoxReport, 'childrenByArea'>]> = [
      ['explicit (heap and mappings the parent allocated)', 'explicit'],
      ['heap-allocated', 'heapAllocated'],
      ['of which heap no reporter named (heap-unclassified)', 'heapUnclassified'],
      ['window-objects', 'windowObjects'],
      ['of which detached windows', 'detachedWindows'],
      ['js-non-window', 'jsNonWindow'],
      ['resident-unique (pages only the parent maps)', 'residentUnique'],
      ['explicit (named and heap-unclassified), every other process', 'childrenExplicit'],
    ];
    const fa = a.firefox;
    const fb = b.firefox;
    lines.push(
      '',
      "Firefox's own memory report of its parent process (SIGRTMIN, as about:memory saves one), MB:",
      '',
      '| figure | at start of the fit | at end | change |',
      '|---|---|---|---|',
      ...rows.map(([name, k]) => `| ${name} | ${fmt(fa[k])} | ${fmt(fb[k])} | ${fmt(fb[k] - fa[k])} |`),
    );
    // Where the other processes' explicit memory changed most, by area.
    const areas = [...new Set([...Object.keys(fa.childrenByArea), ...Object.keys(fb.childrenByArea)])]
      .map((k) => ({ k, a: fa.childrenByArea[k] ?? 0, b: fb.childrenByArea[k] ?? 0 }))
      .sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a))
      .slice(0, 6);
    if (areas.length > 0) {
      lines.push(
        '',
        'The other processes (content, extensions, utility) together, the areas that changed most, MB:',
        '',
        '| area | at start of the fit | at end | change |',
        '|---|---|---|---|',
        ...areas.map(({ k, a: x, b: y }) => `| ${k} | ${fmt(x)} | ${fmt(y)} | ${fmt(y - x)} |`),
      );
    }
  } else if (a.firefox || b.firefox) {
    lines.push('', "Firefox's memory report: only one of the two was written in time, so no change is given.");
  }
  return lines;
}
