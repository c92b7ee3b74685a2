import { createRequire } from 'node:module';
import { CHROME_ARGS } from '@browser-provider/chrome';
import { chromium, type Browser as PlaywrightBrowser } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import type { BenchServer } from './fixtures';
import { TARGET_BUTTON, TARGET_ROW, warmups } from './ours';
import { BINARIES } from './procs';
import { median, timeOnce, timeRuns } from './stats';
import type { Iterations, PeerPage, PeerResult } from './types';

/**
 * What a user would pick instead of us, on the same pages, machine and run: Playwright on Chromium
 * (its AI snapshot is what Playwright MCP hands a model) and Puppeteer on Firefox (over BiDi) and
 * Chromium (over CDP). Browsers are the system ones; nothing is downloaded.
 */

const require = createRequire(import.meta.url);
const version = (pkg: string) => String((require(`${pkg}/package.json`) as { version: string }).version);

const TEXTBOX = `#row-${TARGET_ROW} input[type=text]`;

/** Shared measuring loop: each peer supplies its snapshot, click and type. */
async function loop(
  server: BenchServer,
  rowSets: number[],
  it: Iterations,
  ops: { open(url: string): Promise<void>; snapshot(): Promise<string>; click(): Promise<void>; type(text: string): Promise<void> },
  log: (s: string) => void,
  label: string,
): Promise<PeerPage[]> {
  const pages: PeerPage[] = [];
  for (const rows of rowSets) {
    await ops.open(server.catalogUrl(rows));
    // Warm-up, as for ours. A peer that cannot snapshot on this browser still gets its actions timed.
    let snapshotError: string | undefined;
    let text: string | undefined = await ops.snapshot().catch((e: Error) => {
      snapshotError = e.message.split('\n')[0];
      log(`  ${label}: snapshot unavailable: ${snapshotError}`);
      return undefined;
    });
    for (let i = 1; text !== undefined && i < warmups(it, rows); i++) text = await ops.snapshot();
    const runs = rows >= 5_000 ? it.bigSnapshots : it.snapshots;
    const snapTimes = text === undefined ? [] : await timeRuns(runs, async () => (text = await ops.snapshot()));
    await ops.click();
    const clickTimes = await timeRuns(it.clicks, () => ops.click());
    const typeTimes = await timeRuns(it.types, (i) => ops.type(`note ${i}`));
    const page: PeerPage = { rows, snapshotMs: median(snapTimes), snapshotChars: text?.length ?? Number.NaN, ...(snapshotError ? { snapshotError } : {}), clickMs: median(clickTimes), typeMs: median(typeTimes) };
    log(`  ${label}: ${rows} rows: snapshot ${page.snapshotMs.toFixed(0)} ms / ${page.snapshotChars} chars, click ${page.clickMs.toFixed(1)} ms, type ${page.typeMs.toFixed(1)} ms`);
    pages.push(page);
  }
  return pages;
}

/** Playwright's Chromium: the system binary with our providers' flags. */
export function launchPlaywrightChromium(executablePath: string): Promise<PlaywrightBrowser> {
  return chromium.launch({ executablePath, args: [...CHROME_ARGS] });
}

/** Puppeteer on Firefox (WebDriver BiDi) or Chromium (CDP with our providers' flags). */
export function launchPuppeteer(which: 'firefox' | 'chrome', executablePath: string): Promise<PuppeteerBrowser> {
  return which === 'firefox'
    ? puppeteer.launch({ browser: 'firefox', executablePath, headless: true })
    : puppeteer.launch({ browser: 'chrome', executablePath, headless: true, args: [...CHROME_ARGS] });
}

export async function measurePlaywright(server: BenchServer, rowSets: number[], it: Iterations, log: (s: string) => void): Promise<PeerResult> {
  const out: PeerResult = {
    peer: 'playwright-chromium',
    version: version('playwright-core'),
    snapshotCall: 'page.ariaSnapshot({ mode: "ai" })',
    clickCall: 'locator.click()',
    typeCall: 'locator.fill()',
    pages: [],
  };
  const executablePath = BINARIES.chromium();
  if (!executablePath) return { ...out, error: 'Chromium not found' };
  const browser = await launchPlaywrightChromium(executablePath);
  try {
    const page = await browser.newPage();
    out.version += ` (Chromium ${browser.version()})`;
    out.pages = await loop(
      server,
      rowSets,
      it,
      {
        open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        // Playwright's default 30 s action timeout is not a limit we mean to test; a loaded 2-core
        // machine needs more on 5,000 rows.
        snapshot: () => page.ariaSnapshot({ mode: 'ai', timeout: 180_000 }),
        click: () => page.locator(TARGET_BUTTON).click(),
        type: (text) => page.locator(TEXTBOX).fill(text),
      },
      log,
      'playwright/chromium',
    );
  } catch (e) {
    out.error = (e as Error).message;
    log(`  playwright failed: ${out.error}`);
  } finally {
    await browser.close();
  }
  return out;
}

export async function measurePuppeteer(which: 'firefox' | 'chrome', server: BenchServer, rowSets: number[], it: Iterations, log: (s: string) => void): Promise<PeerResult> {
  const out: PeerResult = {
    peer: which === 'firefox' ? 'puppeteer-firefox' : 'puppeteer-chromium',
    version: version('puppeteer-core'),
    snapshotCall: 'page.accessibility.snapshot()',
    clickCall: 'page.click(selector)',
    typeCall: 'page.type(selector, text)',
    pages: [],
  };
  const executablePath = which === 'firefox' ? BINARIES.firefox() : BINARIES.chromium();
  if (!executablePath) return { ...out, error: `${which} not found` };
  const launched = await timeOnce(() => launchPuppeteer(which, executablePath));
  const browser = launched.value;
  try {
    const page = await browser.newPage();
    out.version += ` (${await browser.version()}, ${which === 'firefox' ? 'BiDi' : 'CDP'})`;
    out.pages = await loop(
      server,
      rowSets,
      it,
      {
        open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        // Puppeteer 24 implements accessibility.snapshot() over CDP only; on Firefox (BiDi) it throws.
        snapshot: async () => JSON.stringify(await page.accessibility.snapshot()),
        click: () => page.click(TARGET_BUTTON),
        type: (text) => page.type(TEXTBOX, text),
      },
      log,
      `puppeteer/${which}`,
    );
  } catch (e) {
    out.error = (e as Error).message;
    log(`  puppeteer/${which} failed: ${out.error}`);
  } finally {
    await browser.close();
  }
  return out;
}
