import { loadavg } from 'node:os';
import { writeSection, writeSvg, machine, section } from './docs';
import { measureBidiFloor } from './floor-bidi';
import { measureWebKitFloor } from './floor-webkit';
import { startBenchServer } from './fixtures';
import { loadRun } from './load';
import { measureOurs } from './ours';
import { installed, parseOptions, USAGE, type BenchOptions } from './options';
import { measurePlaywright, measurePuppeteer } from './peers';
import { profileBidi } from './profile';
import { measurePaired } from './paired';
import { loadTable, oursTable, pairedTable, peersTable, profileTable, ratiosTable, targetsTable, toConsole, type Table } from './report';
import { barChart, type Bar } from './svg';
import { judge, pageOf, TARGET_ROWS } from './targets';
import type { Engine, FloorEngine, Iterations, LoadResult, OurEngine, PairedResult, PeerResult, ProfileResult } from './types';

/**
 * `pnpm bench`: our provider against the raw protocol floor and the peers, one engine at a time so
 * no two browsers compete for the 2 cores, then the load run. A benchmark, not a test: it never
 * fails CI; a missed target is a finding in the report.
 */

const LOAD_AT_START = loadavg()[0]?.toFixed(1);
const log = (s: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}`);

async function micro(opts: ReturnType<typeof parseOptions>, engines: Engine[]) {
  const server = await startBenchServer();
  const ours: OurEngine[] = [];
  const floors: FloorEngine[] = [];
  const profiles: ProfileResult[] = [];
  const peers: PeerResult[] = [];
  const paired: PairedResult[] = [];
  const it = opts.iterations;
  try {
    for (const engine of engines) {
      log(`${engine}: our provider`);
      ours.push(await measureOurs(engine, server, opts.rows, it, log));
      log(`${engine}: raw protocol floor`);
      floors.push(engine === 'safari' ? await measureWebKitFloor(server, opts.rows, it, log) : await measureBidiFloor(engine, server, opts.rows, it, log));
      if (engine !== 'safari') {
        log(`${engine}: profile through a tracing proxy`);
        profiles.push(await profileBidi(engine, server, opts.rows.includes(TARGET_ROWS) ? TARGET_ROWS : (opts.rows[0] as number), opts.quick ? 1 : 3, log));
      }
    }
    if (engines.includes('chrome')) {
      log('peer: Playwright on Chromium');
      peers.push(await measurePlaywright(server, opts.rows, it, log));
      log('peer: Puppeteer on Chromium');
      peers.push(await measurePuppeteer('chrome', server, opts.rows, it, log));
    }
    if (engines.includes('firefox')) {
      log('peer: Puppeteer on Firefox');
      peers.push(await measurePuppeteer('firefox', server, opts.rows, it, log));
    }
    if (opts.rows.includes(TARGET_ROWS)) {
      log('side by side: the targets\' pairs in alternation');
      paired.push(...(await measurePaired(engines, server, TARGET_ROWS, it, log)));
    }
  } finally {
    await server.close();
  }
  return { ours, floors, profiles, peers, paired };
}

function chart(ours: OurEngine[], floors: FloorEngine[], peers: PeerResult[]): string {
  const our = (e: Engine) => pageOf(ours.find((o) => o.engine === e && !o.error)?.pages);
  const peer = (n: PeerResult['peer']) => pageOf(peers.find((p) => p.peer === n)?.pages);
  const floor = (e: Engine) => pageOf(floors.find((f) => f.engine === e)?.pages);
  const engines: Engine[] = ['firefox', 'chrome', 'safari'];
  const nm: Record<Engine, string> = { firefox: 'Firefox', chrome: 'Chromium', safari: 'WebKit' };
  const bars = (list: Array<Bar | undefined>) => list.filter((b): b is Bar => b !== undefined && Number.isFinite(b.value));
  const b = (label: string, value: number | undefined, kind: Bar['kind']): Bar | undefined => (value === undefined ? undefined : { label, value, kind });
  return barChart(`browser-provider vs peers, ${TARGET_ROWS.toLocaleString('en')}-row catalog page`, [
    {
      title: 'Snapshot time (median ms)',
      unit: 'ms',
      bars: bars([
        ...engines.map((e) => b(`ours ${nm[e]} full`, our(e)?.fullMs, 'ours')),
        ...engines.map((e) => b(`ours ${nm[e]} interactive`, our(e)?.interactiveMs, 'ours')),
        b('Playwright ariaSnapshot ai (Chromium)', peer('playwright-chromium')?.snapshotMs, 'peer'),
        b('Puppeteer a11y snapshot (Chromium)', peer('puppeteer-chromium')?.snapshotMs, 'peer'),
        b('Puppeteer a11y snapshot (Firefox)', peer('puppeteer-firefox')?.snapshotMs, 'peer'),
      ]),
    },
    {
      title: 'Snapshot text size (characters)',
      unit: 'chars',
      bars: bars([
        b('ours interactive (Chromium)', our('chrome')?.interactiveChars, 'ours'),
        b('ours full, folded (Chromium)', our('chrome')?.fullChars, 'ours'),
        b('ours full, unfolded (Chromium)', our('chrome')?.fullUnfoldedChars, 'ours'),
        b('Playwright ariaSnapshot ai', peer('playwright-chromium')?.snapshotChars, 'peer'),
      ]),
    },
    {
      title: 'Click latency (median ms)',
      unit: 'ms',
      bars: bars([
        ...engines.flatMap((e) => [b(`ours ${nm[e]} click by ref`, our(e)?.clickMs, 'ours'), b(`raw floor ${nm[e]}`, floor(e)?.clickMs, 'floor')]),
        b('Playwright locator.click (Chromium)', peer('playwright-chromium')?.clickMs, 'peer'),
        b('Puppeteer page.click (Chromium)', peer('puppeteer-chromium')?.clickMs, 'peer'),
        b('Puppeteer page.click (Firefox)', peer('puppeteer-firefox')?.clickMs, 'peer'),
      ]),
    },
  ]);
}

function notes(ours: OurEngine[], peers: PeerResult[], it: Iterations): string[] {
  const out = [
    `Pages: \`/catalog?rows=N\` from a loopback server inside the bench (bench/src/fixtures.ts); each row has a link, a text run, a button, a text input and a labelled checkbox; the button toggles its label and bumps a cart counter, so one click changes two lines. Actions target row 10 (on screen on every page size).`,
    `Our snapshots pass \`max_nodes: 100000\`. The default budget (5,000 nodes) stops a 1,000-row page after about 800 rows, so a default snapshot would be timed on less of the page than the peers see.`,
    `"full text (folded / unfolded)": a default full snapshot folds long runs of like rows ("… 995 more like the 3 above"); \`collapse:false\` writes every row. "diff chars": \`page.snapshot({since_rev})\` after one click on top of a full snapshot, and \`page.click({snapshot:"diff"})\` after a default \`page.snapshot\`.`,
    `Timings are medians of ${it.snapshots} (snapshots; ${it.bigSnapshots} on 5,000 rows), ${it.clicks} (clicks; ${it.floorClicks} for the floor), ${it.types} (types) and ${it.screenshots} (screenshots) runs after warm-up (${it.snapshotWarmups} untimed snapshots, one on 5,000 rows, for ours and each peer alike; one untimed click and type), measured by a client that only JSON-parses each answer (the conformance client also validates with zod, which would bill its own work to the server). Quick runs use fewer.`,
    `Raw floor: Firefox and Chromium launched as our providers launch them (same binary, flags and profile prefs), driven over a bare \`ws\` socket: one \`script.callFunction\` (querySelector, getBoundingClientRect, elementFromPoint at the centre) plus one \`input.performActions\`; WebKit: the same two steps as classic WebDriver Execute Script + Perform Actions against WebKitWebDriver/MiniBrowser under Xvfb.`,
    `Peers: Playwright ${peers.find((p) => p.peer === 'playwright-chromium')?.version ?? '(not run)'} with \`page.ariaSnapshot({mode:"ai"})\`, \`locator.click()\`, \`locator.fill()\`; Puppeteer ${peers.find((p) => p.peer.startsWith('puppeteer'))?.version.split(' ')[0] ?? '(not run)'} with \`page.accessibility.snapshot()\` (size = its JSON), \`page.click(selector)\`, \`page.type(selector, text)\` (Firefox over BiDi, Chromium over CDP). Same system browsers, same flags for Chromium.`,
    `Profile: our server started in attach mode (\`--attach-url\`, \`session.ensure({attach:"require"})\`) against a browser launched as above, through a WebSocket proxy that timestamps every BiDi command; the median of several runs is shown. "Inside" is time when at least one browser command was in flight and "outside" the rest: our core, JSON and stdio, and deliberate waits. Commands may overlap (on Chrome a click's page report travels alongside \`input.performActions\`), so the breakdown per command kind can add up to more than "inside". A click waits for a navigation only when the page's Navigation API saw one start (Firefox and Chromium have it); on WebKit, which lacks it, the classic backend still waits 60 ms and looks again. A BiDi click releases no input state (nothing stays pressed, and neither engine merges separate clicks into a double click); WebKit does merge them (event.detail 1, 2, 3), so the classic backend still releases after every click.`,
    `RSS is VmRSS of the \`browser-provider serve\` process (Node running the prebuilt bundle that \`pnpm build\` / setup writes; from sources through tsx it is ~40 MB more), not of the browser.`,
    `The machine is shared: other work ran on the same 2 cores during this run (1-minute load average ${LOAD_AT_START} at the start, ${loadavg()[0]?.toFixed(1)} at the end), so absolute times are noisy; ratios within one engine and one page size are the figures to read, and a rerun moves single figures by ±30%.`,
  ];
  const clickDiff = ours.flatMap((o) => o.pages.filter((p) => p.clickDiffChars > 4 * Math.max(1, p.diffChars)).map((p) => `${o.engine}/${p.rows}`));
  if (clickDiff.length) {
    out.push(`\`page.click({snapshot:"diff"})\` gave a much larger diff than \`since_rev\` on ${clickDiff.join(', ')}: its after-action snapshot uses the default node budget, so on pages past 5,000 nodes it diffs a truncated snapshot against the previous one (see the report).`);
  }
  return out;
}

async function main(): Promise<void> {
  // `--mcp` is a run of its own (bench/src/mcp.ts): the scripted MCP tasks, ours and Playwright MCP's.
  if (process.argv.includes('--mcp')) return (await import('./mcp')).mcpBench(process.argv.slice(2), log);
  // `--widgets` too (bench/src/widgets/bench.ts): issue 30's widget suite, ours and Playwright MCP's.
  if (process.argv.includes('--widgets')) return (await import('./widgets/bench')).widgetsBench(process.argv.slice(2), log);
  // `--real-pages` too (bench/src/real-pages/run.ts): saved real sites, ours and Playwright's AI snapshot.
  if (process.argv.includes('--real-pages')) return (await import('./real-pages/run')).realPagesBench(process.argv.slice(2), log);
  // `--compare <ref>` too (bench/src/compare/run.ts): the working tree beside another commit, in alternation.
  if (process.argv.some((a) => a === '--compare' || a.startsWith('--compare='))) return (await import('./compare/run')).compareBench(process.argv.slice(2), log);
  // `--wdio` too (bench/src/wdio.ts): WebdriverIO beside ours, Playwright and Puppeteer, in alternation.
  if (process.argv.includes('--wdio')) return (await import('./wdio')).wdioBench(process.argv.slice(2), log);
  const opts = parseOptions(process.argv.slice(2));
  const engines = opts.engines.filter((e) => {
    const ok = installed(e);
    if (!ok) log(`${e}: not installed, skipped`);
    return ok;
  });
  if (engines.length === 0) {
    console.error(`No selected engine is installed.\n${USAGE}`);
    return;
  }
  const started = new Date();
  log(`machine: ${machine()}`);
  if (opts.grid) return gridMain(opts);
  const printed: Table[] = [];

  if (opts.what !== 'load') {
    const { ours, floors, profiles, peers, paired } = await micro(opts, engines);
    const targets = judge(ours, floors, peers, paired);
    const tables = [targetsTable(targets), pairedTable(paired), oursTable(ours, floors), peersTable(peers), ratiosTable(ours, peers), profileTable(profiles, floors)];
    printed.push(...tables);
    if (opts.write) {
      const versions = ours.map((o) => `${o.engine} ${o.version || '?'}`).join(', ');
      writeSvg(chart(ours, floors, peers));
      writeSection(
        'main',
        section(
          'Snapshot, action and memory benchmarks',
          [`Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`, `Browsers: ${versions}. Rows: ${opts.rows.join(', ')}.`, '', '![Snapshot time, size and click latency at 1,000 rows](benchmarks.svg)'],
          tables,
          notes(ours, peers, opts.iterations),
        ),
      );
    }
  }

  if (opts.what !== 'micro') {
    const server = await startBenchServer();
    const results: LoadResult[] = [];
    try {
      for (const engine of engines.filter((e) => e !== 'safari')) {
        log(`${engine}: load run, ${opts.sessions} sessions × ${opts.steps} steps`);
        results.push(await loadRun(engine, server, opts.sessions, opts.steps, log));
      }
    } finally {
      await server.close();
    }
    const table = loadTable(results);
    printed.push(table);
    const errors = results.flatMap((r) => r.firstErrors.map((e) => `${r.engine}: ${e}`));
    if (opts.write && results.length) {
      writeSection(
        'load',
        section(
          'Load run',
          [
            `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`,
            `${opts.sessions} sessions at once on one \`browser-provider serve\` process per engine, each ${opts.steps} steps cycling open → snapshot → click → type → wait on its own page (\`/session?token=…\`). The page prints its token and the cookies it found on arrival, then sets a cookie with its token; every snapshot must show only the session's own token and cookie. Step latency is from request to answer (queueing in the server included); throughput counts answered steps over the span from the first step to the last answer (browser start-up excluded). Safari/WebKit is left out: it runs one browser process per session.`,
          ],
          [table],
          errors.length ? [`First errors: ${errors.map((e) => `\`${e.slice(0, 160)}\``).join('; ')}`] : [],
        ),
      );
    }
  }

  for (const t of printed) console.log(toConsole(t));
  if (opts.write) log(`wrote docs/benchmarks.md${opts.what !== 'load' ? ' and docs/benchmarks.svg' : ''}`);
  else log('docs/benchmarks.md left alone (subset or quick run; pass --write to rewrite it)');
}

/** `--grid`: Chrome here vs through a Selenium Grid, its own section of docs/benchmarks.md. */
async function gridMain(opts: BenchOptions): Promise<void> {
  const { gridBench, gridTable } = await import('./grid');
  const { sessions, steps } = opts;
  const server = await startBenchServer();
  let r;
  try {
    r = await gridBench(server, sessions, steps, log);
  } finally {
    await server.close();
  }
  const table = gridTable(r);
  console.log(toConsole(table));
  if (!opts.write) return log('docs/benchmarks.md left alone (pass --write to rewrite its Grid section)');
  const errors = [r.local, r.grid].flatMap((x) => x.firstErrors).slice(0, 4);
  writeSection(
    'grid',
    section(
      'Through a Selenium Grid',
      [
        `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (\`pnpm bench --grid --write\`).`,
        `The load run's steps (open → snapshot → click → type → wait on each session's own page) on Chrome, ${sessions} sessions × ${steps} steps, twice: launched here by one \`serve --browser chrome\` (one Chromium, a user context per session), and through a Selenium Grid 4.48 hub with one Chromium node on loopback (\`serve --browser chrome --grid-url …\`: a Chromium of its own per session, every BiDi command through the router and the node). The Grid was ready ${(r.gridReadyMs / 1000).toFixed(1)} s after its start. Browser start-up is outside the timed span in both.`,
      ],
      [table],
      [
        `The machine is shared: 1-minute load average ${LOAD_AT_START} at the start, ${loadavg()[0]?.toFixed(1)} at the end. On these 2 cores the Grid run also had ${sessions} browsers and two JVMs where the local run had one browser, so the gap is not the cost of the router and node hops alone; those are not measured apart here.`,
        ...(errors.length ? [`First errors: ${errors.map((e) => `\`${e.slice(0, 160)}\``).join('; ')}`] : []),
      ],
    ),
  );
  log('wrote the Grid section of docs/benchmarks.md');
}

// Ctrl-C or a kill mid-run: exit through process.exit so the 'exit' hooks of the process owner
// (core/host spawnOwned) kill the browsers the floor and profile launched; the servers we
// spawned see their stdin close and stop theirs.
for (const [sig, n] of [['SIGINT', 2], ['SIGTERM', 15]] as const) process.once(sig, () => process.exit(128 + n));

await main();
// Browsers and servers are closed above; leave no handle keeping the process alive.
process.exit(0);
