import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import type { LaunchedBrowser } from '@browser-provider/bidi';
import { findExecutable, isThisHost, recoverProfile, spawnOwned, waitForLine, type BrowserLock } from '@browser-provider/core/host';
import { userJs } from './prefs';
import { seedProfile } from './profile-template';

export const FIREFOX_SEARCH = {
  envVar: 'FIREFOX_PATH',
  names: ['firefox-esr', 'firefox'],
  locations: ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox', '/opt/firefox/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'],
};

/**
 * Firefox's profile lock on Linux and macOS: `lock`, a symlink to `<host address>:+<pid>`, beside
 * `.parentlock` (an fcntl lock the kernel drops with the process). Firefox 153 ESR refuses a profile
 * whose `lock` names a live Firefox ("already running").
 */
export const FIREFOX_LOCK: BrowserLock = {
  file: 'lock',
  companions: ['.parentlock'],
  pidOf(target) {
    const m = /^(.*):\+(\d+)$/.exec(target);
    return m && isThisHost(m[1]!) ? Number(m[2]) : undefined;
  },
};

export const INSTALL_STEPS = ['sudo apt-get install firefox-esr', 'or set FIREFOX_PATH to a Firefox binary (version 129 or newer for WebDriver BiDi user contexts)'];

/**
 * Starts Firefox with its built-in Remote Agent (no geckodriver): a fresh profile (or the persistent
 * `profileDir`, kept) with our prefs, `--remote-debugging-port=0`, and the BiDi URL read from stderr.
 */
export async function launchFirefox(executablePath: string | undefined, extraArgs: string[], signal: AbortSignal, profileDir?: string, headed = false): Promise<LaunchedBrowser> {
  const bin = findExecutable({ ...FIREFOX_SEARCH, explicit: executablePath });
  if (!bin) throw raise(ERRORS.browser_missing, 'Firefox was not found.', undefined, { details: { manual_steps: INSTALL_STEPS } });
  const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'bp-firefox-'));
  // A kept profile may still be held by the Firefox of a provider that died: end it and clear its lock.
  if (profileDir !== undefined) await recoverProfile(profileDir, [FIREFOX_LOCK]);
  // A throw-away profile starts from the warm template when there is one (./profile-template.ts).
  else await seedProfile(bin, profile, (dir, s) => launchFirefox(bin, [], s, dir), signal);
  // Rewritten at every launch, so a kept profile follows our current prefs.
  writeFileSync(join(profile, 'user.js'), userJs());
  const proc = spawnOwned(bin, [...(headed ? [] : ['--headless']), '--no-remote', '--remote-debugging-port=0', '--profile', profile, ...extraArgs, 'about:blank'], {
    cleanupDirs: profileDir === undefined ? [profile] : [],
    // Keeps Firefox from reusing a running instance and from crash-reporter dialogs.
    env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1', MOZ_NO_REMOTE: '1' },
  });
  try {
    const m = await waitForLine(proc, /WebDriver BiDi listening on (ws:\/\/\S+)/, signal);
    return { url: `${m[1]!.replace(/\/$/, '')}/session`, capabilities: {}, process: proc };
  } catch (e) {
    await proc.kill();
    if (signal.aborted) throw signal.reason;
    throw raise(ERRORS.launch_failed, `Firefox did not start: ${(e as Error).message}`, undefined, { cause: e });
  }
}
