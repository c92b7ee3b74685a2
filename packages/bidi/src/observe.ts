import type { ConsoleEntry, NetworkEntry } from '@browser-provider/core';

/** Entries kept per page for `console.list` / `network.list`: the newest, a bounded amount of memory. */
export const RING_SIZE = 500;
/** Longest console text kept per entry (a page logging megabytes must not grow our memory). */
const MAX_TEXT = 10_000;

/** A fixed-size buffer that drops its oldest entry when full. */
export class RingBuffer<T> {
  readonly #items: T[] = [];
  /** Items ever pushed: a position in it marks a point in time that outlives the items dropped. */
  #pushed = 0;
  constructor(readonly size = RING_SIZE) {}

  get pushed(): number {
    return this.#pushed;
  }

  push(item: T): void {
    this.#pushed++;
    this.#items.push(item);
    if (this.#items.length > this.size) this.#items.splice(0, this.#items.length - this.size);
  }

  /** Oldest first. */
  toArray(): T[] {
    return [...this.#items];
  }

  /** The items kept that were pushed at or after position `mark` (a past `pushed`), oldest first. */
  since(mark: number): T[] {
    const n = Math.min(this.#pushed - mark, this.#items.length);
    return n > 0 ? this.#items.slice(-n) : [];
  }

  find(pred: (item: T) => boolean): T | undefined {
    for (let i = this.#items.length - 1; i >= 0; i--) {
      const item = this.#items[i] as T;
      if (pred(item)) return item;
    }
    return undefined;
  }
}

/** A BiDi `log.entryAdded` as a console entry: `console.*` calls and uncaught errors alike. */
export function consoleEntry(p: Record<string, unknown>): ConsoleEntry {
  const text = typeof p['text'] === 'string' ? p['text'] : '';
  const method = typeof p['method'] === 'string' ? p['method'] : undefined;
  // BiDi levels are only debug/info/warn/error; the console method (log, warn, table, …) says more.
  const level = p['type'] === 'javascript' ? 'error' : (method ?? String(p['level'] ?? 'info'));
  return {
    level,
    text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
    timestamp: typeof p['timestamp'] === 'number' ? p['timestamp'] : Date.now(),
    source: p['type'] === 'javascript' ? 'javascript' : 'console',
  };
}

interface BidiRequest {
  request?: string;
  url?: string;
  method?: string;
  destination?: string;
  initiatorType?: string | null;
}

/** Folds BiDi network events into one entry per request (redirects update the same entry). */
export class NetworkLog {
  readonly entries = new RingBuffer<NetworkEntry>();

  onEvent(method: string, p: Record<string, unknown>): void {
    const req = (p['request'] ?? {}) as BidiRequest;
    const id = req.request;
    if (typeof id !== 'string') return;
    const at = typeof p['timestamp'] === 'number' ? p['timestamp'] : Date.now();
    if (method === 'network.beforeRequestSent') {
      const existing = this.entries.find((e) => e.request_id === id);
      const initiator = (p['initiator'] ?? {}) as { type?: string };
      const type = req.destination || req.initiatorType || initiator.type;
      const fresh: NetworkEntry = {
        request_id: id,
        method: req.method ?? 'GET',
        url: req.url ?? '',
        started_at: at,
        ...(type ? { resource_type: type } : {}),
      };
      if (existing) Object.assign(existing, fresh, { started_at: existing.started_at });
      else this.entries.push(fresh);
      return;
    }
    const entry = this.entries.find((e) => e.request_id === id);
    if (!entry) return;
    // The status is known once headers arrive (responseStarted): Chrome 156 sends no responseCompleted
    // for a fetch whose body the page never reads.
    if (method !== 'network.responseStarted') entry.duration_ms = Math.max(0, at - entry.started_at);
    if (method === 'network.responseCompleted' || method === 'network.responseStarted') {
      const status = (p['response'] as { status?: unknown } | undefined)?.status;
      if (typeof status === 'number') entry.status = status;
    } else if (method === 'network.fetchError') {
      entry.failed = true;
    }
  }
}
