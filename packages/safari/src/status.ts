import { execFile } from 'node:child_process';
import type { Diagnostic, ProviderStatus } from '@browser-provider/protocol';
import { findMiniBrowser, findSafariDriver, findWebKitWebDriver, findXvfb } from './discover';
import { LINUX_INSTALL_STEPS, SAFARI_AUTOMATION_STEPS } from './setup';

export interface StatusState {
  running: boolean;
  sessions: number;
  browserVersion: string | undefined;
}

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 3000, env: env ?? process.env }, (err, stdout) => resolve(err ? undefined : stdout.trim()));
  });
}

/**
 * MiniBrowser's own `--version` needs an X display (GTK initialises first), so without one we ask the
 * package database. A running session's New Session reply is the most exact source and wins.
 */
async function webkitGtkVersion(env: NodeJS.ProcessEnv, mini: string): Promise<string | undefined> {
  if (env.DISPLAY) {
    const out = await run(mini, ['--version'], env);
    const m = out?.match(/(\d+\.\d+(\.\d+)?)/);
    if (m) return m[1];
  }
  const pkg = await run('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0']);
  return pkg?.match(/^(\d+\.\d+(\.\d+)?)/)?.[1];
}

/** Where the Linux pieces are; injectable so tests can simulate a machine without them. */
export interface LinuxLocator {
  driver(env: NodeJS.ProcessEnv): string | undefined;
  miniBrowser(env: NodeJS.ProcessEnv): string | undefined;
  xvfb(env: NodeJS.ProcessEnv): string | undefined;
}

export const systemLocator: LinuxLocator = { driver: findWebKitWebDriver, miniBrowser: findMiniBrowser, xvfb: findXvfb };

export async function linuxStatus(
  env: NodeJS.ProcessEnv,
  state: StatusState,
  privateX: boolean,
  locate: LinuxLocator = systemLocator,
): Promise<ProviderStatus> {
  const driver = locate.driver(env);
  const mini = locate.miniBrowser(env);
  const xvfb = locate.xvfb(env);
  const needX = privateX || !env.DISPLAY;
  const diagnostics: Diagnostic[] = [];
  const found = (code: string, what: string, path: string | undefined, missingHint: string) =>
    diagnostics.push(
      path
        ? { level: 'info', code: `${code}_found`, message: `${what}: ${path}` }
        : { level: 'error', code: `${code}_missing`, message: `${what} not found. ${missingHint}`, manual_steps: LINUX_INSTALL_STEPS },
    );
  found('driver', 'WebKitWebDriver', driver, 'Set WEBKIT_WEBDRIVER_PATH or install webkit2gtk-driver.');
  found('browser', 'MiniBrowser (WebKitGTK)', mini, 'Set MINIBROWSER_PATH or install libwebkit2gtk-4.1-0.');
  if (needX) found('xvfb', 'Xvfb (private display, DISPLAY is unset)', xvfb, 'Set XVFB_PATH or install xvfb.');
  else diagnostics.push({ level: 'info', code: 'display', message: `Using DISPLAY=${env.DISPLAY}` });
  const version = state.browserVersion ?? (mini ? await webkitGtkVersion(env, mini) : undefined);
  if (version) diagnostics.push({ level: 'info', code: 'browser_version', message: `WebKitGTK ${version}` });
  const ok = Boolean(driver && mini && (!needX || xvfb));
  return {
    availability: ok ? 'ready' : 'unavailable',
    browser_detected: Boolean(mini),
    browser_running: state.running,
    setup_state: ok ? 'complete' : driver || mini ? 'partial' : 'required',
    requires_manual_setup: !ok,
    recommended_browser: 'safari',
    manual_steps: ok ? [] : LINUX_INSTALL_STEPS,
    diagnostics,
    ...(version ? { browser_version: version } : {}),
    sessions: state.sessions,
  };
}

export async function macStatus(env: NodeJS.ProcessEnv, state: StatusState): Promise<ProviderStatus> {
  const driver = findSafariDriver(env);
  const version =
    state.browserVersion ?? (await run('defaults', ['read', '/Applications/Safari.app/Contents/Info', 'CFBundleShortVersionString']));
  const diagnostics: Diagnostic[] = [
    driver
      ? { level: 'info', code: 'driver_found', message: `safaridriver: ${driver}` }
      : { level: 'error', code: 'driver_missing', message: 'safaridriver not found; it ships with Safari.' },
    {
      // Whether remote automation is allowed cannot be read without starting a session; say so.
      level: 'info',
      code: 'remote_automation',
      message: 'Safari must allow remote automation; a session fails with setup_required until it does.',
      manual_steps: SAFARI_AUTOMATION_STEPS,
    },
  ];
  return {
    availability: driver ? 'ready' : 'unavailable',
    browser_detected: version !== undefined,
    browser_running: state.running,
    setup_state: driver ? 'complete' : 'required',
    requires_manual_setup: !driver,
    recommended_browser: 'safari',
    manual_steps: driver ? [] : ['Install or update Safari (macOS 13 or later).'],
    diagnostics,
    ...(version ? { browser_version: version } : {}),
    sessions: state.sessions,
  };
}
