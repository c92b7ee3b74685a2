import type { VideoEncoder } from './encoder';

/** Where frames come from: the current page's image now, or undefined when there is none to show. */
export type FrameSource = (signal: AbortSignal) => Promise<Buffer | undefined>;

export interface RecorderStats {
  /** Output frames written (each one 1/fps s of video). */
  frames: number;
  /** Images the engine delivered. */
  captures: number;
  /** Captures that failed (no page for a moment, a navigation in the way); the last image stands in. */
  misses: number;
  /** Output frames left out because the encoder fell behind. */
  dropped: number;
  durationMs: number;
}

/**
 * Captures at most `fps` images a second and writes a constant-rate stream: every output frame due by
 * the wall clock shows the latest image, so a capture that takes long (an engine busy with an action)
 * holds the picture still instead of speeding the video up.
 */
export class Recorder {
  readonly #abort = new AbortController();
  readonly #loop: Promise<void>;
  #start: number | undefined;
  #latest: Buffer | undefined;
  #written = 0;
  #captures = 0;
  #misses = 0;
  /** Callers waiting for a capture that started after their time. */
  readonly #waiters = new Set<{ since: number; resolve: () => void }>();

  constructor(
    readonly encoder: VideoEncoder,
    readonly grab: FrameSource,
    readonly fps: number,
    readonly now: () => number = Date.now,
  ) {
    this.#loop = this.#run();
  }

  async #run(): Promise<void> {
    const signal = this.#abort.signal;
    const interval = 1000 / this.fps;
    while (!signal.aborted) {
      const t0 = this.now();
      await this.#capture(signal);
      const wait = interval - (this.now() - t0);
      if (wait > 0) await sleep(wait, signal);
    }
  }

  async #capture(signal: AbortSignal): Promise<void> {
    const started = this.now();
    try {
      const image = await this.grab(signal);
      if (image !== undefined) {
        this.#captures++;
        // Until a picture arrives the video shows the one before it: never an event before it happened.
        this.#emit(this.now());
        this.#latest = image;
        this.#start ??= this.now();
        for (const w of this.#waiters) if (w.since <= started) w.resolve();
      }
    } catch {
      if (!signal.aborted) this.#misses++;
    }
    this.#emit(this.now());
  }

  /** Writes the latest image once for every output frame due by `until`. */
  #emit(until: number): void {
    if (this.#latest === undefined || this.#start === undefined) return;
    const due = Math.floor(((until - this.#start) * this.fps) / 1000) + 1;
    for (; this.#written < due; this.#written++) this.encoder.write(this.#latest);
  }

  /** Resolves once an image captured after `since` is in the video, or after `timeoutMs`. */
  captured(since: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const w = {
        since,
        resolve: () => {
          clearTimeout(t);
          this.#waiters.delete(w);
          resolve();
        },
      };
      const t = setTimeout(w.resolve, timeoutMs);
      this.#waiters.add(w);
    });
  }

  /** Takes one last picture, writes every frame due, and answers what was recorded. */
  async stop(): Promise<RecorderStats> {
    this.#abort.abort();
    for (const w of this.#waiters) w.resolve();
    await this.#loop;
    await this.#capture(new AbortController().signal);
    const frames = this.encoder.frames;
    return { frames, captures: this.#captures, misses: this.#misses, dropped: this.encoder.dropped, durationMs: Math.round((frames * 1000) / this.fps) };
  }

  /** Stops capturing without a last picture (the session is going away). */
  async cancel(): Promise<void> {
    this.#abort.abort();
    await this.#loop;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
