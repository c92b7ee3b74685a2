import { chromium } from 'playwright-core';
import { CHROME_ARGS } from '@browser-provider/chrome';
import { BINARIES } from '../procs';
import { median, timeRuns } from '../stats';
import { StdioProvider } from '../stdio-client';
import type { Engine } from '../types';
import type { CorpusPage } from './corpus';
import { listed, visibleTargets, type Target } from './oracle';
import type { CorpusServer } from './server';

/** One contender's figures on one page. */
export interface Shot {
  chars: number;
  listed: number;
  ms: number;
  error?: string;
}

export interface PageRow {
  name: string;
  /** The oracle's visible named links and buttons on this page (./oracle.ts). */
  oracle: Target[];
  targets: number;
  playwright?: Shot;
  ours: Partial<Record<Engine, Shot>>;
}

/** Timed snapshots per page, after one untimed one (both contenders alike). */
export const RUNS = 3;

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0]?.slice(0, 160) ?? '';

/**
 * Playwright's AI snapshot on Chromium (what Playwright MCP hands a model) and the oracle, in one
 * browser: the oracle runs on the same loaded document, after Playwright's timed snapshots.
 */
export async function measurePlaywright(server: CorpusServer, pages: readonly CorpusPage[], rows: Map<string, PageRow>, log: (s: string) => void): Promise<string> {
  const executablePath = BINARIES.chromium();
  if (!executablePath) throw new Error('Chromium not found');
  const browser = await chromium.launch({ executablePath, args: [...CHROME_ARGS] });
  try {
    const page = await browser.newPage();
    for (const p of pages) {
      const row = rows.get(p.name) as PageRow;
      try {
        await page.goto(server.url(p.name), { waitUntil: 'load', timeout: 60_000 });
        let text = await page.ariaSnapshot({ mode: 'ai', timeout: 120_000 });
        const times = await timeRuns(RUNS, async () => (text = await page.ariaSnapshot({ mode: 'ai', timeout: 120_000 })));
        const targets = await visibleTargets(page);
        row.targets = targets.length;
        row.oracle = targets;
        row.playwright = { chars: text.length, listed: listed(text, targets), ms: median(times) };
      } catch (e) {
        row.playwright = { chars: Number.NaN, listed: 0, ms: Number.NaN, error: firstLine(e) };
        log(`  playwright ${p.name}: ${row.playwright.error}`);
      }
    }
    return `Playwright ${browser.version()}`;
  } finally {
    await browser.close();
  }
}

/** Ours: `browser-provider serve` over stdio, a default `page.snapshot` per page (mode full). */
export async function measureOurs(engine: Engine, server: CorpusServer, pages: readonly CorpusPage[], rows: Map<string, PageRow>, log: (s: string) => void): Promise<string> {
  const p = new StdioProvider(engine);
  try {
    const status = await p.call('provider.status', {});
    const sid = String((await p.call('session.ensure', {})).session_id);
    for (const page of pages) {
      const row = rows.get(page.name) as PageRow;
      try {
        await p.call('page.open', { session_id: sid, url: server.url(page.name), timeout_ms: 60_000 });
        let snap = await p.call('page.snapshot', { session_id: sid });
        const times = await timeRuns(RUNS, async () => (snap = await p.call('page.snapshot', { session_id: sid })));
        const text = String(snap.text);
        row.ours[engine] = { chars: text.length, listed: listed(text, row.oracle), ms: median(times) };
      } catch (e) {
        row.ours[engine] = { chars: Number.NaN, listed: 0, ms: Number.NaN, error: firstLine(e) };
        log(`  ours/${engine} ${page.name}: ${row.ours[engine]?.error}`);
      }
    }
    return `${engine} ${String(status.browser_version ?? '?')}`;
  } finally {
    await p.close();
  }
}
