import type { Backend } from '@browser-provider/core';
import type { BrowserName } from './browser-names';

/** `--grid-url` / `BROWSER_PROVIDER_GRID_URL`: sessions come from a Selenium Grid instead of a local launch. */
export const GRID_URL_ENV = 'BROWSER_PROVIDER_GRID_URL';
/** `--grid-capabilities` / `BROWSER_PROVIDER_GRID_CAPABILITIES`: JSON merged over each engine's capabilities. */
export const GRID_CAPABILITIES_ENV = 'BROWSER_PROVIDER_GRID_CAPABILITIES';

export interface GridOptions {
  url: string;
  capabilities?: Record<string, unknown> | undefined;
}

/** Reads `--grid-capabilities`: a JSON object (e.g. `{"platformName":"mac","se:name":"agent-1"}`). */
export function parseGridCapabilities(text: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Error(`--grid-capabilities is not JSON: ${(e as Error).message}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('--grid-capabilities must be a JSON object of capabilities');
  return v as Record<string, unknown>;
}

/** Validates the Grid URL (http/https, the hub or router address) and drops a trailing slash. */
export function parseGridUrl(text: string): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new Error(`--grid-url ${JSON.stringify(text)} is not a URL (expected e.g. http://grid-host:4444)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`--grid-url must be http:// or https://, not ${u.protocol}`);
  return u.href.replace(/\/+$/, '');
}

/** The grid settings from flags, else the environment; undefined when neither names a Grid. */
export function gridFromEnv(url: string | undefined, capabilities: Record<string, unknown> | undefined, env: NodeJS.ProcessEnv = process.env): GridOptions | undefined {
  const u = url ?? env[GRID_URL_ENV];
  if (!u) return undefined;
  const capsText = env[GRID_CAPABILITIES_ENV];
  return { url: parseGridUrl(u), capabilities: capabilities ?? (capsText ? parseGridCapabilities(capsText) : undefined) };
}

/** Each engine over the Grid: BiDi through the router's socket for Firefox and Chrome, classic for Safari. */
export async function createGridBackend(browser: BrowserName, grid: GridOptions): Promise<Backend> {
  const { gridBrowserSource, GridClassicBackend } = await import('@browser-provider/grid');
  const options = { url: grid.url, ...(grid.capabilities ? { capabilities: grid.capabilities } : {}) };
  switch (browser) {
    case 'firefox':
      return (await import('@browser-provider/firefox')).createFirefoxBackend({ source: gridBrowserSource(options) });
    case 'chrome':
      return (await import('@browser-provider/chrome')).createChromeBackend({ source: gridBrowserSource(options) });
    case 'safari':
      return new GridClassicBackend((await import('@browser-provider/safari')).safariGridEngine(), options);
  }
}
