import type { BrowserSetupGuide, ClickButton, Feature, MediaFeature, MethodName, MouseAction, OwnMethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import type { Backend, BackendInfo, BackendSession, RouteHeaderLimits, SessionOptions } from '../backend';
import type { CustomMethod } from '../backend';
import { familyPssMb } from '../host/procfs';
import { PROVIDER_DEFAULTS } from './limits';
import { engineGuide } from '../setup/guide';

/**
 * A backstop against a browser that grows with use: when the browser behind a backend has passed a
 * memory budget or served `maxSessions` sessions, new sessions go to a fresh backend (a browser of its
 * own, launched on first use) while the old one drains; the old one is shut down once its last session
 * has ended. No session moves and no call fails: a session stays on the browser it started on.
 *
 * One instance of the engine's Backend is one browser (or, where each session has a browser of its own,
 * one set of shared helpers); `make` gives a fresh one. Memory is read from the processes the backend
 * names (`processGroups`); a backend that names none is recycled by count only.
 */
export interface RecyclePolicy {
  /** Proportional set size (MB) of the browser's processes past which it is retired. */
  budgetMb?: number | undefined;
  /** Sessions a browser serves before it is retired. */
  maxSessions?: number | undefined;
  log?: ((message: string) => void) | undefined;
  /** MB used by these process groups (default: their PSS from /proc); tests give their own. */
  measureMb?: ((groups: number[]) => number) | undefined;
}

const pssOf = (groups: number[]) => groups.reduce((n, pid) => n + familyPssMb(pid), 0);

/** How long a memory reading stands (reading /proc for every session.ensure of a busy server is waste). */
const MEMORY_TTL_MS = 5_000;

interface Generation {
  backend: Backend;
  /** Sessions started on it, ever. */
  served: number;
  /** Sessions starting or open on it now. */
  live: number;
  retired: boolean;
  memory?: { at: number; mb: number };
}

export class RecyclingBackend implements Backend {
  readonly info: BackendInfo;
  private current: Generation;
  private readonly draining = new Set<Generation>();
  private recycles = 0;

  constructor(
    private readonly make: () => Backend,
    private readonly policy: RecyclePolicy,
  ) {
    this.current = this.fresh();
    this.info = this.current.backend.info;
  }

  private fresh(): Generation {
    return { backend: this.make(), served: 0, live: 0, retired: false };
  }

  /** The PSS of what the generation runs now, in MB (undefined: the backend names no processes). */
  private memoryMb(g: Generation): number | undefined {
    const groups = g.backend.processGroups?.();
    if (groups === undefined) return undefined;
    const now = Date.now();
    if (g.memory === undefined || now - g.memory.at > MEMORY_TTL_MS) g.memory = { at: now, mb: (this.policy.measureMb ?? pssOf)(groups) };
    return g.memory.mb;
  }

  /** Why the generation should serve no more sessions, or undefined. */
  private due(g: Generation): string | undefined {
    const { maxSessions, budgetMb } = this.policy;
    if (maxSessions !== undefined && g.served >= maxSessions) return `served ${g.served} sessions (limit ${maxSessions})`;
    const mb = budgetMb === undefined ? undefined : this.memoryMb(g);
    if (mb !== undefined && budgetMb !== undefined && mb > budgetMb) return `uses ${Math.round(mb)} MB (budget ${budgetMb} MB)`;
    return undefined;
  }

  /** Takes the current browser out of service; it is shut down now when idle, else when its last session ends. */
  private retire(why: string): void {
    const old = this.current;
    old.retired = true;
    this.recycles++;
    this.current = this.fresh();
    this.policy.log?.(`recycling ${this.info.family}: its browser ${why}; ${old.live} session(s) drain on it, new sessions start a fresh one`);
    if (old.live === 0) void old.backend.shutdown();
    else this.draining.add(old);
  }

  private sessionEnded(g: Generation): void {
    g.live--;
    if (g.live > 0) return;
    if (g.retired) {
      this.draining.delete(g);
      void g.backend.shutdown();
      return;
    }
    // The current browser went idle past its budget: relaunch it now, while nobody holds it.
    const why = this.due(g);
    if (why !== undefined) this.retire(why);
  }

  async createSession(opts: SessionOptions): Promise<BackendSession> {
    const why = this.due(this.current);
    if (why !== undefined) this.retire(why);
    const g = this.current;
    g.served++;
    g.live++;
    let session: BackendSession;
    try {
      session = await g.backend.createSession(opts);
    } catch (e) {
      g.served--;
      this.sessionEnded(g);
      throw e;
    }
    // A session without `ended` keeps its browser out of the drain until shutdown (none here lacks it).
    void session.ended?.then(() => this.sessionEnded(g));
    return session;
  }

  async status(): Promise<ProviderStatus> {
    const s = await this.current.backend.status();
    const all = [this.current, ...this.draining];
    const sessions = (await Promise.all([...this.draining].map(async (g) => (await g.backend.status()).sessions ?? 0))).reduce((a, b) => a + b, s.sessions ?? 0);
    const mb = this.memoryMb(this.current);
    return {
      ...s,
      browser_running: all.some((g) => g.backend.running()),
      sessions,
      recycle: {
        recycles: this.recycles,
        draining: this.draining.size,
        sessions_served: this.current.served,
        ...(mb !== undefined ? { memory_mb: Math.round(mb) } : {}),
        ...(this.policy.budgetMb !== undefined ? { budget_mb: this.policy.budgetMb } : {}),
        ...(this.policy.maxSessions !== undefined ? { max_sessions: this.policy.maxSessions } : {}),
      },
    };
  }

  setupGuide(): Promise<BrowserSetupGuide> {
    return engineGuide(this.current.backend);
  }

  processGroups(): number[] {
    return [this.current, ...this.draining].flatMap((g) => g.backend.processGroups?.() ?? []);
  }

  features(): Feature[] {
    return this.current.backend.features();
  }
  optionalMethods(): MethodName[] {
    return this.current.backend.optionalMethods();
  }
  clickButtons(): readonly ClickButton[] {
    return this.current.backend.clickButtons?.() ?? ['left'];
  }
  screenshotFormats(): readonly ScreenshotFormat[] {
    return this.current.backend.screenshotFormats?.() ?? ['png'];
  }
  screencast(): boolean {
    return this.current.backend.screencast?.() ?? false;
  }
  mouseActionsLacking(): readonly MouseAction[] {
    return this.current.backend.mouseActionsLacking?.() ?? [];
  }

  mediaFeatures(): readonly MediaFeature[] {
    return this.current.backend.mediaFeatures?.() ?? [];
  }
  customMethods(): CustomMethod[] {
    return this.current.backend.customMethods();
  }
  ownMethods(): readonly OwnMethodName[] {
    return this.current.backend.ownMethods?.() ?? [];
  }
  routeHeaderLimits(): RouteHeaderLimits {
    return this.current.backend.routeHeaderLimits?.() ?? { unsettable: [], unremovable: [] };
  }
  running(): boolean {
    return this.current.backend.running() || [...this.draining].some((g) => g.backend.running());
  }

  async shutdown(): Promise<void> {
    const all = [this.current, ...this.draining];
    this.draining.clear();
    await Promise.all(all.map((g) => g.backend.shutdown()));
  }
}

/**
 * `make`'s engine behind the memory backstop, with `PROVIDER_DEFAULTS.recycle` for what `policy` leaves
 * out: how both `browser-provider serve` and the library's `createProvider` build an engine they launch.
 * `false` gives `make()` alone (a browser someone else started is never relaunched behind their back).
 */
export function withRecycling(make: () => Backend, policy: RecyclePolicy | false = {}): Backend {
  if (policy === false) return make();
  return new RecyclingBackend(make, {
    ...policy,
    budgetMb: policy.budgetMb ?? PROVIDER_DEFAULTS.recycle.budgetMb,
    maxSessions: policy.maxSessions ?? PROVIDER_DEFAULTS.recycle.maxSessions,
  });
}
