import { BidiConnection } from './connection';
import { browserGone, isBidiError } from './errors';
import type { ManagedProcess } from './process';

/**
 * One browser and its single BiDi session: the connection, the process we launched (absent when
 * attached), and the routing of browsingContext events to the pages that wait on them. Many
 * BackendSessions share one BidiBrowser, each in its own user context.
 */

export type ContextEventListener = (method: string, params: Record<string, unknown>) => void;

/** Events every backend needs; one subscription for all contexts keeps routing in one place. */
const REQUIRED_EVENTS = [
  'browsingContext.navigationStarted',
  'browsingContext.domContentLoaded',
  'browsingContext.load',
  'browsingContext.fragmentNavigated',
  'browsingContext.navigationFailed',
  'browsingContext.contextDestroyed',
];
/** Newer events some versions lack (Firefox 153 ESR has no navigationAborted); subscribed one by one. */
const OPTIONAL_EVENTS = ['browsingContext.navigationCommitted', 'browsingContext.navigationAborted'];

export interface BrowserStartOptions {
  url: string;
  capabilities: Record<string, unknown>;
  process?: ManagedProcess;
  attached: boolean;
  signal: AbortSignal;
}

export class BidiBrowser {
  readonly version: string;
  readonly name: string;
  /** Whether the browser reports `browsingContext.navigationCommitted` (else commit ≈ domContentLoaded). */
  supportsCommitted = false;
  private readonly contextListeners = new Map<string, Set<ContextEventListener>>();
  private ended = false;

  private constructor(
    readonly conn: BidiConnection,
    readonly process: ManagedProcess | undefined,
    readonly attached: boolean,
    caps: Record<string, unknown>,
  ) {
    this.version = String(caps['browserVersion'] ?? '');
    this.name = String(caps['browserName'] ?? '');
    // The launcher sees the process die before the socket does; label pending calls accordingly.
    void process?.exited.then(() => conn.markClosed('process_exited'));
    for (const ev of [...REQUIRED_EVENTS, ...OPTIONAL_EVENTS]) conn.on(ev, (p) => this.route(ev, p));
  }

  /** Connects, creates the BiDi session and subscribes. Kills nothing on failure: the caller owns the process. */
  static async start(o: BrowserStartOptions): Promise<BidiBrowser> {
    const conn = await BidiConnection.connect(o.url, o.signal);
    try {
      const res = await conn.send<{ capabilities: Record<string, unknown> }>('session.new', { capabilities: o.capabilities }, o.signal);
      const b = new BidiBrowser(conn, o.process, o.attached, res.capabilities ?? {});
      await conn.send('session.subscribe', { events: REQUIRED_EVENTS }, o.signal);
      const optional = await Promise.all(
        OPTIONAL_EVENTS.map((ev) =>
          conn.send('session.subscribe', { events: [ev] }, o.signal).then(
            () => true,
            (e: unknown) => {
              if (isBidiError(e, 'invalid argument')) return false;
              throw e;
            },
          ),
        ),
      );
      b.supportsCommitted = optional[0] === true;
      return b;
    } catch (e) {
      conn.close();
      throw e;
    }
  }

  get alive(): boolean {
    return !this.conn.closed && (this.process === undefined || this.process.alive);
  }

  /** Listens to browsingContext events whose `context` is `context`. */
  onContext(context: string, listener: ContextEventListener): () => void {
    let set = this.contextListeners.get(context);
    if (!set) this.contextListeners.set(context, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.contextListeners.get(context) === set) this.contextListeners.delete(context);
    };
  }

  private route(method: string, params: Record<string, unknown>): void {
    const ctx = params['context'];
    if (typeof ctx !== 'string') return;
    const set = this.contextListeners.get(ctx);
    if (set) for (const l of [...set]) l(method, params);
  }

  /**
   * Ends the BiDi session and closes the socket. When we launched the browser, asks it to close first
   * (`browser.close`) so profiles are flushed; the launcher then kills whatever is left.
   */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.conn.closed) {
      const signal = AbortSignal.timeout(2000);
      const command = this.attached ? 'session.end' : 'browser.close';
      await this.conn.send(command, {}, signal).catch(() => undefined);
    }
    this.conn.close();
  }

  /** Throws browser_not_running when the connection is gone (cheap pre-check before a command). */
  assertAlive(): void {
    if (!this.alive) throw browserGone(this.process && !this.process.alive ? 'process_exited' : 'connection_closed');
  }
}
