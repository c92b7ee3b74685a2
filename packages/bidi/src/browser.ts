import { BidiConnection, type BidiEventArgs, type BidiEventParams } from './connection';
import { browserGone, isBidiError } from './errors';
import { groupSize, type OwnedProcess } from '@browser-provider/core/host';
import { WindowPool } from './window-pool';

/**
 * One browser and its single BiDi session: the connection, the process we launched (absent when
 * attached), and the routing of browsingContext events to the pages that wait on them. Many
 * BackendSessions share one BidiBrowser, each in its own user context.
 */

/** Events every backend needs; one subscription for all contexts keeps routing in one place. */
const REQUIRED_EVENTS = [
  'browsingContext.navigationStarted',
  'browsingContext.domContentLoaded',
  'browsingContext.load',
  'browsingContext.fragmentNavigated',
  'browsingContext.navigationFailed',
  'browsingContext.contextDestroyed',
] as const;
/** Newer events some versions lack (Firefox 153 ESR has no navigationAborted); subscribed one by one. */
const OPTIONAL_EVENTS = ['browsingContext.navigationCommitted', 'browsingContext.navigationAborted'] as const;
/**
 * Events behind the optional methods (popups, dialogs, downloads, console, network), also subscribed
 * one by one: a browser without one simply never reports it, and `supported` says which took.
 */
export const OBSERVED_EVENTS = [
  'browsingContext.contextCreated',
  'browsingContext.userPromptOpened',
  'browsingContext.downloadWillBegin',
  'browsingContext.downloadEnd',
  'log.entryAdded',
  'network.beforeRequestSent',
  'network.responseStarted',
  'network.responseCompleted',
  'network.fetchError',
] as const;
/** Events routed by the top-level page their frame belongs to (an iframe's console is its page's). */
const BY_TOP = ['log.entryAdded', 'network.beforeRequestSent', 'network.responseStarted', 'network.responseCompleted', 'network.fetchError'] as const;

/** Events routed by the context they name. */
export type ContextEventName = (typeof REQUIRED_EVENTS)[number] | (typeof OPTIONAL_EVENTS)[number] | 'browsingContext.downloadWillBegin';
export type ContextEventListener = (...event: BidiEventArgs[ContextEventName]) => void;

export type TopEventName = (typeof BY_TOP)[number];
/** A console or network event of a page, with the frame inside it that it came from. */
export type TopEventArgs = { [E in TopEventName]: [method: E, params: BidiEventParams<E> & { frame: string }] };
export type TopEventListener = (...event: TopEventArgs[TopEventName]) => void;

export interface BrowserStartOptions {
  url: string;
  capabilities: Record<string, unknown>;
  process?: OwnedProcess;
  /** `process` is a driver that stays up after the browser quits (its group then holds only the driver). */
  driver?: boolean;
  attached: boolean;
  signal: AbortSignal;
  /**
   * A session made elsewhere (a Selenium Grid's classic New Session with `webSocketUrl`): `url` is its
   * socket, so no `session.new`; ending it is `end` (deleting the Grid session), not `browser.close`.
   */
  remote?: { capabilities: Record<string, unknown>; end: () => Promise<void> };
}

export class BidiBrowser {
  readonly version: string;
  readonly name: string;
  /** Whether the browser reports `browsingContext.navigationCommitted` (else commit ≈ domContentLoaded). */
  supportsCommitted = false;
  private readonly contextListeners = new Map<string, Set<ContextEventListener>>();
  private readonly topListeners = new Map<string, Set<TopEventListener>>();
  /** Parent of every child frame seen (from contextCreated), to find a frame's top-level page. */
  private readonly parents = new Map<string, string>();
  /** Which of OBSERVED_EVENTS this browser accepted a subscription for. */
  readonly supported = new Set<string>();
  /** Every live session's download folder: a finished download must lie in one of them. */
  readonly downloadDirs = new Set<string>();
  private ended = false;
  /** Windows lent to pages that open in a window of their own (see WindowPool for why they are kept). */
  readonly windows: WindowPool;
  /** Ends a session made elsewhere (set by `start`). */
  private remoteEnd: (() => Promise<void>) | undefined;

  private constructor(
    readonly conn: BidiConnection,
    readonly process: OwnedProcess | undefined,
    readonly attached: boolean,
    caps: Record<string, unknown>,
    private readonly driver: boolean,
  ) {
    this.version = String(caps['browserVersion'] ?? '');
    this.name = String(caps['browserName'] ?? '');
    this.windows = new WindowPool(conn);
    // The launcher sees the process die before the socket does; label pending calls accordingly.
    void process?.exited.then(() => conn.markClosed('process_exited'));
    for (const ev of [...REQUIRED_EVENTS, ...OPTIONAL_EVENTS, 'browsingContext.downloadWillBegin'] as const) this.forward(ev);
    for (const ev of BY_TOP) this.forwardTop(ev);
    conn.on('browsingContext.contextCreated', (p) => {
      if (typeof p.parent === 'string' && typeof p.context === 'string') this.parents.set(p.context, p.parent);
    });
    conn.on('browsingContext.contextDestroyed', (p) => {
      if (typeof p.context === 'string') this.parents.delete(p.context);
    });
  }

  /** Connects, creates the BiDi session and subscribes. Kills nothing on failure: the caller owns the process. */
  static async start(o: BrowserStartOptions): Promise<BidiBrowser> {
    const conn = await BidiConnection.connect(o.url, o.signal);
    try {
      const caps = o.remote?.capabilities ?? (await conn.send('session.new', { capabilities: o.capabilities }, o.signal)).capabilities;
      const b = new BidiBrowser(conn, o.process, o.attached, caps ?? {}, o.driver === true);
      b.remoteEnd = o.remote?.end;
      await conn.send('session.subscribe', { events: [...REQUIRED_EVENTS] }, o.signal);
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
      await Promise.all(
        OBSERVED_EVENTS.map((ev) =>
          conn.send('session.subscribe', { events: [ev] }, o.signal).then(
            () => b.supported.add(ev),
            (e: unknown) => {
              if (!isBidiError(e, 'invalid argument') && !isBidiError(e, 'unknown command')) throw e;
            },
          ),
        ),
      );
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
    return listen(this.contextListeners, context, listener);
  }

  /** The top-level context of `context` (itself when it has no known parent). */
  topOf(context: string): string {
    let c = context;
    for (let i = 0; i < 64; i++) {
      const p = this.parents.get(c);
      if (p === undefined) return c;
      c = p;
    }
    return c;
  }

  /** Listens to console, network and load events of `top` and of every frame inside it. */
  onTop(top: string, listener: TopEventListener): () => void {
    return listen(this.topListeners, top, listener);
  }

  /** Hands `ev` to the listeners of the top-level page of the frame it names (log entries name it in `source`). */
  private forwardTop<E extends TopEventName>(ev: E): void {
    this.conn.on(ev, (params) => {
      const ctx = 'context' in params && typeof params.context === 'string' ? params.context : 'source' in params ? params.source?.context : undefined;
      if (typeof ctx !== 'string') return;
      const set = this.topListeners.get(this.topOf(ctx));
      // TypeScript cannot pair a generic name with its params (microsoft/TypeScript#30581); `ev` named them.
      const event = [ev, { ...params, frame: ctx }] as TopEventArgs[E];
      if (set) for (const l of [...set]) l(...event);
    });
  }

  /** Hands `ev` to the listeners of the context it names. */
  private forward<E extends ContextEventName>(ev: E): void {
    this.conn.on(ev, (params) => {
      const ctx = params.context;
      if (typeof ctx !== 'string') return;
      const set = this.contextListeners.get(ctx);
      const event = [ev, params] as BidiEventArgs[E]; // as in forwardTop
      if (set) for (const l of [...set]) l(...event);
    });
  }

  /**
   * Ends the BiDi session and closes the socket. When we launched the browser, asks it to close first
   * (`browser.close`) so profiles are flushed; the launcher then kills whatever is left.
   */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.remoteEnd) {
      this.conn.close();
      await this.remoteEnd().catch(() => undefined);
      return;
    }
    if (!this.conn.closed) {
      const signal = AbortSignal.timeout(2000);
      const command = this.attached ? 'session.end' : 'browser.close';
      await this.conn.send(command, {}, signal).catch(() => undefined);
    }
    this.conn.close();
  }

  /**
   * Ends a browser we launched and reaps its processes, after giving it up to `graceMs` to exit on its
   * own (a browser on a kept profile writes cookies and storage out while it quits).
   */
  async quit(graceMs: number): Promise<void> {
    await this.end();
    const proc = this.process;
    if (proc === undefined) return;
    const until = Date.now() + graceMs;
    const quitted = () => !proc.alive || (this.driver && (groupSize(proc.pid) ?? 2) <= 1);
    while (!quitted() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await proc.kill();
  }

  /** Throws browser_not_running when the connection is gone (cheap pre-check before a command). */
  assertAlive(): void {
    if (!this.alive) throw browserGone(this.process && !this.process.alive ? 'process_exited' : 'connection_closed');
  }
}

/** Adds `listener` to the set under `key`; the returned function removes it (and an emptied set). */
function listen<L>(sets: Map<string, Set<L>>, key: string, listener: L): () => void {
  let set = sets.get(key);
  if (!set) sets.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && sets.get(key) === set) sets.delete(key);
  };
}
