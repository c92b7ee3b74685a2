import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { WebKitGtkLauncher } from '@browser-provider/safari';
import { remote } from 'webdriverio';
import { machine, section, writeSection } from './docs';
import { startBenchServer, type BenchServer } from './fixtures';
import { launchRawChromium } from './launch';
import { FULL_BUDGET, refOf, TARGET_BUTTON, TARGET_ROW } from './ours';
import { alternate } from './paired';
import { launchPlaywrightChromium, launchPuppeteer } from './peers';
import { BINARIES } from './procs';
import type { Table } from './report';
import { toConsole } from './report';
import { StdioProvider } from './stdio-client';

/**
 * `pnpm bench --wdio`: WebdriverIO 9, the peer a user of cross-browser WebDriver automation picks,
 * beside ours, Playwright and Puppeteer, side by side in alternation (one call at a time, rotating
 * order) on the same 1,000-row page: click, type, screenshot, and launch to first page.
 *
 * WebdriverIO starts no driver and downloads nothing here: it is pointed at a driver we start
 * (`hostname`/`port` set), chromedriver for Chromium (a BiDi session: webSocketUrl) and
 * WebKitWebDriver for WebKit (classic). Firefox is not measured for it: WebdriverIO opens every
 * session over classic WebDriver HTTP, which Firefox speaks only through geckodriver, and
 * geckodriver is not installed (its npm package downloads the binary, which we do not allow).
 */

const require = createRequire(import.meta.url);
/** A package's version; webdriverio's exports map hides its package.json, so that one is read from disk. */
const version = (pkg: string) =>
  pkg === 'webdriverio'
    ? String((JSON.parse(readFileSync(new URL('../node_modules/webdriverio/package.json', import.meta.url), 'utf8')) as { version: string }).version)
    : String((require(`${pkg}/package.json`) as { version: string }).version);
const ROWS = 1_000;
const TEXTBOX = `#row-${TARGET_ROW} input[type=text]`;
type Wdio = Awaited<ReturnType<typeof remote>>;
type Engine = 'chrome' | 'safari';
type Contenders = Record<string, () => Promise<unknown>>;

interface Row {
  engine: Engine;
  what: 'click' | 'type' | 'screenshot' | 'launch to first page';
  rounds: number;
  medians: Record<string, number>;
}

/** A WebdriverIO session on a driver we started, and how to end both. */
async function openWdio(engine: Engine, url: string): Promise<{ browser: Wdio; close: () => Promise<void> }> {
  if (engine === 'chrome') {
    const raw = await launchRawChromium();
    const port = Number(new URL(raw.url).port);
    const caps = (raw.capabilities as { alwaysMatch: Record<string, unknown> }).alwaysMatch;
    try {
      const browser = await remote({ hostname: '127.0.0.1', port, logLevel: 'error', capabilities: { ...caps, webSocketUrl: true } as WebdriverIO.Capabilities });
      await browser.url(url);
      return { browser, close: async () => void (await browser.deleteSession().catch(() => undefined), await raw.proc.kill()) };
    } catch (e) {
      await raw.proc.kill();
      throw e;
    }
  }
  const launcher = new WebKitGtkLauncher({ xvfb: 'always' });
  const endpoint = await launcher.startDriver(AbortSignal.timeout(120_000));
  const close = async () => {
    await endpoint.kill();
    await launcher.shutdown();
  };
  try {
    // WebKitWebDriver 2.50 has no BiDi: a classic session, as WebdriverIO picks by itself when told.
    const capabilities = { ...launcher.capabilities(), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
    const browser = await remote({ hostname: '127.0.0.1', port: endpoint.port, logLevel: 'error', capabilities });
    await browser.url(url);
    return { browser, close: async () => void (await browser.deleteSession().catch(() => undefined), await close()) };
  } catch (e) {
    await close();
    throw e;
  }
}

async function openOurs(engine: Engine, url: string) {
  const p = new StdioProvider(engine);
  const sid = String((await p.call('session.ensure', {})).session_id);
  await p.call('page.open', { session_id: sid, url });
  const snap = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
  return { p, sid, button: refOf(snap.elements, 'button', TARGET_ROW), textbox: refOf(snap.elements, 'textbox', TARGET_ROW) };
}

/** Click, type and screenshot, every contender open on the same page, in alternation. */
async function actions(engine: Engine, server: BenchServer, rounds: number, log: (s: string) => void): Promise<Row[]> {
  const url = server.catalogUrl(ROWS);
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const ours = await openOurs(engine, url);
    closers.push(() => ours.p.close());
    const wdio = await openWdio(engine, url);
    closers.push(wdio.close);
    const w = wdio.browser;
    const click: Contenders = { ours: () => ours.p.call('page.click', { session_id: ours.sid, element_ref: ours.button }), wdio: () => w.$(TARGET_BUTTON).click() };
    const type: Contenders = {
      ours: () => ours.p.call('page.type', { session_id: ours.sid, element_ref: ours.textbox, text: 'note 1', replace: true }),
      wdio: () => w.$(TEXTBOX).setValue('note 1'),
    };
    const shot: Contenders = { ours: () => ours.p.call('page.screenshot', { session_id: ours.sid }), wdio: () => w.takeScreenshot() };
    const chromium = BINARIES.chromium();
    if (engine === 'chrome' && chromium) {
      const pw = await launchPlaywrightChromium(chromium);
      closers.push(() => pw.close());
      const page = await pw.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const pp = await launchPuppeteer('chrome', chromium);
      closers.push(() => pp.close());
      const ppage = await pp.newPage();
      await ppage.goto(url, { waitUntil: 'load' });
      Object.assign(click, { playwright: () => page.locator(TARGET_BUTTON).click(), puppeteer: () => ppage.click(TARGET_BUTTON) });
      Object.assign(type, { playwright: () => page.locator(TEXTBOX).fill('note 1'), puppeteer: () => ppage.type(TEXTBOX, 'note 1') });
      Object.assign(shot, { playwright: () => page.screenshot(), puppeteer: () => ppage.screenshot() });
    }
    const out: Row[] = [];
    for (const [what, set] of [['click', click], ['type', type], ['screenshot', shot]] as const) {
      for (const f of Object.values(set)) await f(); // warm-up
      const medians = await alternate(rounds, set);
      log(`  wdio/${engine}: ${what}: ${Object.entries(medians).map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(', ')}`);
      out.push({ engine, what, rounds, medians });
    }
    return out;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** Launch to first page: start, open the page loaded, stop; each contender once a round, in alternation. */
async function launches(engine: Engine, server: BenchServer, rounds: number, log: (s: string) => void): Promise<Row> {
  const url = server.catalogUrl(ROWS);
  const set: Contenders = {
    ours: async () => {
      const p = new StdioProvider(engine);
      try {
        const sid = String((await p.call('session.ensure', {})).session_id);
        await p.call('page.open', { session_id: sid, url });
      } finally {
        await p.close();
      }
    },
    wdio: async () => (await openWdio(engine, url)).close(),
  };
  const chromium = BINARIES.chromium();
  if (engine === 'chrome' && chromium) {
    set['playwright'] = async () => {
      const b = await launchPlaywrightChromium(chromium);
      await (await b.newPage()).goto(url, { waitUntil: 'load' });
      await b.close();
    };
    set['puppeteer'] = async () => {
      const b = await launchPuppeteer('chrome', chromium);
      await (await b.newPage()).goto(url, { waitUntil: 'load' });
      await b.close();
    };
  }
  const medians = await alternate(rounds, set);
  log(`  wdio/${engine}: launch to first page: ${Object.entries(medians).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
  return { engine, what: 'launch to first page', rounds, medians };
}

const CONTENDERS = ['ours', 'wdio', 'playwright', 'puppeteer'];
const ENGINE_NAME: Record<Engine, string> = { chrome: 'Chromium', safari: 'WebKit' };

function table(rows: Row[]): Table {
  const ms = (v: number | undefined, what: Row['what']) => (v === undefined ? '–' : v.toFixed(what === 'launch to first page' ? 0 : 1));
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);
  return {
    title: `Side by side with WebdriverIO (${ROWS.toLocaleString('en')}-row page, median ms)`,
    head: ['engine', 'what', 'rounds', ...CONTENDERS, 'ours ÷ wdio', 'ours ÷ playwright', 'ours ÷ puppeteer'],
    rows: rows.map((r) => [
      ENGINE_NAME[r.engine],
      r.what,
      String(r.rounds),
      ...CONTENDERS.map((c) => ms(r.medians[c], r.what)),
      ratio(r.medians['ours'], r.medians['wdio']),
      ratio(r.medians['ours'], r.medians['playwright']),
      ratio(r.medians['ours'], r.medians['puppeteer']),
    ]),
  };
}

export async function wdioBench(argv: string[], log: (s: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--wdio'),
    options: { engines: { type: 'string' }, quick: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
    strict: true,
  });
  const asked = (values.engines ?? 'chrome,safari').split(',').map((e) => ({ chromium: 'chrome', webkit: 'safari' })[e.trim()] ?? e.trim());
  const engines = asked.filter((e): e is Engine => e === 'chrome' || e === 'safari');
  if (asked.includes('firefox')) log('wdio: Firefox is not measured (WebdriverIO needs geckodriver, which is not installed)');
  const rounds = values.quick ? 5 : 15;
  const launchRounds = values.quick ? 2 : 5;
  const versions = { wdio: version('webdriverio'), playwright: version('playwright-core'), puppeteer: version('puppeteer-core') };
  const loadStart = loadavg()[0]?.toFixed(1);
  const started = new Date();
  const server = await startBenchServer();
  const rows: Row[] = [];
  const errors: string[] = [];
  // A phase that fails (a driver that would not start on a loaded machine) is reported, not fatal.
  const phase = async (engine: Engine, name: string, f: () => Promise<Row[]>) => {
    log(`wdio/${engine}: ${name}`);
    try {
      rows.push(...(await f()));
    } catch (e) {
      const msg = `${ENGINE_NAME[engine]} ${name}: ${((e as Error).message.split('\n')[0] ?? 'failed').slice(0, 160)}`;
      log(`  failed: ${msg}`);
      errors.push(msg);
    }
  };
  try {
    for (const engine of engines) {
      await phase(engine, 'click, type, screenshot in alternation', () => actions(engine, server, rounds, log));
      await phase(engine, `launch to first page, ${launchRounds} rounds`, async () => [await launches(engine, server, launchRounds, log)]);
    }
  } finally {
    await server.close();
  }
  const t = table(rows);
  console.log(toConsole(t));
  if (!values.write) return log('docs/benchmarks.md left alone (pass --write to rewrite its WebdriverIO section)');
  writeSection(
    'wdio',
    section(
      'Beside WebdriverIO',
      [
        `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (\`pnpm bench --wdio --write\`).`,
        `WebdriverIO ${versions.wdio}, Playwright ${versions.playwright}, Puppeteer ${versions.puppeteer} and ours on one ${ROWS.toLocaleString('en')}-row catalog page per contender, called in alternation (each round runs every contender once, rotating who goes first; one untimed warm-up call each). Calls: ours \`page.click\`/\`page.type\` (\`replace: true\`) by ref and \`page.screenshot\`; WebdriverIO \`$(selector).click()\`, \`$(selector).setValue()\`, \`browser.takeScreenshot()\`; Playwright \`locator.click()\`, \`locator.fill()\`, \`page.screenshot()\`; Puppeteer \`page.click\`, \`page.type\`, \`page.screenshot()\`. Launch to first page: start the browser (and driver), open the page loaded, stop.`,
      ],
      [t],
      [
        'WebdriverIO is pointed at a driver the bench starts (chromedriver with our Chromium flags, a BiDi session through `webSocketUrl`; WebKitWebDriver with MiniBrowser under a private Xvfb, classic), so it starts and downloads nothing. Playwright and Puppeteer drive only Chromium here (they cannot drive WebKitGTK\'s MiniBrowser).',
        'Firefox is not in the table: WebdriverIO 9 opens every session with classic WebDriver HTTP (`POST /session`) before it upgrades to BiDi, and Firefox speaks that only through geckodriver, which is not installed here (its npm package downloads the binary at run time, which this project does not allow).',
        "Ours' click is a checked click: it hit-tests the target, clicks, then waits for a navigation the click may have started. On WebKit, which lacks the Navigation API, the classic backend waits 60 ms and looks again and releases the input state after every click (see the main section's notes), which is most of its gap to WebdriverIO there.",
        "Ours' launch to first page also starts a `browser-provider serve` process (in the workspace, Node running the TypeScript sources through tsx) and opens a session before the page; the peers run in the bench's own process.",
        ...(errors.length ? [`Not measured in this run: ${errors.map((e) => `\`${e}\``).join('; ')}.`] : []),
        `The machine is shared: other work ran on the same 2 cores (1-minute load average ${loadStart} at the start, ${loadavg()[0]?.toFixed(1)} at the end). Absolute times are noisy; the ratios, from calls made in alternation, are the figures to read.`,
      ],
    ),
  );
  log('wrote the WebdriverIO section of docs/benchmarks.md');
}
