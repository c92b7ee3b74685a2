import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS } from '@browser-provider/chrome';
import { BINARIES } from '../procs';
import { median, timeRuns } from '../stats';
import { StdioProvider } from '../stdio-client';
import type { Engine } from '../types';
import { listed, missed, visibleTargets, type Target } from './oracle';

/**
 * The contenders, all open at once so each page is measured by every one of them back to back: on a
 * shared machine the load moves by the minute, and page-by-page alternation gives each contender the
 * same share of it.
 */

/** One contender's figures on one page. */
export interface Shot {
  chars: number;
  listed: number;
  ms: number;
  /** Target names this snapshot left out (one per missing occurrence). */
  missed?: string[];
  error?: string;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface PageRow {
  name: string;
  /** The oracle's visible named links and buttons on this page (./oracle.ts). */
  oracle: Target[];
  targets: number;
  playwright?: Shot;
  ours: Partial<Record<Engine, Shot>>;
}

/** Timed snapshots per page, after one untimed one (every contender alike). */
export const RUNS = 3;

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0]?.slice(0, 160) ?? '';
const failed = (e: unknown): Shot => ({ chars: Number.NaN, listed: 0, ms: Number.NaN, error: firstLine(e) });

/** Playwright's AI snapshot on Chromium (what Playwright MCP hands a model), and the oracle in the same browser. */
export class PlaywrightSide {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  /** `viewport`: Playwright's own default (1280×720) unless given. */
  static async launch(viewport?: Viewport): Promise<PlaywrightSide> {
    const executablePath = BINARIES.chromium();
    if (!executablePath) throw new Error('Chromium not found');
    const browser = await chromium.launch({ executablePath, args: [...CHROME_ARGS] });
    return new PlaywrightSide(browser, await browser.newPage(viewport ? { viewport } : {}));
  }

  get version(): string {
    return `Playwright on Chromium ${this.browser.version()}`;
  }

  /** Snapshots `url`, then asks the oracle over the same loaded document. */
  async measure(url: string, row: PageRow): Promise<void> {
    try {
      await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      const snap = () => this.page.ariaSnapshot({ mode: 'ai', timeout: 120_000 });
      let text = await snap();
      const times = await timeRuns(RUNS, async () => (text = await snap()));
      row.oracle = await visibleTargets(this.page);
      row.targets = row.oracle.length;
      row.playwright = { chars: text.length, listed: listed(text, row.oracle), ms: median(times), missed: missed(text, row.oracle) };
    } catch (e) {
      row.playwright = failed(e);
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** Ours: `browser-provider serve` over stdio, a default `page.snapshot` per page (mode full). */
export class OurSide {
  private constructor(
    readonly engine: Engine,
    private readonly p: StdioProvider,
    private readonly sid: string,
    readonly version: string,
  ) {}

  /** `viewport`: the engine's own default window unless given (then page.set_viewport, once). */
  static async launch(engine: Engine, viewport?: Viewport): Promise<OurSide> {
    const p = new StdioProvider(engine);
    try {
      const status = await p.call('provider.status', {});
      const sid = String((await p.call('session.ensure', {})).session_id);
      if (viewport) {
        await p.call('page.open', { session_id: sid, url: 'about:blank' });
        await p.call('page.set_viewport', { session_id: sid, ...viewport });
      }
      return new OurSide(engine, p, sid, `ours on ${engine} ${String(status.browser_version ?? '?')}`);
    } catch (e) {
      await p.close();
      throw e;
    }
  }

  async measure(url: string, row: PageRow): Promise<void> {
    try {
      await this.p.call('page.open', { session_id: this.sid, url, timeout_ms: 60_000 });
      const snap = () => this.p.call('page.snapshot', { session_id: this.sid });
      let s = await snap();
      const times = await timeRuns(RUNS, async () => (s = await snap()));
      const text = String(s.text);
      row.ours[this.engine] = { chars: text.length, listed: listed(text, row.oracle), ms: median(times), missed: missed(text, row.oracle) };
    } catch (e) {
      row.ours[this.engine] = failed(e);
    }
  }

  close(): Promise<void> {
    return this.p.close();
  }
}
