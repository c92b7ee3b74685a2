import WebDriver, { type Client } from 'webdriver';
import { ProviderError } from '@browser-provider/core';
import { ELEMENT_BY_ID } from '@browser-provider/page-script';
import { SerialQueue } from './abort';
import { driverExited, translateWebDriverError } from './errors';
import { decodeFrameKey, type FramePath } from './frames';
import type { ClassicLauncher, DriverEndpoint } from './launcher';
import { WireError, type WireMethod, wireNewSession, wireRequest } from './wire';

/**
 * One classic WebDriver session on one driver process. The driver has ONE current window and frame
 * per session, so every page operation runs through `run()`, which serializes them, and remembers
 * where the driver currently points so that repeated calls in one place skip the switching.
 */
export class DriverConnection {
  private readonly queue = new SerialQueue();
  /** Where the driver points now; undefined = unknown (after an error), switch before the next op. */
  private where: { window?: string; frame?: string } = {};
  private closedWhy: string | undefined;
  /** Window handles that belong to a live page; any other window of the session is a reusable spare. */
  readonly ownedWindows = new Set<string>();
  private readonly exitRejection: Promise<never>;

  private constructor(
    readonly endpoint: DriverEndpoint,
    readonly sessionId: string,
    readonly client: Client,
    readonly capabilities: Record<string, unknown>,
  ) {
    this.exitRejection = endpoint.exited.then((how) => {
      throw driverExited(how);
    });
    this.exitRejection.catch(() => undefined);
  }

  static async open(endpoint: DriverEndpoint, launcher: ClassicLauncher, signal: AbortSignal): Promise<DriverConnection> {
    let reply;
    try {
      reply = await wireNewSession(endpoint.port, launcher.capabilities(), signal);
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      if (e instanceof WireError) {
        const special = launcher.classifyNewSessionError?.(e);
        if (special) throw special;
      }
      if (endpoint.exitReason !== undefined) throw driverExited(endpoint.exitReason);
      throw translateWebDriverError(e);
    }
    // The client is attached to the session we created: `newSession` would log to stdout (which is
    // the protocol channel) and might start a driver or a BiDi socket of its own.
    const client = WebDriver.attachToSession({
      sessionId: reply.sessionId,
      hostname: '127.0.0.1',
      port: endpoint.port,
      protocol: 'http',
      path: '/',
      capabilities: reply.capabilities as WebdriverIO.Capabilities,
      // 'silent', not 'warn': the client logs every failed command (e.g. an expected `no such frame`)
      // at ERROR level; we translate and report failures ourselves.
      logLevel: 'silent',
      connectionRetryCount: 0,
      // Our own AbortSignal bounds each call; this is only the backstop for a wedged driver.
      connectionRetryTimeout: 600_000,
    });
    return new DriverConnection(endpoint, reply.sessionId, client, reply.capabilities);
  }

  get alive(): boolean {
    return this.closedWhy === undefined && this.endpoint.exitReason === undefined;
  }

  /** Runs `task` alone on this session; driver errors come out translated to ProviderErrors. */
  run<T>(signal: AbortSignal, task: (client: Client) => Promise<T>): Promise<T> {
    return this.queue.run(signal, async () => {
      this.checkAlive();
      try {
        return await Promise.race([task(this.client), this.exitRejection]);
      } catch (e) {
        this.where = {};
        if (signal.aborted) throw signal.reason;
        if (this.endpoint.exitReason !== undefined) throw driverExited(this.endpoint.exitReason);
        throw translateWebDriverError(e);
      }
    });
  }

  /**
   * Inside `run`: a raw command relative to `/session/{id}` (for `webdriver.send`). A raw command may
   * move the driver anywhere, so we forget where we were.
   */
  async rawCommand(method: WireMethod, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const rel = path.startsWith('/') ? path : `/${path}`;
    this.where = {};
    return wireRequest(this.endpoint.port, method, `/session/${this.sessionId}${rel}`, body, signal);
  }

  private checkAlive(): void {
    if (this.endpoint.exitReason !== undefined) throw driverExited(this.endpoint.exitReason);
    if (this.closedWhy !== undefined) {
      throw new ProviderError('browser_not_running', `This browser session was closed (${this.closedWhy}).`, {
        detail: 'session_closed',
        repair: { method: 'session.ensure', params: {}, hint: 'Start a new session with session.ensure.' },
      });
    }
  }

  /** Inside `run`: points the driver at `window` and the frame `frameKey` of it. */
  async enter(window: string, frameKey: string, signal: AbortSignal): Promise<void> {
    if (this.where.window !== window) {
      this.where = {};
      await this.client.switchToWindow(window);
      this.where = { window };
    }
    if (this.where.frame === frameKey) return;
    const path = decodeFrameKey(frameKey);
    this.where.frame = undefined;
    await this.switchFrame(null, signal);
    await this.descend(path, signal);
    this.where.frame = frameKey;
  }

  /** Inside `run`: from the current frame, enters the iframes with page-script ids `path` in turn. */
  private async descend(path: FramePath, signal: AbortSignal): Promise<void> {
    for (const id of path) {
      const el: unknown = await this.client.executeScript(`return (${ELEMENT_BY_ID}).apply(null, arguments);`, [id]);
      if (el === null || typeof el !== 'object') {
        throw new ProviderError('page_not_found', `Frame element ${id} is gone from its parent document.`, {
          detail: 'frame_detached',
          repair: { method: 'page.snapshot', params: {}, hint: 'The frame was removed or navigated; take a fresh snapshot.' },
        });
      }
      await this.switchFrame(el, signal);
    }
  }

  /** Switch To Frame over the wire (§11.4): `null` is the top-level document. */
  private async switchFrame(target: unknown, signal: AbortSignal): Promise<void> {
    await wireRequest(this.endpoint.port, 'POST', `/session/${this.sessionId}/frame`, { id: target }, signal);
  }

  /** Forgets where the driver points (after something that may have changed it, e.g. a window closed). */
  forgetPosition(): void {
    this.where = {};
  }

  /** Deletes the WebDriver session (best effort); the owner kills the driver process. Idempotent. */
  async close(why: string): Promise<void> {
    if (this.closedWhy !== undefined) return;
    this.closedWhy = why;
    if (this.endpoint.exitReason === undefined) {
      const ac = new AbortController();
      const t = setTimeout(() => ac.abort(new Error('delete session timed out')), 3000);
      try {
        await wireRequest(this.endpoint.port, 'DELETE', `/session/${this.sessionId}`, undefined, ac.signal);
      } catch {
        // The process is killed next anyway.
      } finally {
        clearTimeout(t);
      }
    }
  }
}
