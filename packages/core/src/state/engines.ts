import type { Backend, BackendSession } from '../backend';
import { raceSignal } from '../toolkit/deadline';

/** How long a prelaunched session may take to start before it is given up (a cold browser, a slow machine). */
const PRELAUNCH_TIMEOUT_MS = 120_000;

export interface EnginesOptions {
  /**
   * Other names a client may give in `browser_preference` for a family (`{ chromium: 'chrome' }`).
   * The app supplies them: core never names a browser.
   */
  aliases?: Readonly<Record<string, string>> | undefined;
  /** Why the default engine is the default, for `describe` and the server's log. */
  defaultReason?: string | undefined;
}

/** A session started ahead of need (`--prelaunch`), so the first session.ensure finds its browser up. */
interface Spare {
  session: Promise<BackendSession | undefined>;
  /** Set once the spare's browser went away while it waited. */
  dead: boolean;
}

/**
 * The engines one provider fronts, by family: one Backend each, the default first asked for when a
 * session names none. Everything per session (pages, refs, leases, jobs) stays in the provider; this
 * only says which engine a session runs on and starts or stops the engines.
 */
export class Engines {
  readonly list: readonly Backend[];
  readonly default: Backend;
  readonly defaultReason: string;
  readonly #aliases: ReadonlyMap<string, string>;
  readonly #spares = new Map<Backend, Spare>();

  constructor(defaultEngine: Backend, all: readonly Backend[] | undefined, opts: EnginesOptions = {}) {
    const list = all === undefined || all.length === 0 ? [defaultEngine] : [...all];
    if (!list.includes(defaultEngine)) throw new Error(`the default engine ${defaultEngine.info.family} is not among the engines`);
    const families = list.map((b) => b.info.family);
    const twice = families.find((f, i) => families.indexOf(f) !== i);
    if (twice !== undefined) throw new Error(`two engines of family ${twice}`);
    this.list = list;
    this.default = defaultEngine;
    this.defaultReason = opts.defaultReason ?? (list.length > 1 ? `${defaultEngine.info.family} is listed first` : `the only engine`);
    this.#aliases = new Map(Object.entries(opts.aliases ?? {}).map(([k, v]) => [k.toLowerCase(), v.toLowerCase()]));
  }

  /** More than one engine: describe and status add their per-family fields, calls are checked per engine. */
  get multi(): boolean {
    return this.list.length > 1;
  }

  families(): string[] {
    return this.list.map((b) => b.info.family);
  }

  /**
   * The engine `browser_preference` asks for: absent or `auto` → the default; a family or an alias
   * of one, case-insensitive; undefined when this provider does not front it.
   */
  resolve(preference: string | undefined): Backend | undefined {
    if (preference === undefined) return this.default;
    const name = preference.trim().toLowerCase();
    if (name === 'auto' || name === '') return this.default;
    const family = this.#aliases.get(name) ?? name;
    return this.list.find((b) => b.info.family === family);
  }

  /** Starts one spare session on every engine; resolves when each has started or failed (failures are logged). */
  async prelaunch(log: (m: string) => void): Promise<void> {
    await Promise.all(
      this.list.map(async (engine) => {
        if (this.#spares.has(engine)) return;
        const started = Date.now();
        const spare: Spare = { session: Promise.resolve(undefined), dead: false };
        spare.session = engine
          .createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(PRELAUNCH_TIMEOUT_MS) })
          .then(
            (s) => {
              log(`prelaunched ${engine.info.family} in ${Date.now() - started} ms`);
              void s.ended?.then(() => (spare.dead = true));
              return s;
            },
            (e: unknown) => {
              log(`prelaunching ${engine.info.family} failed: ${e instanceof Error ? e.message : String(e)}`);
              return undefined;
            },
          );
        this.#spares.set(engine, spare);
        await spare.session;
      }),
    );
  }

  /**
   * The engine's prelaunched session, if one is ready or starting (waiting for it rather than starting
   * a second browser beside it). Taken once: later sessions start as they always do. A caller that
   * gives up while waiting leaves the spare for the next one.
   */
  async takeSpare(engine: Backend, signal: AbortSignal): Promise<BackendSession | undefined> {
    const spare = this.#spares.get(engine);
    if (spare === undefined) return undefined;
    this.#spares.delete(engine);
    let session: BackendSession | undefined;
    try {
      session = await raceSignal(spare.session, signal);
    } catch (e) {
      if (!this.#spares.has(engine)) this.#spares.set(engine, spare);
      throw e;
    }
    if (session !== undefined && spare.dead) {
      await session.close(AbortSignal.timeout(5_000)).catch(() => undefined);
      return undefined;
    }
    return session;
  }

  /** Closes the spares nobody took, then stops every engine's processes. */
  async shutdown(): Promise<void> {
    const spares = [...this.#spares.values()];
    this.#spares.clear();
    await Promise.allSettled(spares.map(async (s) => (await s.session)?.close(AbortSignal.timeout(10_000))));
    const stopped = await Promise.allSettled(this.list.map((b) => b.shutdown()));
    const failed = stopped.find((r) => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}
