import type { ProviderStatus } from '@browser-provider/protocol';
import { BIDI_OPTIONAL_METHODS, bidiEngineFeatures, BidiBackend, resolveAttachUrl, type BidiAdapter, type RemoteBrowserSource } from '@browser-provider/bidi';
import { findExecutable, versionOf } from '@browser-provider/core/host';
import { installExtension } from './extension';
import { FIREFOX_SEARCH, INSTALL_STEPS, launchFirefox } from './launch';
import { FIREFOX_PREFS } from './prefs';
import { firefoxSetupGuide } from './setup-guide';

export { FIREFOX_PREFS, userJs } from './prefs';
export { FIREFOX_SEARCH } from './launch';
export { installExtension } from './extension';

export interface FirefoxBackendOptions {
  /** Firefox binary; else FIREFOX_PATH, PATH (firefox-esr, firefox), known locations. */
  executablePath?: string;
  /** BiDi endpoint of a Firefox the user started (`ws://host:port[/session]`); else BROWSER_PROVIDER_BIDI_URL. */
  attachUrl?: string;
  /** Extra command-line arguments. */
  args?: string[];
  /** Show the window (a display is needed): `browser-provider record` lets a person act in it. */
  headed?: boolean;
  /** Override of the page script source (tests). */
  pageScript?: () => string;
  /** Take each session's Firefox from here (a Selenium Grid) instead of launching one. */
  source?: RemoteBrowserSource;
}

export function createFirefoxBackend(options: FirefoxBackendOptions = {}): BidiBackend {
  return new BidiBackend(firefoxAdapter(options), { ...(options.pageScript ? { pageScript: options.pageScript } : {}), ...(options.source ? { source: options.source } : {}) });
}

function firefoxAdapter(options: FirefoxBackendOptions): BidiAdapter {
  const attachUrl = resolveAttachUrl(options.attachUrl);
  return {
    info: {
      providerId: 'firefox-bidi',
      providerLabel: 'Firefox (WebDriver BiDi)',
      family: 'firefox',
      browserLabel: 'Firefox',
      engine: { name: 'Gecko', automation: 'WebDriver BiDi' },
    },
    launch: (signal, profileDir) => launchFirefox(options.executablePath, options.args ?? [], signal, profileDir, options.headed),
    ...(attachUrl ? { attachUrl } : {}),
    attachCapabilities: () => ({}),
    attachSteps: () => [
      'Start Firefox with remote debugging: firefox --remote-debugging-port=9222',
      'Then set BROWSER_PROVIDER_BIDI_URL=ws://127.0.0.1:9222 (Firefox allows one automation session at a time).',
    ],
    // On a Grid node geckodriver makes the profile, so our prefs go in as capabilities. Not tested
    // against a real node here: no geckodriver can be had.
    remoteCapabilities: () => ({
      browserName: 'firefox',
      'moz:firefoxOptions': { args: ['-headless', ...(options.args ?? [])], prefs: FIREFOX_PREFS, ...(options.executablePath ? { binary: options.executablePath } : {}) },
    }),
    status: (live) => firefoxStatus(options.executablePath, live),
    // Attached to a browser the user runs, there is nothing to install here: core's guide from status says how to attach.
    ...(attachUrl ? {} : { setupGuide: () => firefoxSetupGuide(options.executablePath) }),
    features: () => bidiEngineFeatures(Boolean(attachUrl)),
    optionalMethods: () => [...BIDI_OPTIONAL_METHODS],
    customMethods: () => [installExtension],
    // Firefox 153: a link click's navigationStarted arrives before input.performActions answers
    // (measured 45–150 ms earlier), so a short grace only covers scheduling jitter.
    navigationGraceMs: 60,
    // Firefox 153 headless: a background tab is `hidden` and its requestAnimationFrame runs at ~1 Hz,
    // so the page script's two-frame stability check takes ~1 s; a window per page stays visible.
    pageContextType: 'window',
    // Firefox 153: each DOM read from our sandbox crosses an Xray wrapper; the 1,000-row page's walk
    // took ~4× its page-realm time there (pnpm bench:realm).
    walkSnapshotInPageRealm: true,
    // Firefox 153 (tried through network.continueRequest): it sets any request header with a sendable
    // name and value, but writes Priority after the route, so removing it does nothing.
    routeHeaderLimits: { unsettable: [], unremovable: ['priority'] },
  };
}

async function firefoxStatus(explicit: string | undefined, live: { running: boolean; version?: string; sessions: number }): Promise<ProviderStatus> {
  const bin = findExecutable({ ...FIREFOX_SEARCH, explicit });
  const version = live.version ?? (bin ? await versionOf(bin) : undefined);
  const base = { browser_running: live.running, recommended_browser: 'firefox-esr', sessions: live.sessions };
  if (!bin) {
    return {
      ...base,
      availability: 'unavailable',
      browser_detected: false,
      setup_state: 'required',
      requires_manual_setup: true,
      manual_steps: INSTALL_STEPS,
      diagnostics: [{ level: 'error', code: 'browser_missing', message: 'No Firefox binary found (FIREFOX_PATH, PATH firefox-esr/firefox, known locations).', manual_steps: INSTALL_STEPS }],
    };
  }
  return {
    ...base,
    availability: version ? 'ready' : 'degraded',
    browser_detected: true,
    setup_state: version ? 'complete' : 'broken',
    requires_manual_setup: false,
    manual_steps: [],
    ...(version ? { browser_version: version } : {}),
    diagnostics: [
      { level: 'info', code: 'browser_found', message: `Firefox at ${bin}${version ? ` (${version})` : ''}.` },
      ...(version ? [] : [{ level: 'warning' as const, code: 'version_unknown', message: `${bin} --version failed; the binary may be broken.` }]),
    ],
  };
}
