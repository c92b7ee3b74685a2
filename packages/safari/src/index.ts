import { ClassicBackend, type ClassicLauncher } from '@browser-provider/classic';
import type { Backend, BackendInfo } from '@browser-provider/core/backend';
import { safariCustomMethods } from './custom-methods';
import type { Spawner } from './endpoint';
import { WebKitGtkLauncher } from './linux';
import { SafariDriverLauncher } from './macos';
import { WEBKIT_INPUT } from './quirks';
import { safariSetupGuide } from './setup-guide';
import { linuxStatus, macStatus } from './status';

export interface SafariBackendOptions {
  /** Defaults to `process.platform`; `darwin` drives Safari, anything else WebKitGTK. */
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** Linux: `always` runs a private Xvfb even when DISPLAY is set. */
  xvfb?: 'auto' | 'always';
  /** Tests: replace process spawning / the page script / the safaridriver path. */
  spawn?: Spawner;
  pageScript?: () => string;
  safaridriverPath?: string;
}

export function safariInfo(platform: NodeJS.Platform): BackendInfo {
  return platform === 'darwin'
    ? {
        providerId: 'safari-webdriver',
        providerLabel: 'Safari (classic WebDriver)',
        family: 'safari',
        browserLabel: 'Safari',
        engine: { name: 'WebKit', automation: 'WebDriver (classic) via safaridriver' },
      }
    : {
        providerId: 'safari-webdriver',
        providerLabel: 'Safari engine (classic WebDriver)',
        family: 'safari',
        browserLabel: 'WebKit (WebKitGTK MiniBrowser)',
        engine: { name: 'WebKit', automation: 'WebDriver (classic) via WebKitWebDriver' },
      };
}

/** The Safari/WebKit backend: safaridriver on macOS, WebKitWebDriver + MiniBrowser on Linux. */
export function createSafariBackend(options: SafariBackendOptions = {}): Backend {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const spawnOpt = options.spawn ? { spawn: options.spawn } : {};
  const launcher: ClassicLauncher =
    platform === 'darwin'
      ? new SafariDriverLauncher({ env, ...spawnOpt, ...(options.safaridriverPath ? { safaridriverPath: options.safaridriverPath } : {}) })
      : new WebKitGtkLauncher({ env, ...spawnOpt, ...(options.xvfb ? { xvfb: options.xvfb } : {}) });
  const base = safariInfo(platform);
  return new ClassicBackend({
    info: base,
    launcher,
    status: (state) => (platform === 'darwin' ? macStatus(env, state) : linuxStatus(env, state, options.xvfb === 'always')),
    setupGuide: () => safariSetupGuide(platform, env, options.xvfb === 'always'),
    customMethods: safariCustomMethods(),
    quirks: WEBKIT_INPUT,
    ...(options.pageScript ? { pageScript: options.pageScript } : {}),
  });
}

/**
 * Safari/WebKit on a Selenium Grid node: classic WebDriver only (neither safaridriver nor WebKitGTK
 * 2.50 speaks BiDi, so no webSocketUrl). `browserName` defaults to Safari's; a WebKitGTK relay node's
 * stereotype may name another (`--grid-capabilities '{"browserName":"MiniBrowser"}'`).
 */
export function safariGridEngine() {
  return {
    info: {
      providerId: 'safari-webdriver',
      providerLabel: 'Safari / WebKit (classic WebDriver)',
      family: 'safari',
      browserLabel: 'Safari / WebKit',
      engine: { name: 'WebKit', automation: 'WebDriver (classic)' },
    },
    capabilities: { browserName: 'safari', pageLoadStrategy: 'normal', timeouts: { implicit: 0, pageLoad: 120_000, script: 30_000 } },
    customMethods: safariCustomMethods(),
    quirks: WEBKIT_INPUT,
  };
}

export { WebKitGtkLauncher } from './linux';
export { SafariDriverLauncher } from './macos';
export { SAFARI_AUTOMATION_STEPS, LINUX_INSTALL_STEPS } from './setup';
export { safariCustomMethods } from './custom-methods';
export { WEBKIT_INPUT } from './quirks';
export { findMiniBrowser, findWebKitWebDriver, findXvfb, findSafariDriver } from './discover';
