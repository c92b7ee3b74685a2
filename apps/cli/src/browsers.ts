import type { Backend } from '@browser-provider/core';

/** The one place where browser names meet core: each adapter's factory. */
export const BROWSERS = ['firefox', 'chrome', 'safari'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export interface BackendOptions {
  /** A running browser's endpoint to attach to instead of launching one. */
  attachUrl?: string | undefined;
}

/** Imports only the asked-for adapter: `serve --browser firefox` never loads the classic WebDriver stack. */
export async function createBackend(browser: BrowserName, opts: BackendOptions = {}): Promise<Backend> {
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

export function parseBrowser(name: string): BrowserName {
  const n = name.toLowerCase();
  const alias: Record<string, BrowserName> = { chromium: 'chrome', webkit: 'safari', 'firefox-esr': 'firefox' };
  const b = alias[n] ?? n;
  if ((BROWSERS as readonly string[]).includes(b)) return b as BrowserName;
  throw new Error(`unknown browser ${JSON.stringify(name)} (expected one of ${BROWSERS.join(', ')}, or all)`);
}
