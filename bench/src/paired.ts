import type { BenchServer } from './fixtures';
import { openBidiFloor } from './floor-bidi';
import { FULL_BUDGET, refOf, TARGET_BUTTON, TARGET_ROW, warmups } from './ours';
import { launchPlaywrightChromium, launchPuppeteer } from './peers';
import type { Page as PlaywrightPage } from 'playwright-core';
import { BINARIES } from './procs';
import { median } from './stats';
import { StdioProvider } from './stdio-client';
import type { Engine, Iterations, PairedResult } from './types';

/**
 * Side by side: each target's contenders on one page, called in alternation (every round runs each
 * once, in a rotating order), so a change in the machine's load cannot tilt a ratio the way it can
 * between the phases above, which measure each side minutes apart. Only one call runs at a time;
 * the other browsers sit idle meanwhile.
 */

/** Runs every contender once per round, rotating who goes first; the median per contender. */
export async function alternate(rounds: number, contenders: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> {
  const names = Object.keys(contenders);
  const times = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length] as string;
      const t0 = performance.now();
      await (contenders[name] as () => Promise<unknown>)();
      times.get(name)?.push(performance.now() - t0);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times.get(n) ?? [])]));
}

/** Our server on `url`, with the target row's button ref. */
async function openOurs(engine: Engine, url: string): Promise<{ p: StdioProvider; sid: string; button: string }> {
  const p = new StdioProvider(engine);
  try {
    const sid = String((await p.call('session.ensure', {})).session_id);
    await p.call('page.open', { session_id: sid, url });
    const snap = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
    return { p, sid, button: refOf(snap.elements, 'button', TARGET_ROW) };
  } catch (e) {
    await p.close();
    throw e;
  }
}

type Ours = Awaited<ReturnType<typeof openOurs>>;

/**
 * Opens our server on `url` and runs `body`; everything `body` registers with `defer` (peer browsers,
 * floors) is closed afterwards, last first, and then our server.
 */
async function withOurs<T>(engine: Engine, url: string, body: (ours: Ours, defer: (close: () => Promise<unknown>) => void) => Promise<T>): Promise<T> {
  const ours = await openOurs(engine, url);
  const closers: Array<() => Promise<unknown>> = [() => ours.p.close()];
  try {
    return await body(ours, (close) => closers.push(close));
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

const ourClick = (ours: Ours) => () => ours.p.call('page.click', { session_id: ours.sid, element_ref: ours.button });

/** Our full snapshot beside Playwright's AI snapshot of `page` (the same catalog, always on Chromium), after the warm-ups. */
async function snapshotBesidePlaywright(engine: Engine, ours: Ours, page: PlaywrightPage, rows: number, it: Iterations, log: (s: string) => void): Promise<PairedResult> {
  const snapshot = {
    ours: () => ours.p.call('page.snapshot', { session_id: ours.sid, ...FULL_BUDGET }),
    playwright: () => page.ariaSnapshot({ mode: 'ai', timeout: 180_000 }),
  };
  for (let i = 0; i < warmups(it, rows); i++) for (const f of Object.values(snapshot)) await f();
  const s = await alternate(it.snapshots + 2, snapshot);
  log(`  side by side/${engine}: ${rows} rows: full snapshot ours ${s['ours']?.toFixed(0)} ms, Playwright${engine === 'chrome' ? '' : ' (Chromium)'} ${s['playwright']?.toFixed(0)} ms`);
  return { what: 'snapshot', engine, rows, rounds: it.snapshots + 2, medians: s };
}

async function chromiumPair(server: BenchServer, rows: number, it: Iterations, log: (s: string) => void): Promise<PairedResult[]> {
  const url = server.catalogUrl(rows);
  const executablePath = BINARIES.chromium();
  if (!executablePath) throw new Error('Chromium not found');
  return withOurs('chrome', url, async (ours, defer) => {
    const browser = await launchPlaywrightChromium(executablePath);
    defer(() => browser.close());
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const floor = await openBidiFloor('chrome', url);
    defer(floor.close);

    const snapshot = await snapshotBesidePlaywright('chrome', ours, page, rows, it, log);

    const click = { ours: ourClick(ours), floor: floor.click, playwright: () => page.locator(TARGET_BUTTON).click() };
    for (const f of Object.values(click)) await f();
    const c = await alternate(it.clicks, click);
    log(`  side by side/chrome: ${rows} rows: click ours ${c['ours']?.toFixed(1)} ms, floor ${c['floor']?.toFixed(1)} ms, Playwright ${c['playwright']?.toFixed(1)} ms`);
    return [snapshot, { what: 'click', engine: 'chrome', rows, rounds: it.clicks, medians: c }];
  });
}

/**
 * Firefox: our full snapshot beside Playwright's AI snapshot (Playwright drives only its own patched
 * Firefox, so its snapshot runs on the system Chromium, as in the separate phases), and our click beside
 * Puppeteer's and the floor's.
 */
async function firefoxPair(server: BenchServer, rows: number, it: Iterations, log: (s: string) => void): Promise<PairedResult[]> {
  const url = server.catalogUrl(rows);
  const executablePath = BINARIES.firefox();
  if (!executablePath) throw new Error('Firefox not found');
  const chromium = BINARIES.chromium();
  return withOurs('firefox', url, async (ours, defer) => {
    const out: PairedResult[] = [];
    if (chromium !== undefined) {
      const pwBrowser = await launchPlaywrightChromium(chromium);
      defer(() => pwBrowser.close());
      const pwPage = await pwBrowser.newPage();
      await pwPage.goto(url, { waitUntil: 'load' });
      out.push(await snapshotBesidePlaywright('firefox', ours, pwPage, rows, it, log));
      // Its browser idles from here; closing it now keeps the clicks below on a quieter machine.
      await pwBrowser.close();
    }
    const browser = await launchPuppeteer('firefox', executablePath);
    defer(() => browser.close());
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const floor = await openBidiFloor('firefox', url);
    defer(floor.close);
    const click = { ours: ourClick(ours), floor: floor.click, puppeteer: () => page.click(TARGET_BUTTON) };
    for (const f of Object.values(click)) await f();
    const c = await alternate(it.clicks, click);
    log(`  side by side/firefox: ${rows} rows: click ours ${c['ours']?.toFixed(1)} ms, floor ${c['floor']?.toFixed(1)} ms, Puppeteer ${c['puppeteer']?.toFixed(1)} ms`);
    out.push({ what: 'click', engine: 'firefox', rows, rounds: it.clicks, medians: c });
    return out;
  });
}

export async function measurePaired(engines: Engine[], server: BenchServer, rows: number, it: Iterations, log: (s: string) => void): Promise<PairedResult[]> {
  const out: PairedResult[] = [];
  const run = async (engine: Engine, f: () => Promise<PairedResult[]>) => {
    try {
      out.push(...(await f()));
    } catch (e) {
      const error = (e as Error).message.split('\n')[0] ?? 'failed';
      log(`  side by side/${engine} failed: ${error}`);
      out.push({ what: 'click', engine, rows, rounds: 0, medians: {}, error });
    }
  };
  if (engines.includes('chrome')) await run('chrome', () => chromiumPair(server, rows, it, log));
  if (engines.includes('firefox')) await run('firefox', () => firefoxPair(server, rows, it, log));
  return out;
}
