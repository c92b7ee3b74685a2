import type { ProviderStatus } from '@browser-provider/protocol';
import { BIDI_OPTIONAL_METHODS, bidiEngineFeatures, BidiBackend, resolveAttachUrl, type BidiAdapter, type RemoteBrowserSource } from '@browser-provider/bidi';
import { findExecutable, versionOf } from '@browser-provider/core/host';
import { cdpSend, performanceMetrics } from './cdp';
import { CHROME_MEDIA_FEATURES, chromeEmulateMedia } from './media';
import { chromeScreencast } from './screencast';
import { chromeTypeKeys } from './keys';
import { CHROME_ARGS, CHROME_SEARCH, CHROMEDRIVER_SEARCH, INSTALL_STEPS, launchChrome } from './launch';
import { chromeSetupGuide } from './setup-guide';

export { cdpSend, performanceMetrics } from './cdp';
export { CHROME_ARGS, CHROME_SEARCH, CHROMEDRIVER_SEARCH } from './launch';

export interface ChromeBackendOptions {
  /** Chrome/Chromium binary; else CHROME_PATH, PATH (chromium, chromium-browser, google-chrome), known locations. */
  executablePath?: string;
  /** chromedriver; else CHROMEDRIVER_PATH, PATH, /usr/bin/chromedriver. */
  driverPath?: string;
  /** A BiDi endpoint to attach to (chromedriver or a grid: `ws://host:port[/session]`); else BROWSER_PROVIDER_BIDI_URL. */
  attachUrl?: string;
  /** Extra Chrome flags. */
  args?: string[];
  /** Show the window (a display is needed): `browser-provider record` lets a person act in it. */
  headed?: boolean;
  /** Override of the page script source (tests). */
  pageScript?: () => string;
  /** Take each session's Chrome from here (a Selenium Grid) instead of launching one. */
  source?: RemoteBrowserSource;
}

export function createChromeBackend(options: ChromeBackendOptions = {}): BidiBackend {
  return new BidiBackend(chromeAdapter(options), { ...(options.pageScript ? { pageScript: options.pageScript } : {}), ...(options.source ? { source: options.source } : {}) });
}

function chromeAdapter(options: ChromeBackendOptions): BidiAdapter {
  const attachUrl = resolveAttachUrl(options.attachUrl);
  return {
    info: {
      providerId: 'chrome-bidi',
      providerLabel: 'Chrome (WebDriver BiDi via chromedriver)',
      family: 'chrome',
      browserLabel: 'Chrome',
      engine: { name: 'Blink', automation: 'WebDriver BiDi' },
    },
    launch: (signal, profileDir) => launchChrome({ driverPath: options.driverPath, executablePath: options.executablePath, args: options.args ?? [], profileDir, ...(options.headed ? { headed: true } : {}) }, signal),
    ...(attachUrl ? { attachUrl } : {}),
    attachCapabilities: () => ({ alwaysMatch: { browserName: 'chrome' } }),
    attachSteps: () => [
      'Start chromedriver (or a Selenium Grid 4 node with Chrome): chromedriver --port=9515',
      'Then set BROWSER_PROVIDER_BIDI_URL=ws://127.0.0.1:9515/session',
    ],
    // On a Grid node: the same flags as here, minus the profile (the node's chromedriver makes one).
    remoteCapabilities: () => ({
      browserName: 'chrome',
      'goog:chromeOptions': { args: [...CHROME_ARGS, ...(options.args ?? [])], ...(options.executablePath ? { binary: options.executablePath } : {}) },
    }),
    status: (live) => chromeStatus(options, live),
    // Attached to a driver the user runs, there is nothing to install here: core's guide from status says how to attach.
    ...(attachUrl ? {} : { setupGuide: () => chromeSetupGuide(options) }),
    features: () => bidiEngineFeatures(Boolean(attachUrl)),
    optionalMethods: () => [...BIDI_OPTIONAL_METHODS, 'page.emulate_media'],
    emulateMedia: chromeEmulateMedia,
    screencast: chromeScreencast,
    typeKeys: chromeTypeKeys,
    mediaFeatures: () => CHROME_MEDIA_FEATURES,
    customMethods: () => [cdpSend, performanceMetrics],
    // Chrome 156 (chromedriver 156): a link click's navigationStarted arrives 0–20 ms after
    // input.performActions answers on a loaded 2-core machine; 100 ms leaves margin.
    navigationGraceMs: 100,
    // chromedriver 156 runs a script call alongside input.performActions at no extra cost (a BiDi
    // round trip here is ~10 ms), so a click's page report travels with the dispatch.
    reportAlongsideInput: true,
    // Chromium 156 drags natively from input.performActions: dragstart, dragover, drop, dragend, all trusted.
    nativeDragEvents: true,
    routeHeaderLimits: CHROME_ROUTE_HEADER_LIMITS,
  };
}

/**
 * Chromium 156 (tried through network.continueRequest): it refuses to set these request headers
 * ("Unsafe header"), and its network stack writes the second list after the route, so removing one does
 * nothing. It also refuses X-HTTP-Method(-Override) / X-Method-Override naming CONNECT, TRACE or TRACK;
 * route.list counts such a refusal, as any other the engine makes when answering.
 */
const CHROME_ROUTE_HEADER_LIMITS = {
  // Content-Length, Transfer-Encoding, Keep-Alive, Upgrade, TE and Trailer too, which the schema refuses on every engine.
  unsettable: ['host', 'cookie2', 'set-cookie', 'proxy-*'],
  unremovable: ['host', 'connection', 'user-agent', 'accept-encoding', 'accept-language', 'referer', 'sec-fetch-*'],
} as const;

async function chromeStatus(o: ChromeBackendOptions, live: { running: boolean; version?: string; sessions: number }): Promise<ProviderStatus> {
  const driver = findExecutable({ ...CHROMEDRIVER_SEARCH, explicit: o.driverPath });
  const chrome = findExecutable({ ...CHROME_SEARCH, explicit: o.executablePath });
  const [chromeVersion, driverVersion] = await Promise.all([live.version ?? (chrome ? versionOf(chrome) : undefined), driver ? versionOf(driver) : undefined]);
  const major = (v: string | undefined) => v?.match(/(\d+)\.\d+\.\d+/)?.[1];
  const mismatch = chromeVersion && driverVersion && major(chromeVersion) !== major(driverVersion);
  const diagnostics: ProviderStatus['diagnostics'] = [];
  if (chrome) diagnostics.push({ level: 'info', code: 'browser_found', message: `Chrome at ${chrome}${chromeVersion ? ` (${chromeVersion})` : ''}.` });
  else diagnostics.push({ level: 'error', code: 'browser_missing', message: 'No Chrome/Chromium found (CHROME_PATH, PATH, known locations).', manual_steps: INSTALL_STEPS });
  if (driver) diagnostics.push({ level: 'info', code: 'driver_found', message: `chromedriver at ${driver}${driverVersion ? ` (${driverVersion})` : ''}.` });
  else diagnostics.push({ level: 'error', code: 'driver_missing', message: 'No chromedriver found (CHROMEDRIVER_PATH, PATH, /usr/bin/chromedriver).', manual_steps: INSTALL_STEPS });
  if (mismatch) diagnostics.push({ level: 'warning', code: 'version_mismatch', message: `chromedriver ${major(driverVersion)} does not match Chrome ${major(chromeVersion)}; sessions may fail to start.`, manual_steps: INSTALL_STEPS });
  const ok = Boolean(chrome && driver);
  return {
    availability: ok ? (mismatch ? 'degraded' : 'ready') : 'unavailable',
    browser_detected: Boolean(chrome),
    browser_running: live.running,
    setup_state: ok ? (mismatch ? 'partial' : 'complete') : 'required',
    requires_manual_setup: !ok,
    recommended_browser: 'chromium',
    manual_steps: ok ? [] : INSTALL_STEPS,
    diagnostics,
    sessions: live.sessions,
    ...(chromeVersion ? { browser_version: chromeVersion } : {}),
  };
}
