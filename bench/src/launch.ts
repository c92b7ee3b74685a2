import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort, spawnOwned, waitForLine, type OwnedProcess } from '@browser-provider/core/host';
import { CHROME_ARGS } from '@browser-provider/chrome';
import { userJs } from '@browser-provider/firefox';
import { BidiSocket } from './bidi-socket';
import { BINARIES } from './procs';

/**
 * Starts a BiDi browser the way our providers do (same binary, flags, profile prefs), but hands the
 * bench the raw socket. Used for the protocol floor and, through a tracing proxy, for the profile.
 */
export interface RawBidi {
  /** Where a BiDi client connects (`…/session`). */
  url: string;
  /** `session.new` capabilities a client must send. */
  capabilities: object;
  proc: OwnedProcess;
}

export async function launchRawFirefox(): Promise<RawBidi> {
  const bin = BINARIES.firefox();
  if (!bin) throw new Error('Firefox not found (set FIREFOX_PATH)');
  const profile = mkdtempSync(join(tmpdir(), 'bench-firefox-'));
  writeFileSync(join(profile, 'user.js'), userJs());
  const proc = spawnOwned(bin, ['--headless', '--no-remote', '--remote-debugging-port=0', '--profile', profile, 'about:blank'], {
    env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1', MOZ_NO_REMOTE: '1' },
    cleanupDirs: [profile],
  });
  const m = await waitForLine(proc, /WebDriver BiDi listening on (ws:\/\/\S+)/, AbortSignal.timeout(60_000)).catch(async (e: unknown) => {
    await proc.kill();
    throw e;
  });
  return { url: `${(m[1] as string).replace(/\/$/, '')}/session`, capabilities: {}, proc };
}

export async function launchRawChromium(): Promise<RawBidi> {
  const driver = BINARIES.chromedriver();
  const chrome = BINARIES.chromium();
  if (!driver || !chrome) throw new Error('chromedriver or Chromium not found (set CHROMEDRIVER_PATH / CHROME_PATH)');
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  const port = await freeLoopbackPort();
  const proc = spawnOwned(driver, [`--port=${port}`, '--allowed-ips=127.0.0.1'], { cleanupDirs: [userDataDir] });
  await waitForLine(proc, /ChromeDriver was started successfully/, AbortSignal.timeout(30_000)).catch(async (e: unknown) => {
    await proc.kill();
    throw e;
  });
  return {
    url: `ws://127.0.0.1:${port}/session`,
    capabilities: { alwaysMatch: { browserName: 'chrome', 'goog:chromeOptions': { binary: chrome, args: [...CHROME_ARGS, `--user-data-dir=${userDataDir}`] } } },
    proc,
  };
}

/** Connects, opens a session and returns the first top-level context. */
export async function bidiSession(raw: RawBidi): Promise<{ socket: BidiSocket; context: string }> {
  const socket = await BidiSocket.open(raw.url);
  await socket.send('session.new', { capabilities: raw.capabilities });
  const tree = await socket.send<{ contexts: Array<{ context: string }> }>('browsingContext.getTree', { maxDepth: 0 });
  const context = tree.contexts[0]?.context;
  if (!context) throw new Error('the browser has no top-level context');
  return { socket, context };
}
