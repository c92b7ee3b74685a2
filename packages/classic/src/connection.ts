import type { DialogAnswer, DialogReport } from '@browser-provider/core/backend';
import { ERRORS, errorFromRule, raise, w3cErrorRule } from '@browser-provider/core/toolkit';
import { ELEMENT_BY_ID } from '@browser-provider/page-script';
import { SerialQueue, raceSignal } from '@browser-provider/core/toolkit';
import { DriverClient, type DriverTarget } from './client';
import { driverExited, translateWebDriverError, webdriverErrorName } from './errors';
import { decodeFrameKey, type FramePath } from './frames';
import type { ClassicLauncher, DriverEndpoint } from './launcher';
import { WireError, type WireMethod, wireNewSession, wireRequest } from './wire';

/** Who answers a dialog met in `window`: the owning session's policy, and where to report it. */
export type DialogHandler = (window: string | undefined, message: string) => { answer: DialogAnswer; report(d: DialogReport): void } | undefined;

/** Times one command is retried after answering a dialog (a page may open one after another). */
const DIALOG_RETRIES = 5;

const isDialogOpen = (e: unknown) => webdriverErrorName(e).name === 'unexpected alert open' || (e instanceof WireError && e.error === 'unexpected alert open');

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
  /** Whether the driver ended the session (not the provider's close). */
  private lostByDriver = false;
  /** Window handles that belong to a live page; any other window of the session is a reusable spare. */
  readonly ownedWindows = new Set<string>();
  private readonly exitRejection: Promise<never>;
  /** Set by the backend: answers dialogs by the owning session's policy. */
  dialogHandler: DialogHandler | undefined;
  /** Set by the backend: called once when the driver says this session is gone (its browser died). */
  onLost: ((why: string) => void) | undefined;

  private constructor(
    readonly endpoint: DriverEndpoint,
    readonly sessionId: string,
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
      // "ignore": a dialog stays open and the next command fails with `unexpected alert open` without
      // running, so we answer it by the session's policy and send that command again (answeringDialogs).
      reply = await wireNewSession(endpoint.url ?? endpoint.port, { ...launcher.capabilities(), unhandledPromptBehavior: 'ignore' }, signal);
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      if (e instanceof WireError) {
        const special = launcher.classifyNewSessionError?.(e);
        if (special) throw special;
      }
      if (endpoint.exitReason !== undefined) throw driverExited(endpoint.exitReason);
      throw translateWebDriverError(e);
    }
    return new DriverConnection(endpoint, reply.sessionId, reply.capabilities);
  }

  /** Where the driver listens. */
  private get target(): DriverTarget {
    return this.endpoint.url ?? this.endpoint.port;
  }

  /**
   * The commands of one call: each is cancelled on the wire when `signal` aborts (the caller's
   * deadline), and one that meets an open dialog answers it by the session's policy and runs again.
   */
  private commands(signal: AbortSignal): DriverClient {
    return this.answeringDialogs(new DriverClient(this.target, this.sessionId, signal));
  }

  get alive(): boolean {
    return this.closedWhy === undefined && this.endpoint.exitReason === undefined;
  }

  /** Runs `task` alone on this session; driver errors come out translated to ProviderErrors. */
  run<T>(signal: AbortSignal, task: (client: DriverClient) => Promise<T>): Promise<T> {
    // One current window and frame per driver session: commands never interleave. An aborted
    // caller goes at once; the queue moves on only when the driver has really finished.
    return raceSignal(this.queue.run(async () => {
      this.checkAlive();
      try {
        return await Promise.race([task(this.commands(signal)), this.exitRejection]);
      } catch (e) {
        this.where = {};
        if (signal.aborted) throw signal.reason;
        this.endpoint.noticeFailure?.(e);
        if (e instanceof WireError && e.error === 'transport' && this.endpoint.url === undefined) await this.settleExit();
        if (this.endpoint.exitReason !== undefined) throw driverExited(this.endpoint.exitReason);
        throw translateWebDriverError(await this.sessionLoss(e));
      }
    }, signal), signal);
  }

  /**
   * Inside `run`: a raw command relative to `/session/{id}` (for `webdriver.send`). A raw command may
   * move the driver anywhere, so we forget where we were.
   */
  async rawCommand(method: WireMethod, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const rel = path.startsWith('/') ? path : `/${path}`;
    this.where = {};
    return wireRequest(this.endpoint.url ?? this.endpoint.port, method, `/session/${this.sessionId}${rel}`, body, signal);
  }

  private checkAlive(): void {
    if (this.endpoint.exitReason !== undefined) throw driverExited(this.endpoint.exitReason);
    if (this.closedWhy === undefined) return;
    // Ended by the driver (its browser crashed): what the call that found it answered, W3C `invalid session id`.
    if (this.lostByDriver) throw errorFromRule(w3cErrorRule('classic', 'invalid session id'), `The browser session ended (${this.closedWhy}).`);
    // Closed by the provider: the client's session is gone, which core answers session_not_found.
    throw raise(ERRORS.session_closed, `This browser session was closed (${this.closedWhy}).`, undefined);
  }

  /** Inside `run`: points the driver at `window` and the frame `frameKey` of it. */
  async enter(window: string, frameKey: string, signal: AbortSignal): Promise<void> {
    if (this.where.window !== window) {
      this.where = {};
      await this.commands(signal).switchToWindow(window);
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
      const el: unknown = await this.commands(signal).executeScript(`return (${ELEMENT_BY_ID}).apply(null, arguments);`, [id]);
      if (el === null || typeof el !== 'object') {
        throw raise(ERRORS.frame_detached, `Frame element ${id} is gone from its parent document.`, {});
      }
      await this.switchFrame(el, signal);
    }
  }

  /** Switch To Frame over the wire (§11.4): `null` is the top-level document. */
  private async switchFrame(target: unknown, signal: AbortSignal): Promise<void> {
    await this.commands(signal).switchToFrame(target);
  }

  /**
   * WebDriver §16 with unhandledPromptBehavior "ignore": a command meeting an open dialog fails with
   * `unexpected alert open` before it does anything, so answering the dialog and sending the same
   * command again is safe (it never ran twice). Alert commands themselves pass through.
   */
  private answeringDialogs(client: DriverClient): DriverClient {
    const passThrough = new Set<PropertyKey>(['getAlertText', 'acceptAlert', 'dismissAlert', 'sendAlertText', 'getWindowHandle', 'command']);
    return new Proxy(client, {
      get: (target, prop) => {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function' || passThrough.has(prop)) return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => this.retryDialogs(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args), target);
      },
    });
  }

  private async retryDialogs<T>(command: () => Promise<T>, client: DriverClient): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await command();
      } catch (e) {
        if (i >= DIALOG_RETRIES || !isDialogOpen(e)) throw e;
        await this.answerDialog(client);
      }
    }
  }

  /**
   * Answers the open dialog. Classic WebDriver gives its text but not its kind, so the default
   * (dismiss) is used for all: it closes an alert (its only button) and says "Cancel" to a confirm or
   * prompt, which is the policy; `dialog.handle` can make the next one accepted, with prompt text.
   */
  private async answerDialog(raw: DriverClient): Promise<void> {
    let message: string;
    try {
      message = String(await raw.getAlertText());
    } catch {
      return; // already gone
    }
    const window = await raw.getWindowHandle().catch(() => undefined);
    const handler = this.dialogHandler?.(window, message);
    const answer = handler?.answer ?? { accept: false };
    let typed: string | undefined;
    if (answer.accept && answer.promptText !== undefined) {
      // Only a prompt takes text; on an alert or confirm this fails and the dialog is just accepted.
      typed = await raw.sendAlertText(answer.promptText).then(
        () => answer.promptText,
        () => undefined,
      );
    }
    try {
      await (answer.accept ? raw.acceptAlert() : raw.dismissAlert());
    } catch {
      return;
    }
    handler?.report({ type: 'dialog', message, accepted: answer.accept, ...(typed !== undefined ? { prompt_text: typed } : {}) });
  }

  /**
   * The driver outlives a browser that crashed: WebKitWebDriver answers the command in flight with
   * `unknown error` and every later one with `invalid session id` ("session deleted because of page
   * crash or hang"). Either way the connection is marked lost — else it would look alive and be
   * handed to the next session — and the caller gets the session-gone error, not a bare failure.
   */
  /**
   * A refused or reset wire usually means the driver just died, and its exit event can trail the
   * failed request by a moment on a loaded machine: wait for it briefly, so the caller is told
   * `driver_exited` and `running()` says false at once, rather than a bare transport failure now
   * and the truth later.
   */
  private async settleExit(): Promise<void> {
    if (this.endpoint.exitReason !== undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.endpoint.exited, new Promise<void>((r) => (timer = setTimeout(r, 1000)))]);
    clearTimeout(timer);
  }

  private async sessionLoss(e: unknown): Promise<unknown> {
    const { name, message } = webdriverErrorName(e);
    if (name === 'invalid session id') {
      this.lost(message);
      return e;
    }
    if (name !== 'unknown error') return e;
    try {
      await wireRequest(this.target, 'GET', `/session/${this.sessionId}/window`, undefined, AbortSignal.timeout(2000));
      return e;
    } catch (probe) {
      if (webdriverErrorName(probe).name !== 'invalid session id') return e;
      this.lost(webdriverErrorName(probe).message);
      return probe;
    }
  }

  private lost(message: string): void {
    if (this.closedWhy !== undefined) return;
    this.lostByDriver = true;
    this.closedWhy = `the driver ended it: ${message.split('\n')[0]!.slice(0, 200)}`;
    this.onLost?.(this.closedWhy);
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
        await wireRequest(this.endpoint.url ?? this.endpoint.port, 'DELETE', `/session/${this.sessionId}`, undefined, ac.signal);
      } catch {
        // The process is killed next anyway.
      } finally {
        clearTimeout(t);
      }
    }
  }
}
