import WebSocket from 'ws';
import type { Commands, EventData } from 'webdriver-bidi-protocol';
import { ERRORS, raise, type ProviderError } from '@browser-provider/core/toolkit';
import { browserGone, translateBidiError, type GoneReason } from './errors';

/**
 * JSON-over-WebSocket transport for WebDriver BiDi: correlates command ids with responses and fans
 * events out to listeners. This is the hot path of every action, so it does the minimum: one
 * JSON.stringify per command, one JSON.parse per message, a Map lookup, no validation of results
 * (callers read only the fields they need).
 */

/** An error the remote end answered (`type: "error"`), before translation. */
export interface BidiErrorReply {
  error: string;
  message: string;
  stacktrace?: string;
}

/**
 * Every command we send, by name, with its params and result: the spec's map from
 * `webdriver-bidi-protocol`. An engine adapter adds its vendor commands (chromedriver's `goog:cdp.*`)
 * by augmenting this interface in its own package, so the name lives beside the code that uses it.
 */
export interface BidiCommands extends Commands {}

/**
 * The package declares the spec's enumerations (`"tab" | "window"`, readiness states) as const enums,
 * which a string literal does not satisfy and which isolatedModules cannot import as values; params
 * take their string values instead (`${E}` of a string enum is the union of its values).
 */
type Wire<T> = T extends string ? `${T}` : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

export type BidiMethod = keyof BidiCommands;
export type BidiParams<M extends BidiMethod> = Wire<BidiCommands[M]['params']>;
export type BidiResult<M extends BidiMethod> = BidiCommands[M]['returnType'];

/**
 * Every event we listen to, by name, with its params: the spec's events from `webdriver-bidi-protocol`,
 * keyed by `method` as the commands are. Nothing checks an event's params at run time (as with
 * results), so handlers still guard the fields a browser of another version may leave out.
 */
type SpecEvents = { [E in EventData as E['method']]: Wire<E['params']> };
export interface BidiEvents extends SpecEvents {}

export type BidiEventName = keyof BidiEvents;
export type BidiEventParams<E extends BidiEventName> = BidiEvents[E];
/** `[name, params]` of each event, by name: `BidiEventArgs[E]` for one, a switch on the name narrows the params. */
export type BidiEventArgs = { [E in BidiEventName]: [method: E, params: BidiEventParams<E>] };
export type EventListener<E extends BidiEventName> = (params: BidiEventParams<E>) => void;

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  cleanup?: () => void;
}

export class BidiConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  private readonly closeListeners = new Set<(e: ProviderError) => void>();
  private closedWith: ProviderError | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.onMessage(data.toString()));
    ws.on('close', () => this.markClosed('connection_closed'));
    // 'error' is always followed by 'close'; the listener only keeps ws from throwing.
    ws.on('error', () => undefined);
  }

  /** Opens the socket; rejects with browser_not_running when it cannot connect or `signal` aborts. */
  static async connect(url: string, signal: AbortSignal): Promise<BidiConnection> {
    signal.throwIfAborted();
    // Large screenshots exceed ws's 100 MiB default only in extreme cases; raise it anyway.
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        ws.terminate();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      ws.once('open', () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
      ws.once('error', (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(
          raise(ERRORS.connect_failed, `Could not connect to the WebDriver BiDi endpoint ${url}: ${e.message}`, undefined, { cause: e }),
        );
      });
    });
    return new BidiConnection(ws);
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /**
   * Sends one command, typed by its name: a wrong name or param is a compile error. Resolves with its
   * `result`; rejects with the translated ProviderError, with `signal.reason` as soon as `signal`
   * aborts (a late answer is dropped), or with browser_not_running when the socket closes first.
   */
  send<M extends BidiMethod>(method: M, params: BidiParams<M>, signal?: AbortSignal): Promise<BidiResult<M>> {
    return this.sendRaw(method, params, signal) as Promise<BidiResult<M>>;
  }

  /**
   * Sends a command by any name with any params, unchecked: only for `bidi.send`, the client's raw
   * passthrough, whose command and params are the client's.
   */
  sendRaw(method: string, params: object, signal?: AbortSignal): Promise<unknown> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const entry: Pending = { method, resolve, reject };
      if (signal) {
        const onAbort = () => {
          this.pending.delete(id);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entry.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.pending.set(id, entry);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Subscribes a listener to one event name (e.g. `browsingContext.load`); returns the unsubscriber. */
  on<E extends BidiEventName>(event: E, listener: EventListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    // Kept by name: onMessage calls it only with params of an event of that name.
    const untyped = listener as (params: unknown) => void;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  /** Called once when the connection is lost, with the error every later command gets. */
  onClose(listener: (e: ProviderError) => void): () => void {
    if (this.closedWith) {
      listener(this.closedWith);
      return () => undefined;
    }
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /**
   * Marks the connection dead with `reason` (e.g. `process_exited` when the launcher saw the browser
   * exit before the socket noticed), rejects everything pending, and closes the socket.
   */
  markClosed(reason: GoneReason): void {
    if (this.closedWith) return;
    const err = browserGone(reason);
    this.closedWith = err;
    for (const p of this.pending.values()) {
      p.cleanup?.();
      p.reject(err);
    }
    this.pending.clear();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    for (const l of this.closeListeners) l(err);
    this.closeListeners.clear();
  }

  /** Closes the socket on purpose (shutdown / detach). */
  close(): void {
    this.markClosed('connection_closed');
  }

  private onMessage(text: string): void {
    let msg: { id?: number | null; type?: string; method?: string; params?: unknown; result?: unknown } & Partial<BidiErrorReply>;
    try {
      msg = JSON.parse(text);
    } catch {
      return; // A remote end that sends non-JSON is broken; the command will time out via its signal.
    }
    if (msg.type === 'event' && typeof msg.method === 'string') {
      const set = this.listeners.get(msg.method);
      if (set) for (const l of set) l(msg.params ?? {});
      return;
    }
    if (typeof msg.id !== 'number') return; // error without id: a message we sent could not be parsed
    const p = this.pending.get(msg.id);
    if (!p) return; // aborted earlier
    this.pending.delete(msg.id);
    p.cleanup?.();
    if (msg.type === 'success') p.resolve(msg.result);
    else p.reject(translateBidiError({ error: msg.error ?? 'unknown error', message: msg.message ?? '' }, p.method));
  }
}
