import type { EventEnvelope, ResponseEnvelope } from '@browser-provider/protocol';
import type { Backend } from './backend';
import { Dispatcher } from './dispatch/dispatcher';
import { eventHub } from './ops/events';
import { Provider, type ProviderOptions } from './provider';

export interface ProviderServerOptions extends Omit<ProviderOptions, 'backend' | 'engines'> {
  /** Start a session's worth of every engine now (`--prelaunch`), so the first session.ensure does not wait for a launch. */
  prelaunch?: boolean;
}

/**
 * One provider over one or more engines, for a transport living in the same process (the MCP server;
 * the stdio server below is built the same way). Every answer is the protocol's own envelope.
 */
export interface ProviderServer {
  readonly provider: Provider;
  readonly dispatcher: Dispatcher;
  /**
   * Answers one request envelope `{protocol_version: "0.1", id, method, params}` given as a parsed
   * object; never throws (bad input is an error envelope). Calls may overlap: those of one session run
   * in arrival order, those of different sessions in parallel.
   */
  call(request: unknown): Promise<ResponseEnvelope>;
  /**
   * Whether some engine here answers `method` and no server flag shuts it (the method registry's
   * answer): the MCP server lists a tool only when its method is callable.
   */
  callable(method: string): boolean;
  /** Receives event envelopes (sessions that called events.subscribe) as they happen; returns the unsubscribe. */
  onEvent(sink: (event: EventEnvelope) => void): () => void;
  /** Settles once prelaunching has finished, well or not (at once without `prelaunch`). */
  readonly ready: Promise<void>;
  /** Aborts the calls in flight, closes every session and stops every browser. Idempotent. */
  close(reason?: string): Promise<void>;
}

/**
 * `backends`: the engines to front, the first the default (a session without `browser_preference`
 * gets it). Engines start lazily, with the first session routed to each, unless `prelaunch`.
 */
export function createProviderServer(backends: Backend | readonly Backend[], options: ProviderServerOptions = {}): ProviderServer {
  const { provider, ready } = startProvider(backends, options);
  const dispatcher = new Dispatcher(provider);
  let closing: Promise<void> | undefined;
  return {
    provider,
    dispatcher,
    ready,
    call: (request) => dispatcher.handle(request),
    callable: (method) => dispatcher.methods.callable(method),
    onEvent: (sink) => eventHub(provider).addSink(sink),
    close(reason = 'the provider shut down') {
      closing ??= (async () => {
        dispatcher.abortAll();
        await provider.shutdown(reason);
      })();
      return closing;
    },
  };
}

/** The provider both servers run: says on its log which engines it fronts, and prelaunches when asked. */
export function startProvider(backends: Backend | readonly Backend[], options: ProviderServerOptions): { provider: Provider; ready: Promise<void> } {
  const list: readonly Backend[] = Array.isArray(backends) ? backends : [backends as Backend];
  const first = list[0];
  if (first === undefined) throw new Error('a provider needs at least one backend');
  const { prelaunch, ...rest } = options;
  const provider = new Provider({ ...rest, backend: first, engines: list });
  if (provider.engines.multi) provider.log(`fronting ${provider.engines.families().join(', ')}; default ${first.info.family}: ${provider.engines.defaultReason}`);
  return { provider, ready: prelaunch === true ? provider.prelaunch() : Promise.resolve() };
}
