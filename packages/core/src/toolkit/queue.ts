/**
 * Runs tasks one after another in arrival order. A task whose signal aborts while it waits is
 * answered at once and its slot is skipped, so it never starts and the next task still runs.
 * A running task that is aborted is answered by its own code (it honours the signal); the queue
 * moves on only when it has really settled, so two tasks never touch the browser at once.
 */
export class SerialQueue {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  get pending(): number {
    return this.#pending;
  }

  /**
   * Settles when every task queued so far has settled (never rejects). A session's close waits on it
   * after aborting the session's calls, so it touches the browser only once the running one let go.
   */
  settled(): Promise<void> {
    return this.#tail;
  }

  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    this.#pending++;
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((r) => (release = r));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void previous.then(async () => {
        signal.removeEventListener('abort', onAbort);
        try {
          if (signal.aborted) return reject(signal.reason);
          resolve(await task());
        } catch (e) {
          reject(e);
        } finally {
          this.#pending--;
          release();
        }
      });
    });
  }
}
