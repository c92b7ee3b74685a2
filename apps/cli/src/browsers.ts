/** The one place where browser names meet core: each adapter's factory. */
import { withRecycling, type Backend, type RecyclePolicy } from '@browser-provider/core';
import { BROWSERS, type BrowserName } from './browser-names';

export { BROWSERS, type BrowserName };

export interface BackendOptions {
  /** A running browser's endpoint to attach to instead of launching one. */
  attachUrl?: string | undefined;
  /** A Selenium Grid to take browsers from (else BROWSER_PROVIDER_GRID_URL); `capabilities` are merged over the engine's. */
  grid?: { url?: string | undefined; capabilities?: Record<string, unknown> | undefined } | undefined;
  /** The memory backstop's limits (`--recycle-budget-mb`, `--recycle-sessions`); core's PROVIDER_DEFAULTS fill in the rest. */
  recycle?: Pick<RecyclePolicy, 'budgetMb' | 'maxSessions'> | undefined;
  /** Show the browser window (`record`, where a display exists); WebKit shows it whenever DISPLAY is set. */
  headed?: boolean | undefined;
}

/** Imports only the asked-for adapter: `serve --browser firefox` never loads the classic WebDriver stack. */
export async function createBackend(browser: BrowserName, opts: BackendOptions = {}): Promise<Backend> {
  const { createGridBackend, gridFromEnv } = await import('./grid');
  const grid = gridFromEnv(opts.grid?.url, opts.grid?.capabilities);
  if (grid) return createGridBackend(browser, grid);
  const attachUrl = opts.attachUrl ?? process.env.BROWSER_PROVIDER_ATTACH_URL;
  // A browser the user started is theirs: never relaunched behind their back.
  if (attachUrl) return (await backendMaker(browser, attachUrl))();
  return withRecycling(await backendMaker(browser, undefined, opts.headed === true), { ...opts.recycle, log: (m) => process.stderr.write(`browser-provider: ${m}\n`) });
}

async function backendMaker(browser: BrowserName, attachUrl?: string, headed = false): Promise<() => Backend> {
  const a = { ...(attachUrl ? { attachUrl } : {}), ...(headed ? { headed } : {}) };
  switch (browser) {
    case 'firefox': {
      const { createFirefoxBackend } = await import('@browser-provider/firefox');
      return () => createFirefoxBackend(a);
    }
    case 'chrome': {
      const { createChromeBackend } = await import('@browser-provider/chrome');
      return () => createChromeBackend(a);
    }
    case 'safari': {
      const { createSafariBackend } = await import('@browser-provider/safari');
      return () => createSafariBackend({});
    }
  }
}

/** Other names users give the browsers (the engine's or the package's); `browser_preference` takes them too. */
export const BROWSER_ALIASES: Readonly<Record<string, BrowserName>> = { chromium: 'chrome', webkit: 'safari', 'firefox-esr': 'firefox' };

export function parseBrowser(name: string): BrowserName {
  const n = name.trim().toLowerCase();
  const b = BROWSER_ALIASES[n] ?? n;
  if ((BROWSERS as readonly string[]).includes(b)) return b as BrowserName;
  throw new Error(`unknown browser ${JSON.stringify(name)} (expected one of ${BROWSERS.join(', ')}, or all)`);
}

/** What `serve --browser` (and `mcp --browser`) fronts: `auto` (every installed engine) or named engines, the first the default. */
export type BrowserSpec = 'auto' | readonly BrowserName[];

/** `auto`, one name, or a comma-separated list (`firefox,chrome,safari`; aliases allowed, each once). */
export function parseBrowserSpec(value: string): BrowserSpec {
  if (value.trim().toLowerCase() === 'auto') return 'auto';
  const names = value.split(',').map(parseBrowser);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`${twice} is listed twice in ${JSON.stringify(value)}`);
  return names;
}
