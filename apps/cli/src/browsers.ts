import type { Backend } from '@browser-provider/core';

/** The one place where browser names meet core: each adapter's factory. */
export const BROWSERS = ['firefox', 'chrome', 'safari'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export interface BackendOptions {
  /** A running browser's endpoint to attach to instead of launching one. */
  attachUrl?: string | undefined;
  /** A Selenium Grid to take browsers from (else BROWSER_PROVIDER_GRID_URL); `capabilities` are merged over the engine's. */
  grid?: { url?: string | undefined; capabilities?: Record<string, unknown> | undefined } | undefined;
}

/** Imports only the asked-for adapter: `serve --browser firefox` never loads the classic WebDriver stack. */
export async function createBackend(browser: BrowserName, opts: BackendOptions = {}): Promise<Backend> {
  const { createGridBackend, gridFromEnv } = await import('./grid');
  const grid = gridFromEnv(opts.grid?.url, opts.grid?.capabilities);
  if (grid) return createGridBackend(browser, grid);
  const attachUrl = opts.attachUrl ?? process.env.BROWSER_PROVIDER_ATTACH_URL;
  switch (browser) {
    case 'firefox':
      return (await import('@browser-provider/firefox')).createFirefoxBackend(attachUrl ? { attachUrl } : {});
    case 'chrome':
      return (await import('@browser-provider/chrome')).createChromeBackend(attachUrl ? { attachUrl } : {});
    case 'safari':
      return (await import('@browser-provider/safari')).createSafariBackend({});
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
