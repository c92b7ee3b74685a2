import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { EventEnvelope, ResponseEnvelope, type RequestId } from '@browser-provider/protocol';
import { deadline, request, toResult } from './envelope';
import { CallAbortedError } from './errors';
import { openSession } from './session';
import type { CallOptions, LineObserver, SendLineOptions, StreamProvider, TypedProvider } from './types';

export interface StdioStreams {
  /** What the provider writes: one JSON envelope per line. */
  input: Readable;
  /** Where requests go. */
  output: Writable;
}

export interface StdioOptions {
  /** Sees every line sent and received; may refuse a received one (see LineObserver). */
  onLine?: LineObserver;
}

interface Waiter {
  id: RequestId | null;
  method: string | undefined;
  settle: (answer: ResponseEnvelope | Error) => void;
}

/** A request's name in error messages: its method, when the line had one. */
const label = (method: string | undefined) => method ?? '(raw line)';

function methodOf(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    const method = typeof value === 'object' && value !== null ? (value as { method?: unknown }).method : undefined;
    return typeof method === 'string' ? method : undefined;
  } catch {
    return undefined;
  }
}

/** The calls of a stream client; `close` is its owner's (connectStdio, spawnProvider). */
export type ChannelCalls = Omit<StreamProvider, 'close'>;

export interface Channel {
  calls: ChannelCalls;
  /** Later calls reject with `reason(method)`; the calls already waiting still get their answers. */
  refuse(reason: (method: string) => Error): void;
  /** Also fails every call still waiting, with `reason(method)`. */
  end(reason: (method: string) => Error): void;
}

/**
 * Newline-delimited JSON over a stream pair, answers matched by id so calls may overlap. Blank lines
 * are skipped; a line that is not an envelope is dropped (after the observer saw it), because this
 * is a client for use: a strict harness refuses such lines through `onLine`.
 */
export function openChannel(streams: StdioStreams, options: StdioOptions, onInputEnd: () => void): Channel {
  const pending = new Map<RequestId, Waiter>();
  /** sendLine calls without an id, oldest first: each takes the next `id: null` answer. */
  const nullWaiters: Waiter[] = [];
  const sinks = new Set<(e: EventEnvelope) => void>();
  let nextId = 1;
  let refusal: ((method: string) => Error) | undefined;

  const forget = (w: Waiter) => {
    if (w.id !== null) {
      if (pending.get(w.id) === w) pending.delete(w.id);
      return;
    }
    const at = nullWaiters.indexOf(w);
    if (at >= 0) nullWaiters.splice(at, 1);
  };

  const send = (id: RequestId | null, method: string | undefined, line: string, callOptions: CallOptions | undefined): Promise<ResponseEnvelope> => {
    if (refusal) return Promise.reject(refusal(label(method)));
    if (id !== null && pending.has(id)) return Promise.reject(new TypeError(`id ${JSON.stringify(id)} is already in flight`));
    const signal = callOptions?.signal;
    if (signal?.aborted) return Promise.reject(new CallAbortedError(label(method), signal.reason));
    let settle: Waiter['settle'] = () => undefined;
    const answer = new Promise<ResponseEnvelope>((resolve, reject) => (settle = (a) => (a instanceof Error ? reject(a) : resolve(a))));
    const w: Waiter = { id, method, settle };
    if (id === null) nullWaiters.push(w);
    else pending.set(id, w);
    const waiting = deadline(answer, label(method), callOptions, () => forget(w));
    options.onLine?.({ direction: 'sent', text: line, request: { id, method } });
    const { output } = streams;
    if (!output.writableEnded && !output.destroyed) output.write(`${line}\n`);
    return waiting;
  };

  const callUntyped = (method: string, params?: unknown, callOptions?: CallOptions) => {
    let id = nextId++;
    while (pending.has(id)) id = nextId++; // an id a sendLine chose
    return send(id, method, JSON.stringify(request(id, method, params)), callOptions);
  };

  /** The call a received value answers, by its id (`null`: the oldest sendLine waiting for one). */
  const waiterFor = (value: unknown): Waiter | undefined => {
    if (typeof value !== 'object' || value === null || 'event' in value || !('id' in value)) return undefined;
    const { id } = value;
    if (id === null) return nullWaiters[0];
    return typeof id === 'string' || typeof id === 'number' ? pending.get(id) : undefined;
  };

  const lines = createInterface({ input: streams.input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let value: unknown;
    let json = true;
    try {
      value = JSON.parse(line);
    } catch {
      json = false;
    }
    const waiter = json ? waiterFor(value) : undefined;
    const verdict = options.onLine?.({ direction: 'received', text: line, ...(waiter ? { request: { id: waiter.id, method: waiter.method } } : {}) });
    if (verdict instanceof Error) {
      if (waiter) (forget(waiter), waiter.settle(verdict));
      return;
    }
    if (!json) return;
    if (typeof value === 'object' && value !== null && 'event' in value) {
      const event = EventEnvelope.safeParse(value);
      if (event.success) for (const sink of sinks) sink(event.data);
      return;
    }
    const response = ResponseEnvelope.safeParse(value);
    if (response.success && waiter) (forget(waiter), waiter.settle(response.data));
  });
  lines.on('close', onInputEnd);

  const refuse = (reason: (method: string) => Error) => void (refusal ??= reason);
  return {
    calls: {
      call: ((method: string, params?: unknown, callOptions?: CallOptions) => callUntyped(method, params, callOptions).then(toResult)) as TypedProvider['call'],
      callUntyped,
      session: (params, callOptions) => openSession({ callUntyped }, params, callOptions),
      sendLine: (line: string, sendOptions?: SendLineOptions) => send(sendOptions?.id ?? null, methodOf(line), line, sendOptions),
      onEvent: (sink) => (sinks.add(sink), () => void sinks.delete(sink)),
    },
    refuse,
    end(reason) {
      refuse(reason);
      const waiting = [...pending.values(), ...nullWaiters.splice(0)];
      pending.clear();
      for (const w of waiting) w.settle(reason(label(w.method)));
    },
  };
}
