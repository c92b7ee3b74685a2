import type { BrowserSetupGuide, ClickButton, Feature, MethodName, MouseAction, ProviderStatus } from '@browser-provider/protocol';
import { ERRORS, raceSignal, raise } from '@browser-provider/core/toolkit';
import type { Backend, BackendInfo, BackendSession, CustomMethod, SessionOptions } from '@browser-provider/core/backend';
import { pageScriptSource } from '@browser-provider/page-script';
import { DriverConnection } from './connection';
import type { ClassicLauncher, DriverEndpoint } from './launcher';
import { STANDARD_INPUT, type ClassicQuirks } from './quirks';
import { ClassicSession } from './session';

export interface ClassicBackendOptions {
  info: BackendInfo;
  launcher: ClassicLauncher;
  /** Real detection of the driver and browser; `running` and `sessions` come from the backend. */
  status(state: { running: boolean; sessions: number; browserVersion: string | undefined }): Promise<ProviderStatus>;
  /** `provider.setup_guide` for this host (see Backend.setupGuide); absent: core derives one from status. */
  setupGuide?(): Promise<BrowserSetupGuide>;
  customMethods?: CustomMethod[];
  /** The in-page program's source; defaults to the bundled page script (tests pass a stand-in). */
  pageScript?: () => string;
  /** How the engine's input departs from the standard (default: it does not). */
  quirks?: ClassicQuirks;
}

interface Live {
  endpoint: DriverEndpoint;
  conn: DriverConnection;
  users: Set<ClassicSession>;
}

/**
 * The engine-agnostic classic WebDriver backend. Isolation is by process: with a `per_process`
 * launcher, each `per_jcode_session` session gets its own driver and browser; `shared` sessions (and
 * every session of a `none` launcher) share one driver session and differ only by their windows.
 */
export class ClassicBackend implements Backend {
  readonly info: BackendInfo;
  readonly setupGuide?: () => Promise<BrowserSetupGuide>;
  private readonly launcher: ClassicLauncher;
  private readonly lives = new Set<Live>();
  private shared: Promise<Live> | undefined;
  private readonly sessions = new Set<ClassicSession>();
  private shuttingDown: Promise<void> | undefined;
  /** `browserVersion` reported by the last New Session, for status(). */
  private seenVersion: string | undefined;

  constructor(private readonly opts: ClassicBackendOptions) {
    this.info = opts.info;
    this.launcher = opts.launcher;
    this.setupGuide = opts.setupGuide?.bind(opts);
  }

  status(): Promise<ProviderStatus> {
    return this.opts.status({ running: this.running(), sessions: this.sessions.size, browserVersion: this.seenVersion });
  }

  features(): Feature[] {
    const f: Feature[] = ['element_refs', 'a11y_snapshot', 'full_page_screenshot', 'js_eval', 'file_upload'];
    if (this.launcher.isolation === 'per_process') f.push('isolated_contexts');
    return f;
  }

  optionalMethods(): MethodName[] {
    // No console.list / network.list / download.*: classic WebDriver has no such events.
    return [
      'page.press',
      'page.hover',
      'page.select',
      'page.go_back',
      'page.go_forward',
      'page.reload',
      'page.scroll',
      'page.eval',
      'cookie.list',
      'cookie.set',
      'cookie.delete',
      'page.set_viewport',
      'storage.get',
      'upload.set_files',
    ];
  }

  customMethods(): CustomMethod[] {
    return this.opts.customMethods ?? [];
  }

  private get quirks(): ClassicQuirks {
    return this.opts.quirks ?? STANDARD_INPUT;
  }

  clickButtons(): readonly ClickButton[] {
    return this.quirks.clickButtons;
  }

  nativeDragEvents(): boolean {
    return this.quirks.nativeDragEvents === true;
  }

  mouseActionsLacking(): readonly MouseAction[] {
    return this.quirks.mouseActionsLacking ?? [];
  }

  running(): boolean {
    return [...this.lives].some((l) => l.conn.alive);
  }

  /** Process ids of every live driver and browser, for tests and diagnostics. */
  pids(): number[] {
    return [...this.lives].flatMap((l) => l.endpoint.pids());
  }

  /** Each driver is the leader of a group that holds its browser (spawnOwned), so its family is the whole session's. */
  processGroups(): number[] {
    return this.pids();
  }

  private async start(signal: AbortSignal): Promise<Live> {
    const endpoint = await this.launcher.startDriver(signal);
    try {
      const conn = await raceSignal(DriverConnection.open(endpoint, this.launcher, signal), signal);
      const live: Live = { endpoint, conn, users: new Set() };
      // A dialog belongs to the session whose window it opened in.
      conn.dialogHandler = (window, _message) => {
        for (const s of live.users) {
          const h = s.dialogFor(window);
          if (h !== undefined) return h;
        }
        return undefined;
      };
      // A browser that died under a live driver: end the driver and what is left of the browser now,
      // so status says not running and the next shared session starts afresh.
      conn.onLost = (why) => void this.stop(live, why);
      const v = conn.capabilities.browserVersion;
      if (typeof v === 'string') this.seenVersion = v;
      this.lives.add(live);
      // A driver that died may leave its browser behind (same process group): reap it at once.
      void endpoint.exited.then(() => endpoint.kill());
      return live;
    } catch (e) {
      await endpoint.kill();
      throw e;
    }
  }

  private sharedLive(signal: AbortSignal): Promise<Live> {
    const current = this.shared;
    if (current) {
      return current.then((l) => (l.conn.alive ? l : this.restartShared(signal)));
    }
    return this.restartShared(signal);
  }

  private restartShared(signal: AbortSignal): Promise<Live> {
    const p = this.start(signal);
    this.shared = p;
    p.catch(() => {
      if (this.shared === p) this.shared = undefined;
    });
    return p;
  }

  async createSession(opts: SessionOptions): Promise<BackendSession> {
    if (this.shuttingDown) throw raise(ERRORS.shutting_down, 'The provider is shutting down.', undefined);
    if (opts.attach === 'require') {
      throw raise(ERRORS.attach_unsupported, 'Classic WebDriver cannot attach to a browser it did not start.', undefined);
    }
    const isolated = opts.isolation === 'per_jcode_session' && this.launcher.isolation === 'per_process';
    const live = isolated ? await this.start(opts.signal) : await this.sharedLive(opts.signal);
    const session = new ClassicSession(live.conn, isolated, this.opts.pageScript ?? pageScriptSource, this.quirks, (s) => this.release(live, s));
    live.users.add(session);
    this.sessions.add(session);
    return session;
  }

  private async release(live: Live, session: ClassicSession): Promise<void> {
    live.users.delete(session);
    this.sessions.delete(session);
    if (live.users.size > 0) return;
    if (this.shared && (await this.shared.catch(() => undefined)) === live) this.shared = undefined;
    await this.stop(live, 'session closed');
  }

  private async stop(live: Live, why: string): Promise<void> {
    this.lives.delete(live);
    await live.conn.close(why);
    await live.endpoint.kill();
  }

  shutdown(): Promise<void> {
    this.shuttingDown ??= (async () => {
      const signal = AbortSignal.timeout(5000);
      await Promise.allSettled([...this.sessions].map((s) => s.close(signal)));
      await Promise.allSettled([...this.lives].map((l) => this.stop(l, 'provider shut down')));
      this.shared = undefined;
      await this.launcher.shutdown();
    })();
    return this.shuttingDown;
  }
}

export function createClassicBackend(opts: ClassicBackendOptions): ClassicBackend {
  return new ClassicBackend(opts);
}
