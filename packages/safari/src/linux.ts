import type { ClassicLauncher, DriverEndpoint } from '@browser-provider/classic';
import { ERRORS } from '@browser-provider/core/toolkit';
import { findMiniBrowser, findWebKitWebDriver, findXvfb } from './discover';
import { defaultSpawner, type Spawner, startDriverEndpoint } from './endpoint';
import { LINUX_INSTALL_STEPS, setupRequired } from './setup';
import { type PrivateX, removeLeftovers, startPrivateX, xAnswers } from './xvfb';

export interface LinuxLauncherOptions {
  env?: NodeJS.ProcessEnv;
  spawn?: Spawner;
  /** `auto`: a private Xvfb only when DISPLAY is unset. `always`: even when it is set (no windows on your screen). */
  xvfb?: 'auto' | 'always';
}

/**
 * Linux: WebKitGTK's WebDriver (`WebKitWebDriver`) driving MiniBrowser in automation mode. The
 * driver serves ONE session per process ("Maximum number of active sessions" otherwise, 2.50), so
 * each isolated session gets its own driver + MiniBrowser, which in automation mode uses an
 * ephemeral website-data store: its own cookie jar, checked by the browser tests.
 */
export class WebKitGtkLauncher implements ClassicLauncher {
  readonly isolation = 'per_process' as const;
  private readonly env: NodeJS.ProcessEnv;
  private readonly spawn: Spawner;
  private x: Promise<PrivateX> | undefined;

  constructor(private readonly opts: LinuxLauncherOptions = {}) {
    this.env = opts.env ?? process.env;
    this.spawn = opts.spawn ?? defaultSpawner;
  }

  private needsPrivateX(): boolean {
    return this.opts.xvfb === 'always' || !this.env.DISPLAY;
  }

  private display(signal: AbortSignal): Promise<string> {
    if (!this.needsPrivateX()) return Promise.resolve(this.env.DISPLAY ?? '');
    const xvfb = findXvfb(this.env);
    if (!xvfb) {
      return Promise.reject(setupRequired('No X display and no Xvfb to make one: MiniBrowser needs a display.', LINUX_INSTALL_STEPS, ERRORS.xvfb_missing));
    }
    const current = this.x;
    if (current === undefined) return this.restartX(xvfb, signal);
    return current.then(async (x) => {
      if (x.process.alive && (await xAnswers(x.display))) return x.display;
      // Gone (killed or crashed): reap it, clear what it left, and start another.
      await x.process.kill(0);
      removeLeftovers(x);
      return this.x === current ? this.restartX(xvfb, signal) : this.display(signal);
    });
  }

  private restartX(xvfb: string, signal: AbortSignal): Promise<string> {
    const p = startPrivateX(xvfb, signal);
    this.x = p;
    p.catch(() => {
      if (this.x === p) this.x = undefined;
    });
    return p.then((x) => x.display);
  }

  /** The private X server's display, when one runs (tests check it is gone after shutdown). */
  async privateXPid(): Promise<number | undefined> {
    return (await this.x?.catch(() => undefined))?.process.pid;
  }

  async startDriver(signal: AbortSignal): Promise<DriverEndpoint> {
    const driver = findWebKitWebDriver(this.env);
    if (!driver) throw setupRequired('WebKitWebDriver was not found.', LINUX_INSTALL_STEPS, ERRORS.driver_missing);
    if (!findMiniBrowser(this.env)) throw setupRequired('WebKitGTK MiniBrowser was not found.', LINUX_INSTALL_STEPS, ERRORS.browser_missing);
    const display = await this.display(signal);
    const env: NodeJS.ProcessEnv = {
      ...this.env,
      DISPLAY: display,
      // Without an accessibility bus GTK waits for one at start-up; we do not need it.
      NO_AT_BRIDGE: '1',
      ...(this.needsPrivateX() ? { GDK_BACKEND: 'x11', WAYLAND_DISPLAY: '' } : {}),
    };
    return startDriverEndpoint(this.spawn, driver, (port) => [`--port=${port}`], env, signal);
  }

  capabilities(): Record<string, unknown> {
    return {
      // browserName omitted: WebKitWebDriver accepts any and reports "MiniBrowser".
      // WebKitGTK 2.50 keeps the Navigation API (Safari 26 ships it) behind a testable feature. Without it a
      // click's page guard cannot tell that no navigation started, and every click paid a 60 ms settle
      // wait and two more round trips for one (the classic backend's settle).
      'webkitgtk:browserOptions': { binary: findMiniBrowser(this.env), args: ['--automation', '--features=+NavigationAPI'] },
      pageLoadStrategy: 'normal',
      // A classic navigation cannot be cancelled, and the session is serialized behind it: bound it.
      timeouts: { implicit: 0, pageLoad: 120_000, script: 30_000 },
    };
  }

  async shutdown(): Promise<void> {
    const x = await this.x?.catch(() => undefined);
    this.x = undefined;
    if (!x) return;
    await x.process.kill(1500);
    // Killed after its grace (a loaded machine), Xvfb leaves its socket and lock file behind.
    removeLeftovers(x);
  }
}
