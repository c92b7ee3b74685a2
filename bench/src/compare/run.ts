import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { machine } from '../docs';
import { startBenchServer, type BenchServer } from '../fixtures';
import { installed } from '../options';
import { FULL_BUDGET, refOf, TARGET_ROW } from '../ours';
import { toConsole, type Table } from '../report';
import { median } from '../stats';
import { StdioProvider } from '../stdio-client';
import { ENGINES, type Engine } from '../types';
import { checkoutRef, hereSide, type Side } from './worktree';

/**
 * `pnpm bench --compare <ref>`: the working tree beside another commit, on the same pages, one engine
 * at a time. Each side is its own CLI (`<bin> serve`, its own browser) over stdio; every round calls
 * each side once, alternating who goes first, so the machine's load moves both alike. A figure's
 * ratio is here ÷ ref of the medians: below 1, here is faster.
 */

const NAMES: Record<Engine, string> = { firefox: 'Firefox', chrome: 'Chromium', safari: 'WebKit' };
/** 20 characters, the typing figure; a different one each round so `replace` has work to do. */
const typed = (i: number) => `note ${String(i % 1000).padStart(3, '0')} abcdefghijk`;

interface Rounds {
  snapshot: number;
  interactive: number;
  click: number;
  press: number;
  type: number;
  screenshot: number;
}
type Figure = keyof Rounds;

interface Row {
  figure: string;
  engine: Engine;
  rows: number;
  here?: number;
  ref?: number;
  /** Rounds in which here took less time than ref, of all rounds. */
  wins?: [number, number];
  error?: string;
}

interface Opened {
  p: StdioProvider;
  sid: string;
  button: string;
  textbox: string;
  text: string;
}

/**
 * Every row written on both sides: a ref from before the outline listed every element by default
 * (6db9cf2) folds like rows into one line, and would be timed writing under 1 % of the text (946 of 248,871 characters at b8a7d9f).
 */
const WHOLE = { ...FULL_BUDGET, collapse: false };

async function open(side: Side, engine: Engine, url: string): Promise<Opened> {
  const p = new StdioProvider(engine, [], [], side.bin);
  try {
    const sid = String((await p.call('session.ensure', {})).session_id);
    await p.call('page.open', { session_id: sid, url });
    const snap = await p.call('page.snapshot', { session_id: sid, ...WHOLE });
    return { p, sid, button: refOf(snap.elements, 'button', TARGET_ROW), textbox: refOf(snap.elements, 'textbox', TARGET_ROW), text: String(snap.text) };
  } catch (e) {
    await p.close();
    throw new Error(`${side.label}: ${(e as Error).message.split('\n')[0]}`);
  }
}

const calls: Record<Figure, (o: Opened, i: number) => Promise<unknown>> = {
  snapshot: (o) => o.p.call('page.snapshot', { session_id: o.sid, ...WHOLE }),
  interactive: (o) => o.p.call('page.snapshot', { session_id: o.sid, ...WHOLE, mode: 'interactive' }),
  click: (o) => o.p.call('page.click', { session_id: o.sid, element_ref: o.button }),
  type: (o, i) => o.p.call('page.type', { session_id: o.sid, element_ref: o.textbox, text: typed(i), replace: true }),
  // A key that scrolls the page, with the diff an agent reads after it: the answer waits for the scroll
  // to come to rest (page-script's scrolling.ts). Down and up in turn, so the page never runs out of room.
  press: (o, i) => o.p.call('page.press', { session_id: o.sid, key: i % 2 === 0 ? 'PageDown' : 'PageUp', snapshot: 'diff' }),
  screenshot: (o) => o.p.call('page.screenshot', { session_id: o.sid }),
};
const LABELS: Record<Figure, string> = {
  snapshot: 'snapshot, full',
  interactive: 'snapshot, interactive',
  click: 'click (ref)',
  type: 'type 20 chars (ref)',
  press: 'press PageDown/Up (diff)',
  screenshot: 'screenshot',
};

/** Both sides, `rounds` times, alternating who goes first; untimed warm-up calls before. */
async function pair(here: Opened, ref: Opened, figure: Figure, rounds: number): Promise<Pick<Row, 'here' | 'ref' | 'wins'>> {
  const f = calls[figure];
  for (let i = 0; i < 2; i++) for (const o of [here, ref]) await f(o, 1000 + i);
  const t = { here: [] as number[], ref: [] as number[] };
  let wins = 0;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? (['here', 'ref'] as const) : (['ref', 'here'] as const);
    const took: Record<string, number> = {};
    for (const who of order) {
      const t0 = performance.now();
      await f(who === 'here' ? here : ref, r);
      took[who] = performance.now() - t0;
      t[who].push(took[who]);
    }
    if ((took['here'] as number) < (took['ref'] as number)) wins++;
  }
  return { here: median(t.here), ref: median(t.ref), wins: [wins, rounds] };
}

async function compareEngine(here: Side, ref: Side, engine: Engine, server: BenchServer, rows: number, rounds: Rounds, log: (s: string) => void): Promise<{ rows: Row[]; sameText: string }> {
  const url = server.catalogUrl(rows);
  const sides: Opened[] = [];
  try {
    if (here.refresh) here.runs = await here.refresh();
    sides.push(await open(here, engine, url));
    sides.push(await open(ref, engine, url));
    const [h, r] = sides as [Opened, Opened];
    const sameText = h.text === r.text ? 'identical' : `differs (${h.text.length} vs ${r.text.length} characters)`;
    const out: Row[] = [];
    for (const figure of Object.keys(rounds) as Figure[]) {
      try {
        const m = await pair(h, r, figure, rounds[figure]);
        log(`  ${NAMES[engine]} ${rows} rows, ${LABELS[figure]}: here ${m.here?.toFixed(1)} ms, ${ref.label} ${m.ref?.toFixed(1)} ms`);
        out.push({ figure: LABELS[figure], engine, rows, ...m });
      } catch (e) {
        out.push({ figure: LABELS[figure], engine, rows, error: (e as Error).message.split('\n')[0] ?? 'failed' });
      }
    }
    return { rows: out, sameText };
  } finally {
    for (const s of sides) await s.p.close();
  }
}

function verdict(r: Row, refLabel: string): string {
  if (r.here === undefined || r.ref === undefined) return '–';
  const x = r.here / r.ref;
  if (Math.abs(x - 1) < 0.03) return 'same (within 3%)';
  return x < 1 ? `here ${(1 / x).toFixed(2)}× faster` : `${refLabel} ${x.toFixed(2)}× faster`;
}

export function compareTable(here: Side, ref: Side, rows: Row[]): Table {
  return {
    title: `here (${here.commit}) vs ${ref.label} (${ref.commit}), side by side`,
    head: ['figure', 'engine', 'rows', 'median here (ms)', `median ${ref.label} (ms)`, 'ratio here ÷ ref', 'rounds here faster', 'faster'],
    rows: rows.map((r) =>
      r.error
        ? [r.figure, NAMES[r.engine], String(r.rows), '–', '–', '–', '–', `failed: ${r.error.slice(0, 100)}`]
        : [r.figure, NAMES[r.engine], String(r.rows), r.here?.toFixed(1) ?? '–', r.ref?.toFixed(1) ?? '–', r.here && r.ref ? `${(r.here / r.ref).toFixed(2)}×` : '–', r.wins ? `${r.wins[0]}/${r.wins[1]}` : '–', verdict(r, ref.label)],
    ),
  };
}

export const COMPARE_USAGE = `pnpm bench --compare <git-ref> [options]
  --engines firefox,chrome,safari   engines (default: every installed one)
  --rows 1000                       catalog sizes (default: 1000)
  --rounds N                        rounds per snapshot figure (default 15; actions take more, screenshots fewer)
  --quick                           a few rounds each (a smoke run)
  --keep                            leave the worktree in place (its path is printed)`;

export async function compareBench(argv: string[], log: (s: string) => void): Promise<void> {
  if (argv.includes('--help')) return void console.log(COMPARE_USAGE);
  const { values } = parseArgs({
    args: argv,
    options: { compare: { type: 'string' }, engines: { type: 'string' }, rows: { type: 'string', default: '1000' }, rounds: { type: 'string' }, quick: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.help || !values.compare) {
    console.log(COMPARE_USAGE);
    return;
  }
  const alias: Record<string, Engine> = { chromium: 'chrome', webkit: 'safari' };
  const engines = (values.engines ? values.engines.split(',').map((e) => alias[e.trim()] ?? (e.trim() as Engine)) : [...ENGINES]).filter((e) => {
    if (!ENGINES.includes(e)) throw new Error(`--engines: unknown engine ${JSON.stringify(e)} (firefox, chrome, safari)`);
    const ok = installed(e);
    if (!ok) log(`${e}: not installed, skipped`);
    return ok;
  });
  const rowSets = values.rows.split(',').map((r) => Number(r.trim()));
  if (rowSets.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--rows: expected positive integers, got ${values.rows}`);
  const n = values.quick ? 3 : values.rounds ? Number(values.rounds) : 15;
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--rounds: expected a positive integer, got ${values.rounds}`);
  // press before click and type: they leave focus in a button or a field, where PageDown does not scroll.
  const rounds: Rounds = { snapshot: n, interactive: n, press: n, click: 2 * n, type: n, screenshot: Math.max(3, Math.ceil(n / 2)) };

  log(`machine: ${machine()}, 1-minute load ${loadavg()[0]?.toFixed(1)}`);
  const ref = await checkoutRef(values.compare, log, values.keep).catch((e: Error) => e);
  if (ref instanceof Error) {
    console.error(ref.message);
    // Nothing to clean up yet; main.ts would exit 0 after a return.
    process.exit(1);
  }
  const server = await startBenchServer();
  const rows: Row[] = [];
  const texts: string[] = [];
  try {
    const here = await hereSide(log);
    log(`here runs its ${here.runs}, ${ref.label} its ${ref.runs}`);
    for (const engine of engines) {
      for (const n of rowSets) {
        log(`${NAMES[engine]}, ${n} rows`);
        try {
          const r = await compareEngine(here, ref, engine, server, n, rounds, log);
          rows.push(...r.rows);
          texts.push(`${NAMES[engine]} ${n} rows: ${r.sameText}`);
        } catch (e) {
          rows.push({ figure: 'all', engine, rows: n, error: (e as Error).message.split('\n')[0] ?? 'failed' });
        }
      }
    }
    console.log(toConsole(compareTable(here, ref, rows)));
    console.log(`Full snapshot text, here vs ${ref.label}: ${texts.join('; ')}.`);
    console.log(`here runs its ${here.runs}, ${ref.label} its ${ref.runs}; 1-minute load at the end ${loadavg()[0]?.toFixed(1)}. Ratio below 1: here is faster.`);
  } finally {
    await server.close();
    if (values.keep) log(`worktree kept: ${ref.bin.replace(/\/apps\/cli\/bin\/.*$/, '')} (remove it with git worktree remove --force)`);
    else ref.remove();
  }
}
