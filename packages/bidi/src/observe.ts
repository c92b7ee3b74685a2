import type { ConsoleEntry, NetworkDetail, NetworkEntry, NetworkHeader } from '@browser-provider/core/backend';
import type { TopEventName } from './browser';
import type { BidiEventArgs, BidiEventParams } from './connection';

/** Entries kept per page for `console.list` / `network.list`: the newest, a bounded amount of memory. */
export const RING_SIZE = 500;
/** Longest console text kept per entry (a page logging megabytes must not grow our memory). */
const MAX_TEXT = 10_000;

/** What a push that dropped nothing answers: one list for all, so a push allocates none. */
const NONE_DROPPED: readonly never[] = Object.freeze([]);

/** A fixed-size buffer that drops its oldest entry when full. */
export class RingBuffer<T> {
  readonly #items: T[] = [];
  /** Items ever pushed: a position in it marks a point in time that outlives the items dropped. */
  #pushed = 0;
  constructor(readonly size = RING_SIZE) {}

  get pushed(): number {
    return this.#pushed;
  }

  /** Adds `item`; answers the items dropped to make room (oldest first), usually none (a shared empty list). */
  push(item: T): readonly T[] {
    this.#pushed++;
    this.#items.push(item);
    return this.#items.length > this.size ? this.#items.splice(0, this.#items.length - this.size) : NONE_DROPPED;
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
export function consoleEntry(p: BidiEventParams<'log.entryAdded'>): ConsoleEntry {
  const text = typeof p.text === 'string' ? p.text : '';
  const method = 'method' in p && typeof p.method === 'string' ? p.method : undefined;
  // BiDi levels are only debug/info/warn/error; the console method (log, warn, table, …) says more.
  const level = p.type === 'javascript' ? 'error' : (method ?? String(p.level ?? 'info'));
  return {
    level,
    text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
    timestamp: typeof p.timestamp === 'number' ? p.timestamp : Date.now(),
    source: p.type === 'javascript' ? 'javascript' : 'console',
  };
}

type NetworkEventName = Exclude<TopEventName, 'log.entryAdded'>;
type RequestData = BidiEventParams<'network.beforeRequestSent'>['request'];
type ResponseData = BidiEventParams<'network.responseCompleted'>['response'];

/** Headers kept per request or response, and the longest value kept: a page chooses them, our memory must stay bounded. */
const MAX_HEADERS = 200;
const MAX_HEADER_CHARS = 8_000;

/** BiDi headers (a string value, or base64 bytes for a value that is not UTF-8) as name/value pairs, bounded. */
function headersOf(raw: RequestData['headers'] | undefined): NetworkHeader[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_HEADERS).map((h) => {
    const v = h.value?.value;
    const value = typeof v !== 'string' ? '' : h.value?.type === 'base64' ? Buffer.from(v, 'base64').toString('latin1') : v;
    return { name: String(h.name ?? '').slice(0, MAX_HEADER_CHARS), value: value.slice(0, MAX_HEADER_CHARS) };
  });
}

const countOf = (raw: RequestData['headers'] | undefined): number => (Array.isArray(raw) ? raw.length : 0);

/** Folds BiDi network events into one entry per request (redirects update the same entry). */
export class NetworkLog {
  readonly entries = new RingBuffer<NetworkEntry>();

  /**
   * `onDropped`: told the requests the buffer dropped, and whether each could have sent a body. Their
   * bodies can no longer be asked for, so the page tells the browser's data collector to let them go
   * (a collector keeps every body it collected until then: a long session would grow the browser).
   */
  constructor(private readonly onDropped?: (requests: Array<{ id: string; sentBody: boolean }>) => void) {}

  /** Headers by request id, for the requests still in `entries`. */
  readonly #headers = new Map<string, { request: NetworkHeader[]; requestCount: number; response?: NetworkHeader[]; responseCount?: number }>();

  /** One recorded request with its headers (undefined once it left the buffer). */
  detail(id: string): NetworkDetail | undefined {
    const entry = this.entries.find((e) => e.request_id === id);
    if (!entry) return undefined;
    const h = this.#headers.get(id);
    if (h === undefined) return { ...entry, request_headers: [] };
    return {
      ...entry,
      request_headers: h.request,
      ...(h.requestCount > h.request.length ? { request_header_count: h.requestCount } : {}),
      ...(h.response ? { response_headers: h.response } : {}),
      ...(h.response && h.responseCount !== undefined && h.responseCount > h.response.length ? { response_header_count: h.responseCount } : {}),
    };
  }

  /** Forgets the headers of requests the ring buffer dropped. */
  #prune(): void {
    if (this.#headers.size <= this.entries.size) return;
    const kept = new Set(this.entries.toArray().map((e) => e.request_id));
    for (const id of this.#headers.keys()) if (!kept.has(id)) this.#headers.delete(id);
  }

  onEvent(...[method, p]: BidiEventArgs[NetworkEventName]): void {
    const req: Partial<RequestData> = p.request ?? {};
    const id = req.request;
    if (typeof id !== 'string') return;
    const at = typeof p.timestamp === 'number' ? p.timestamp : Date.now();
    if (method === 'network.beforeRequestSent') {
      const existing = this.entries.find((e) => e.request_id === id);
      const type = req.destination || req.initiatorType || p.initiator?.type;
      const fresh: NetworkEntry = {
        request_id: id,
        method: req.method ?? 'GET',
        url: req.url ?? '',
        started_at: at,
        ...(type ? { resource_type: type } : {}),
      };
      if (existing) Object.assign(existing, fresh, { started_at: existing.started_at });
      else {
        const dropped = this.entries.push(fresh);
        // A GET or HEAD sends no body: only its response's can have been collected.
        if (dropped.length > 0) this.onDropped?.(dropped.map((e) => ({ id: e.request_id, sentBody: e.method !== 'GET' && e.method !== 'HEAD' })));
      }
      // A redirect's next hop replaces the headers: they are the last request's, as its response's are.
      this.#headers.set(id, { request: headersOf(req.headers), requestCount: countOf(req.headers) });
      this.#prune();
      return;
    }
    const entry = this.entries.find((e) => e.request_id === id);
    if (!entry) return;
    // The status is known once headers arrive (responseStarted): Chrome 156 sends no responseCompleted
    // for a fetch whose body the page never reads.
    if (method !== 'network.responseStarted') entry.duration_ms = Math.max(0, at - entry.started_at);
    if (method === 'network.responseCompleted' || method === 'network.responseStarted') {
      const response: Partial<ResponseData> | undefined = p.response;
      if (typeof response?.status === 'number') entry.status = response.status;
      const h = this.#headers.get(id);
      if (h && response?.headers !== undefined) {
        h.response = headersOf(response.headers);
        h.responseCount = countOf(response.headers);
      }
    } else if (method === 'network.fetchError') {
      entry.failed = true;
    }
  }
}
