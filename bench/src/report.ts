import { ratio } from './stats';
import { pageOf, type TargetResult } from './targets';
import type { FloorEngine, LoadResult, OurEngine, PairedResult, PeerResult, ProfileResult } from './types';

/** Tables shared by the console and docs/benchmarks.md: one model, two renderings. */

export interface Table {
  title: string;
  head: string[];
  rows: string[][];
}

const oneLine = (s: string) => (s.split('\n')[0] ?? '').slice(0, 100);
const ms = (n: number | undefined, d = 0) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(d));
const rx = (r: number | undefined) => (r === undefined ? '–' : `${r.toFixed(2)}×`);
const kchars = (n: number | undefined) => (n === undefined ? '–' : n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : String(n));

export function oursTable(ours: OurEngine[], floors: FloorEngine[]): Table {
  const rows: string[][] = [];
  for (const o of ours) {
    if (o.error) {
      rows.push([o.engine, '–', `failed: ${oneLine(o.error)}`, ...Array(11).fill('')]);
      continue;
    }
    for (const p of o.pages) {
      const f = pageOf(floors.find((x) => x.engine === o.engine)?.pages, p.rows);
      rows.push([
        o.engine,
        String(p.rows),
        ms(p.fullMs),
        ms(p.interactiveMs),
        `${kchars(p.fullChars)} / ${kchars(p.fullUnfoldedChars)}`,
        kchars(p.interactiveChars),
        `${p.interactiveRefs}/${p.actionable}`,
        `${p.diffChars} / ${p.clickDiffChars}`,
        ms(p.clickMs, 1),
        ms(f?.clickMs, 1),
        rx(ratio(p.clickMs, f?.clickMs)),
        ms(p.typeMs, 1),
        ms(p.screenshotMs),
        p.rows === 1_000 ? `${ms(o.rssIdleMb, 0)} → ${ms(o.rssMb, 0)}` : '',
      ]);
    }
  }
  return {
    title: 'Our provider (median ms; text sizes in characters)',
    head: ['engine', 'rows', 'full ms', 'interactive ms', 'full text (folded / unfolded)', 'interactive text', 'refs / actionable', 'diff chars (since_rev / click)', 'click ms', 'floor click ms', 'click ÷ floor', 'type ms', 'screenshot ms', 'server RSS MB (idle → 1 session, page open)'],
    rows,
  };
}

export function peersTable(peers: PeerResult[]): Table {
  const rows: string[][] = [];
  for (const p of peers) {
    if (p.error && p.pages.length === 0) {
      rows.push([p.peer, '–', `failed: ${oneLine(p.error)}`, '', '', '']);
      continue;
    }
    for (const g of p.pages) rows.push([p.peer, String(g.rows), g.snapshotError ? (/CDP/.test(g.snapshotError) ? 'unsupported (needs CDP)' : 'failed (see log)') : ms(g.snapshotMs), Number.isNaN(g.snapshotChars) ? '–' : kchars(g.snapshotChars), ms(g.clickMs, 1), ms(g.typeMs, 1)]);
  }
  return { title: 'Peers (median ms; snapshot size in characters)', head: ['peer', 'rows', 'snapshot ms', 'snapshot chars', 'click ms', 'type ms'], rows };
}

/** Ours ÷ peer, per page size: below 1 means we are faster / smaller. */
export function ratiosTable(ours: OurEngine[], peers: PeerResult[]): Table {
  const rows: string[][] = [];
  const our = (e: string) => ours.find((o) => o.engine === e && !o.error);
  const peer = (n: string) => peers.find((p) => p.peer === n);
  const pairs: Array<[string, string, string]> = [
    ['chrome', 'playwright-chromium', 'Chromium vs Playwright'],
    ['chrome', 'puppeteer-chromium', 'Chromium vs Puppeteer'],
    ['firefox', 'puppeteer-firefox', 'Firefox vs Puppeteer'],
  ];
  for (const [engine, peerName, label] of pairs) {
    const o = our(engine);
    const pr = peer(peerName);
    if (!o || !pr) continue;
    for (const g of pr.pages) {
      const p = pageOf(o.pages, g.rows);
      if (!p) continue;
      rows.push([label, String(g.rows), rx(ratio(p.fullMs, g.snapshotMs)), rx(ratio(p.interactiveMs, g.snapshotMs)), rx(ratio(p.interactiveChars, g.snapshotChars)), rx(ratio(p.clickMs, g.clickMs)), rx(ratio(p.typeMs, g.typeMs))]);
    }
  }
  return {
    title: 'Ratios, ours ÷ peer (below 1: ours is faster or smaller)',
    head: ['comparison', 'rows', 'full snapshot time', 'interactive snapshot time', 'interactive text ÷ peer snapshot', 'click', 'type'],
    rows,
  };
}

export function targetsTable(targets: TargetResult[]): Table {
  const mark = (m: boolean | undefined) => (m === undefined ? '—' : m ? 'met' : 'MISSED');
  return { title: 'Targets (1,000-row page)', head: ['target', 'measured', 'result'], rows: targets.map((t) => [t.target, t.measured, mark(t.met)]) };
}

export function pairedTable(paired: PairedResult[]): Table {
  const peerName: Record<string, string> = { playwright: 'Playwright', puppeteer: 'Puppeteer' };
  const rows = paired.map((r) => {
    if (r.error) return [r.engine, r.what, `failed: ${oneLine(r.error)}`, '', '', '', ''];
    const m = r.medians;
    const peer = Object.keys(m).find((k) => k in peerName);
    const call = r.what === 'snapshot' ? 'full snapshot' : 'click by ref';
    const d = r.what === 'click' ? 1 : 0;
    return [
      r.engine,
      `${call} (${r.rounds} rounds)`,
      ms(m['ours'], d),
      m['floor'] === undefined ? '–' : ms(m['floor'], d),
      peer ? `${peerName[peer]} ${ms(m[peer], d)}` : '–',
      rx(ratio(m['ours'], m['floor'])),
      rx(ratio(m['ours'], peer ? m[peer] : undefined)),
    ];
  });
  return {
    title: 'Side by side (1,000-row page; median ms, the contenders called in alternation)',
    head: ['engine', 'call', 'ours', 'raw floor', 'peer', 'ours ÷ floor', 'ours ÷ peer'],
    rows,
  };
}

export function profileTable(profiles: ProfileResult[], floors: FloorEngine[]): Table {
  const rows: string[][] = [];
  for (const pr of profiles) {
    if (pr.error) {
      rows.push([pr.engine, `failed: ${oneLine(pr.error)}`, '', '', '', '']);
      continue;
    }
    const f = pageOf(floors.find((x) => x.engine === pr.engine)?.pages, pr.rows);
    for (const s of pr.steps) {
      // Commands may overlap (Chrome sends a click's page report alongside performActions): the column
      // is the time at least one was in flight; the breakdown sums each kind on its own.
      const browser = s.totalMs - s.outsideMs;
      const calls = Object.values(s.browserMs).reduce((n, v) => n + v.count, 0);
      const detail = Object.entries(s.browserMs)
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([m, v]) => `${m.replace(/^(script|input|browsingContext)\./, '')}×${v.count} ${v.ms.toFixed(0)}`)
        .join(', ');
      const inPage =
        s.what.includes('(full)') && f?.snapshotInPageMs !== undefined
          ? `${ms(f.snapshotInPageMs)} in page + ${ms((f.snapshotRoundTripMs ?? 0) - f.snapshotInPageMs)} moving its ${((f.snapshotReplyChars ?? 0) / 1e6).toFixed(2)} M-char reply (a bare 1 MiB string: ${ms(f.mibStringMs)})`
          : '';
      rows.push([`${pr.engine}`, s.what, ms(s.totalMs), `${ms(browser)} (${calls} cmds)`, ms(s.outsideMs), inPage ? `${detail}; the op over a bare socket: ${inPage}` : detail]);
    }
  }
  return {
    title: 'Profile: where one call spends its time (1,000-row page; ms)',
    head: ['engine', 'call', 'total', 'inside browser commands', 'outside (core, stdio, waits)', 'breakdown (ms per command kind)'],
    rows,
  };
}

export function loadTable(results: LoadResult[]): Table {
  return {
    title: 'Load run',
    head: ['engine', 'sessions × steps', 'answered', 'failed', 'wrong token', 'wrong cookie (of snapshots seeing a cookie)', 'steps/s', 'p50 ms', 'p95 ms', 'p50 / p95 by method (ms)', 'peak RSS MB'],
    rows: results.map((r) => [r.engine, `${r.sessions} × ${r.stepsPerSession}`, `${r.answered}/${r.expected}`, String(r.failed), String(r.wrongToken), `${r.wrongCookie} (of ${r.cookieSeen})`, r.throughput.toFixed(1), ms(r.p50), ms(r.p95), Object.entries(r.byMethod).map(([m, v]) => `${m.replace('page.', '')} ${ms(v.p50)}/${ms(v.p95)}`).join(', '), ms(r.rssMb, 0)]),
  };
}

export function toConsole(t: Table): string {
  const widths = t.head.map((h, i) => Math.max(h.length, ...t.rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  return [`\n${t.title}`, line(t.head), widths.map((w) => '-'.repeat(w)).join('  '), ...t.rows.map(line)].join('\n');
}

export function toMarkdown(t: Table): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`### ${t.title}`, '', `| ${t.head.map(esc).join(' | ')} |`, `|${t.head.map(() => '---').join('|')}|`, ...t.rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}
