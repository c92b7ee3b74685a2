import type { Table } from '../report';
import { ratio } from '../stats';
import type { Engine } from '../types';
import type { PageRow, Shot } from './measure';

/** The real-page tables: totals with the targets, then one row per page. */

/** Issue 30's targets: coverage at least Playwright's, characters at most 0.45× its (the aim stays 0.35×). */
export const TARGETS = { coverage: 1, chars: 0.45, time: 0.5 } as const;

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
const rx = (r: number | undefined) => (r === undefined ? '–' : `${r.toFixed(2)}×`);
const ok = (shot: Shot | undefined): shot is Shot => shot !== undefined && shot.error === undefined;

export interface Totals {
  pages: number;
  targets: number;
  listed: number;
  chars: number;
  ms: number;
}

/**
 * Sums over the pages where both contenders answered (a page either failed on is left out of both
 * sides, and counted in the failures column instead).
 */
export function totals(rows: readonly PageRow[], pick: (r: PageRow) => Shot | undefined, other: (r: PageRow) => Shot | undefined): Totals {
  const t: Totals = { pages: 0, targets: 0, listed: 0, chars: 0, ms: 0 };
  for (const r of rows) {
    const a = pick(r);
    if (!ok(a) || !ok(other(r))) continue;
    t.pages++;
    t.targets += r.targets;
    t.listed += a.listed;
    t.chars += a.chars;
    t.ms += a.ms;
  }
  return t;
}

export function totalsTable(rows: readonly PageRow[], engines: readonly Engine[]): Table {
  const pw = (r: PageRow) => r.playwright;
  const out: string[][] = [];
  for (const e of engines) {
    const ours = (r: PageRow) => r.ours[e];
    const a = totals(rows, ours, pw);
    const b = totals(rows, pw, ours);
    const failed = rows.filter((r) => !ok(r.ours[e])).length;
    const cov = a.targets && b.targets ? a.listed / a.targets / (b.listed / b.targets) : undefined;
    const chars = ratio(a.chars, b.chars);
    const time = ratio(a.ms, b.ms);
    out.push([
      e,
      String(a.pages),
      String(failed),
      String(a.targets),
      `${pct(a.listed, a.targets)} / ${pct(b.listed, b.targets)}`,
      `${a.chars} / ${b.chars}`,
      `${rx(chars)} (${chars !== undefined && chars <= TARGETS.chars ? 'met' : 'missed'})`,
      `${a.ms.toFixed(0)} / ${b.ms.toFixed(0)}`,
      // Playwright's AI snapshot runs on Chromium only: on the other engines the ratio is across engines.
      `${rx(time)} (${time !== undefined && time <= TARGETS.time ? 'met' : 'missed'})`,
      cov === undefined ? '–' : cov >= TARGETS.coverage ? 'met' : 'missed',
    ]);
  }
  return {
    title: 'Real pages: totals, ours / Playwright (targets: coverage ≥ Playwright, chars ≤ 0.35×, time ≤ 0.5×)',
    head: ['engine', 'pages', 'failed', 'targets', 'listed ours / PW', 'chars ours / PW', 'chars ratio', 'snapshot ms ours / PW', 'time ratio', 'coverage'],
    rows: out,
  };
}

/** Each engine's characters ÷ Playwright's to three places, for a note: a table's two places can hide a miss. */
export function charsExact(rows: readonly PageRow[], engines: readonly Engine[]): string {
  return engines.map((e) => {
    const a = totals(rows, (r) => r.ours[e], (r) => r.playwright);
    const b = totals(rows, (r) => r.playwright, (r) => r.ours[e]);
    return `${e} ${b.chars ? (a.chars / b.chars).toFixed(3) : '–'}×`;
  }).join(', ');
}

export function pagesTable(rows: readonly PageRow[], engines: readonly Engine[]): Table {
  const cell = (s: Shot | undefined, targets: number) => (s === undefined ? '–' : s.error ? `failed: ${s.error.slice(0, 60)}` : `${s.chars} ch, ${s.listed}/${targets}, ${s.ms.toFixed(0)} ms`);
  return {
    title: 'Real pages: per page (characters, targets listed / visible named links and buttons, median snapshot ms)',
    head: ['page', 'Playwright (Chromium)', ...engines.map((e) => `ours ${e}`)],
    rows: rows.map((r) => [r.name, cell(r.playwright, r.targets), ...engines.map((e) => cell(r.ours[e], r.targets))]),
  };
}

/**
 * The `n` pages where ours lists the fewest targets against Playwright (per engine, the worst of them),
 * with the names ours leaves out that Playwright lists: where to look for a visibility rule gone wrong.
 */
export function missesTable(rows: readonly PageRow[], engines: readonly Engine[], n: number): Table {
  const gap = (r: PageRow) => Math.max(...engines.map((e) => (ok(r.ours[e]) && ok(r.playwright) ? (r.playwright.listed - r.ours[e].listed) / Math.max(1, r.targets) : 0)));
  const worst = rows.filter((r) => gap(r) > 0).sort((a, b) => gap(b) - gap(a)).slice(0, n);
  const leftOut = (r: PageRow, e: Engine) => {
    const pw = new Set(r.playwright?.missed ?? []);
    const names = (r.ours[e]?.missed ?? []).filter((m) => !pw.has(m));
    return names.length === 0 ? '–' : `${names.length}: ${names.slice(0, 12).map((m) => JSON.stringify(m.slice(0, 30))).join(', ')}${names.length > 12 ? ' …' : ''}`;
  };
  return {
    title: 'Real pages: worst coverage against Playwright, and the names ours leaves out that Playwright lists',
    head: ['page', 'targets', 'PW listed', ...engines.map((e) => `ours ${e}: left out`)],
    rows: worst.map((r) => [r.name, String(r.targets), String(r.playwright?.listed ?? '–'), ...engines.map((e) => leftOut(r, e))]),
  };
}
