/** Small AbortSignal helpers (core keeps its own; backends do not import core internals). */

/** Rejects with the signal's reason as soon as it aborts; `work` itself keeps running. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
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
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs tasks one at a time. A classic driver session has ONE current window and frame, so two
 * commands of different pages interleaving would act in the wrong place. A caller whose signal
 * aborts stops waiting at once, but the queue only moves on when the task's driver commands have
 * really finished, so the next task never races a command still running in the driver.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const start = this.tail.then(() => {
      if (signal.aborted) throw signal.reason;
      return task();
    });
    this.tail = start.catch(() => undefined);
    return raceAbort(start, signal);
  }
}
