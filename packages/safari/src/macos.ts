import type { ClassicLauncher, DriverEndpoint, WireError } from '@browser-provider/classic';
import { ERRORS, type ProviderError } from '@browser-provider/core/toolkit';
import { findSafariDriver } from './discover';
import { defaultSpawner, type Spawner, startDriverEndpoint } from './endpoint';
import { SAFARI_AUTOMATION_STEPS, setupRequired } from './setup';

export interface MacLauncherOptions {
  env?: NodeJS.ProcessEnv;
  spawn?: Spawner;
  /** Overrides discovery (tests point it at a stub). */
  safaridriverPath?: string;
}

/** Safari's refusal when remote automation is off (wording varies across Safari 16–18). */
const AUTOMATION_OFF = /allow remote automation|remote automation is (turned off|disabled)|safaridriver --enable/i;

/**
 * macOS: `safaridriver --port N` drives the user's Safari. Safari runs one automation session at a
 * time (its automation windows are a separate, ephemeral profile), so every provider session shares
 * one driver session: no per-session cookie jars here.
 */
export class SafariDriverLauncher implements ClassicLauncher {
  readonly isolation = 'none' as const;
  private readonly env: NodeJS.ProcessEnv;
  private readonly spawn: Spawner;

  constructor(private readonly opts: MacLauncherOptions = {}) {
    this.env = opts.env ?? process.env;
    this.spawn = opts.spawn ?? defaultSpawner;
  }

  startDriver(signal: AbortSignal): Promise<DriverEndpoint> {
    const driver = this.opts.safaridriverPath ?? findSafariDriver(this.env);
    if (!driver) {
      return Promise.reject(
        setupRequired('safaridriver was not found (it ships with Safari in /usr/bin).', ['Install or update Safari (macOS 13 or later).'], ERRORS.driver_missing),
      );
    }
    return startDriverEndpoint(this.spawn, driver, (port) => ['--port', String(port)], this.env, signal);
  }

  capabilities(): Record<string, unknown> {
    return { browserName: 'safari' };
  }

  classifyNewSessionError(e: WireError): ProviderError | undefined {
    if (!AUTOMATION_OFF.test(e.message)) return undefined;
    return setupRequired(`Safari refused automation: ${e.message}`, SAFARI_AUTOMATION_STEPS, ERRORS.remote_automation_disabled);
  }

  async shutdown(): Promise<void> {
    // Nothing shared: each driver is killed with its session.
  }
}
