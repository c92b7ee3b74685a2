import type { ClassicLauncher, DriverEndpoint, WireError } from '@browser-provider/classic';
import type { ProviderError } from '@browser-provider/core/toolkit';
import { fromWireError, GridUnreachable } from './http';
import { classifyNewSession, gridUnreachable } from './new-session';
import { NODE_GONE } from './watchdog';

/**
 * Classic WebDriver (Safari, WebKitGTK) through a Selenium Grid: the classic backend's launcher, where
 * "starting a driver" starts nothing — every isolated session is its own New Session on the Grid
 * (`per_process` isolation: a browser of its own on some node), and closing deletes it.
 */

function failureText(e: unknown): { error: string; message: string } {
  const o = (e ?? {}) as { name?: unknown; error?: unknown; message?: unknown };
  const error = typeof o.error === 'string' ? o.error : typeof o.name === 'string' ? o.name : '';
  return { error, message: typeof o.message === 'string' ? o.message : String(e) };
}

/** One Grid session's endpoint: the Grid's URL; "exits" when a reply says its node is gone. */
class GridEndpoint implements DriverEndpoint {
  readonly port = 0;
  exitReason: string | undefined;
  readonly exited: Promise<string>;
  private settle!: (how: string) => void;

  constructor(readonly url: string) {
    this.exited = new Promise((resolve) => (this.settle = resolve));
  }

  pids(): number[] {
    return [];
  }

  /** Nothing runs here; the connection's close deletes the Grid session. */
  async kill(): Promise<void> {
    this.gone('session closed');
  }

  noticeFailure(e: unknown): void {
    const { error, message } = failureText(e);
    if (error === 'invalid session id' || NODE_GONE.test(message)) this.gone(`the Grid lost the session's node: ${message.split('\n')[0]!.slice(0, 200)}`);
  }

  private gone(how: string): void {
    if (this.exitReason !== undefined) return;
    this.exitReason = how;
    this.settle(how);
  }
}

export class GridClassicLauncher implements ClassicLauncher {
  readonly isolation = 'per_process' as const;
  /** When the last New Session went out: the queue time a timeout reports (close enough when several overlap). */
  private lastStart = Date.now();

  constructor(
    private readonly url: string,
    private readonly alwaysMatch: Record<string, unknown>,
  ) {}

  startDriver(): Promise<DriverEndpoint> {
    this.lastStart = Date.now();
    return Promise.resolve(new GridEndpoint(this.url));
  }

  capabilities(): Record<string, unknown> {
    return this.alwaysMatch;
  }

  /** The classic client's WireError carries the Grid's reply; classified like BiDi's New Session. */
  classifyNewSessionError(e: WireError): ProviderError | undefined {
    const grid = fromWireError(this.url, e);
    if (grid instanceof GridUnreachable) return gridUnreachable(this.url, grid);
    if (e.error === 'session not created' || e.error === 'unknown error') return classifyNewSession(this.url, grid, Date.now() - this.lastStart, this.alwaysMatch);
    return undefined;
  }

  async shutdown(): Promise<void> {}
}
