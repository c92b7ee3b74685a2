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
 * `dispose` clears the timer and the listeners on the parents: a long-lived parent (the server's
 * shutdown signal) must not collect one listener per request.
 */
export function deadline(timeoutMs: number, ...parents: AbortSignal[]): { signal: AbortSignal; dispose: () => void } {
  const own = new AbortController();
  const timer = setTimeout(() => own.abort(new DeadlineExceeded(timeoutMs)), timeoutMs);
  const listeners = parents.map((parent) => {
    const onAbort = () => own.abort(parent.reason);
    if (parent.aborted) own.abort(parent.reason);
    else parent.addEventListener('abort', onAbort, { once: true });
    return () => parent.removeEventListener('abort', onAbort);
  });
  return {
    signal: own.signal,
    dispose: () => {
      clearTimeout(timer);
      for (const remove of listeners) remove();
    },
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
