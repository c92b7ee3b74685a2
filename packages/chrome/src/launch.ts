import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import type { LaunchedBrowser } from '@browser-provider/bidi';
import { findExecutable, freeLoopbackPort, isThisHost, recoverProfile, spawnOwned, waitForLine, type BrowserLock } from '@browser-provider/core/host';

export const CHROMEDRIVER_SEARCH = {
  envVar: 'CHROMEDRIVER_PATH',
  names: ['chromedriver'],
  locations: ['/usr/bin/chromedriver', '/usr/lib/chromium/chromedriver', '/usr/local/bin/chromedriver'],
};
export const CHROME_SEARCH = {
  envVar: 'CHROME_PATH',
  names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
  locations: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
};

/**
 * Chromium's profile lock: `SingletonLock`, a symlink to `<hostname>-<pid>`, with `SingletonSocket`
 * and `SingletonCookie` beside it. Chromium 156 hands a second launch on a live profile to the
 * running browser, and chromedriver then answers `session not created`.
 */
export const CHROME_LOCK: BrowserLock = {
  file: 'SingletonLock',
  companions: ['SingletonSocket', 'SingletonCookie'],
  pidOf(target) {
    const m = /^(.*)-(\d+)$/.exec(target);
    return m && isThisHost(m[1]!) ? Number(m[2]) : undefined;
  },
};

export const INSTALL_STEPS = [
  'sudo apt-get install chromium chromium-driver',
  'or set CHROME_PATH and CHROMEDRIVER_PATH (chromedriver must match the browser\'s major version)',
];

/** Flags for a quiet, throw-away headless Chrome; the user-data-dir is appended per launch. */
export const CHROME_ARGS = [
  '--headless=new',
  // Containers and CI run as root without user namespaces, where the sandbox cannot start.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--password-store=basic',
  '--use-mock-keychain',
  '--metrics-recording-only',
  // Each headless window (a session's user context opens one) otherwise loads the address bar's WebUI
  // popups, chrome://omnibox-popup.top-chrome, in a renderer of their own: ~1.4 CPU-seconds a session
  // for a popup no one opens. chromedriver merges this switch with its own --disable-features.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

export interface ChromeLaunchOptions {
  driverPath?: string;
  executablePath?: string;
  args: string[];
  /** A persistent user-data-dir (kept); else a temporary one removed with the process. */
  profileDir?: string | undefined;
  /** Without --headless=new: the window shows (a display is needed). */
  headed?: boolean;
}

/**
 * What chromedriver prints when its port was taken between our probe and its own bind, on 127.0.0.1 or
 * on ::1, which it binds too ("IPv6 port not available. Exiting..."): it exits, and a new port is tried.
 */
const PORT_TAKEN = /Address already in use|port not available/i;
/** How many drivers are started, each on a new port, before a lost port is reported as a failed launch. */
const PORT_ATTEMPTS = 3;

/**
 * Starts chromedriver on a free loopback port. Chrome itself is started by chromedriver on
 * `session.new` (pure BiDi session at `ws://127.0.0.1:<port>/session`, no classic session), in
 * chromedriver's process group, so killing the group also kills Chrome.
 */
export async function launchChrome(o: ChromeLaunchOptions, signal: AbortSignal): Promise<LaunchedBrowser> {
  const driver = findExecutable({ ...CHROMEDRIVER_SEARCH, explicit: o.driverPath });
  const chrome = findExecutable({ ...CHROME_SEARCH, explicit: o.executablePath });
  if (!driver || !chrome) {
    const missing = [!driver && 'chromedriver', !chrome && 'Chrome/Chromium'].filter(Boolean).join(' and ');
    throw raise(ERRORS.browser_missing, `${missing} not found.`, undefined, { details: { manual_steps: INSTALL_STEPS } });
  }
  // A kept profile may still be held by the Chromium of a provider that died: end it and clear its lock.
  if (o.profileDir !== undefined) await recoverProfile(o.profileDir, [CHROME_LOCK]);
  for (let attempt = 1; ; attempt++) {
    // A temporary profile goes with the driver that failed (its cleanup removes it): one per attempt.
    const userDataDir = o.profileDir ?? mkdtempSync(join(tmpdir(), 'bp-chrome-'));
    const port = await freeLoopbackPort();
    const proc = spawnOwned(driver, [`--port=${port}`, '--allowed-ips=127.0.0.1'], { cleanupDirs: o.profileDir === undefined ? [userDataDir] : [] });
    try {
      await waitForLine(proc, /ChromeDriver was started successfully/, signal);
    } catch (e) {
      await proc.kill();
      if (signal.aborted) throw signal.reason;
      if (attempt < PORT_ATTEMPTS && PORT_TAKEN.test((e as Error).message)) continue;
      throw raise(ERRORS.launch_failed, `chromedriver did not start: ${(e as Error).message}`, undefined, { cause: e });
    }
    return {
      url: `ws://127.0.0.1:${port}/session`,
      capabilities: {
        alwaysMatch: {
          browserName: 'chrome',
          'goog:chromeOptions': { binary: chrome, args: [...CHROME_ARGS.filter((a) => !(o.headed === true && a === '--headless=new')), ...o.args, `--user-data-dir=${userDataDir}`] },
        },
      },
      process: proc,
      driver: true,
    };
  }
}
