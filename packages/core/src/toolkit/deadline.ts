/** Default deadline of a request that names no `timeout_ms`. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export class DeadlineExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * A signal that aborts when any parent aborts or after `timeoutMs`, with a reason that says which.
 * `link` adds a parent later (the call's session, once it is looked up). `dispose` clears the timer
 * and the listeners on the parents: a long-lived parent (the server's shutdown signal, a session) must
 * not collect one listener per request.
 */
export function deadline(timeoutMs: number, ...parents: AbortSignal[]): { signal: AbortSignal; dispose: () => void; link: (parent: AbortSignal) => void } {
  const own = new AbortController();
  const timer = setTimeout(() => own.abort(new DeadlineExceeded(timeoutMs)), timeoutMs);
  const listeners: Array<() => void> = [];
  const link = (parent: AbortSignal) => {
    if (parent.aborted) return own.abort(parent.reason);
    const onAbort = () => own.abort(parent.reason);
    parent.addEventListener('abort', onAbort, { once: true });
    listeners.push(() => parent.removeEventListener('abort', onAbort));
  };
  for (const parent of parents) link(parent);
  return {
    signal: own.signal,
    dispose: () => {
      clearTimeout(timer);
      for (const remove of listeners.splice(0)) remove();
    },
    link,
  };
}

/** Rejects with the signal's reason as soon as it aborts, whatever `work` is doing. */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
