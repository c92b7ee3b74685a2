import type { Backend, BackendInfo, BackendSession, CustomMethod, RouteHeaderLimits, SessionOptions } from '@browser-provider/core/backend';
import { deadline, ERRORS, raise } from '@browser-provider/core/toolkit';
import type { BrowserSetupGuide, ClickButton, Feature, MediaFeature, MethodName, OwnMethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import { pageScriptSource } from '@browser-provider/page-script';
import { BidiBrowser } from './browser';
import { BIDI_CLICK_BUTTONS, BIDI_OWN_METHODS, BIDI_SCREENSHOT_FORMATS } from './capabilities';
import { bidiSend } from './custom-methods';
import type { OwnedProcess } from '@browser-provider/core/host';
import type { PageOptions } from './page';
import { BidiSession, type SessionDownloads, type SessionKind } from './session';
import type { RemoteBrowserSource } from './source';

/** What an engine adapter provides: launching and describing its browser. Nothing else differs. */
export interface BidiAdapter {
  readonly info: BackendInfo;
  /**
   * Starts the browser (and driver) and says where its BiDi endpoint is. Kills what it started on
   * failure. With `profileDir`, the browser runs on that persistent profile and never removes it;
   * else on a fresh temporary profile removed with the process.
   */
  launch(signal: AbortSignal, profileDir?: string): Promise<LaunchedBrowser>;
  /** The BiDi endpoint of a browser the user started, when configured. */
  readonly attachUrl?: string;
  /** `session.new` capabilities for an attached browser. */
  attachCapabilities(): Record<string, unknown>;
  /** Steps that make attaching possible, for `setup_required`. */
  attachSteps(): string[];
  /**
   * New Session capabilities (`alwaysMatch`) for a browser from a remote source: browserName and engine
   * options, no local paths unless the user gave them (a Grid node knows its own browsers).
   */
  remoteCapabilities(): Record<string, unknown>;
  /** Detection; `running` and `version` come from the live browser, when there is one. */
  status(live: { running: boolean; version?: string; sessions: number }): Promise<ProviderStatus>;
  /** `provider.setup_guide` for this host (see Backend.setupGuide); absent: core derives one from status. */
  setupGuide?(): Promise<BrowserSetupGuide>;
  features(): Feature[];
  optionalMethods(): MethodName[];
  /** `page.emulate_media` where the engine has a way outside BiDi (Chrome: CDP); list the method and `mediaFeatures` with it. */
  emulateMedia?: PageOptions['emulateMedia'];
  /** The page's screencast, where the engine has one over its driver. */
  screencast?: PageOptions['screencast'];
  /** Plain text typed faster than `input.performActions` (see PageOptions.typeKeys). */
  typeKeys?: PageOptions['typeKeys'];
  /** The features `emulateMedia` overrides. */
  mediaFeatures?(): readonly MediaFeature[];
  /** Engine methods (`firefox.*`, `cdp.send`); the backend adds `bidi.send`. */
  customMethods(): CustomMethod[];
  /** Ms to wait after an input for a navigation to start (engine timing differs). */
  readonly navigationGraceMs?: number;
  /**
   * Send a click's page report together with `input.performActions` rather than after it: saves a
   * round trip where the engine runs the two side by side (default: after).
   */
  readonly reportAlongsideInput?: boolean;
  /** The engine's WebDriver makes HTML5 drag events (dragstart … drop) from pointer input (see Backend). */
  readonly nativeDragEvents?: boolean;
  /**
   * What a new page is: a tab (default) or a window of its own, for engines that throttle background
   * tabs (parallel sessions each need a visible, unthrottled page).
   */
  readonly pageContextType?: 'tab' | 'window';
  /**
   * Walk snapshots in the page's realm, with the walker taken by a preload before any page script,
   * for engines whose sandbox makes each DOM read dear (page-script's page-walker.ts). Actions are
   * still checked in the sandbox.
   */
  readonly walkSnapshotInPageRealm?: boolean;
  /** The request headers a route cannot change on this engine (see Backend.routeHeaderLimits). */
  readonly routeHeaderLimits?: RouteHeaderLimits;
}

export interface LaunchedBrowser {
  url: string;
  capabilities: Record<string, unknown>;
  process: OwnedProcess;
  /** The process is a driver that outlives the browser it started (chromedriver), not the browser. */
  driver?: boolean;
}

export interface BidiBackendOptions {
  /** Override of the page script source (tests, or a custom build). */
  pageScript?: () => string;
  /** Launch timeout. */
  launchTimeoutMs?: number;
  /** Take each session's browser from here (a Selenium Grid) instead of launching or attaching. */
  source?: RemoteBrowserSource;
}

const DEFAULT_GRACE_MS = 150;

/**
 * Backend over WebDriver BiDi. Launches the browser lazily on the first session (and again after it
 * died), keeps one BiDi session per browser, and gives each BackendSession a user context. A session
 * on a persistent profile gets a browser of its own instead: user contexts keep nothing on disk.
 */
export class BidiBackend implements Backend {
  readonly info: BackendInfo;
  readonly setupGuide?: () => Promise<BrowserSetupGuide>;
  private launched: Promise<BidiBrowser> | undefined;
  private attachedBrowser: Promise<BidiBrowser> | undefined;
  private readonly sessions = new Set<BidiSession>();
  private shuttingDown = false;
  /** The browser version a remote source's last session reported (there is no shared browser to ask). */
  private seenVersion: string | undefined;

  constructor(
    private readonly adapter: BidiAdapter,
    private readonly options: BidiBackendOptions = {},
  ) {
    const source = options.source;
    this.info = source ? { ...adapter.info, providerLabel: `${adapter.info.providerLabel} ${source.label}` } : adapter.info;
    this.setupGuide = adapter.setupGuide?.bind(adapter);
  }

  status(): Promise<ProviderStatus> {
    const version = this.current()?.version ?? this.seenVersion;
    const live = { running: this.running(), sessions: this.sessions.size, ...(version ? { version } : {}) };
    const source = this.options.source;
    return source ? source.status(this.info, this.remoteCapabilities(), live) : this.adapter.status(live);
  }

  features(): Feature[] {
    const source = this.options.source;
    return source ? this.adapter.features().filter((f) => !source.unsupportedFeatures.includes(f)) : [...this.adapter.features(), 'persistent_profile'];
  }

  optionalMethods(): MethodName[] {
    const source = this.options.source;
    return source ? this.adapter.optionalMethods().filter((m) => !source.unsupportedMethods.includes(m)) : this.adapter.optionalMethods();
  }

  clickButtons(): readonly ClickButton[] {
    return BIDI_CLICK_BUTTONS;
  }

  nativeDragEvents(): boolean {
    return this.adapter.nativeDragEvents === true;
  }

  screenshotFormats(): readonly ScreenshotFormat[] {
    return BIDI_SCREENSHOT_FORMATS;
  }

  screencast(): boolean {
    return this.adapter.screencast !== undefined;
  }

  mediaFeatures(): readonly MediaFeature[] {
    return this.adapter.mediaFeatures?.() ?? [];
  }

  routeHeaderLimits(): RouteHeaderLimits {
    return this.adapter.routeHeaderLimits ?? { unsettable: [], unremovable: [] };
  }

  customMethods(): CustomMethod[] {
    return [...this.adapter.customMethods(), bidiSend];
  }

  ownMethods(): readonly OwnMethodName[] {
    return BIDI_OWN_METHODS;
  }

  /** Process group id of the launched browser (or driver), for logs and leak checks in tests. */
  get processId(): number | undefined {
    return settledValue(this.launched)?.process?.pid;
  }

  /** The shared browser's group (with chromedriver, its Chromium) and each browser launched for a profile session. */
  processGroups(): number[] {
    const own = [...this.sessions].filter((s) => s.kind === 'own_browser' && s.browser.alive).map((s) => s.browser.process?.pid);
    return [settledValue(this.launched)?.process?.pid, ...own].filter((pid): pid is number => pid !== undefined);
  }

  running(): boolean {
    return (this.current()?.alive ?? false) || [...this.sessions].some((s) => s.kind === 'own_browser' && s.browser.alive);
  }

  async createSession(opts: SessionOptions): Promise<BackendSession> {
    if (this.shuttingDown) throw raise(ERRORS.shutting_down, 'The provider is shutting down.', undefined);
    if (this.options.source) return this.createRemoteSession(this.options.source, opts);
    const attach = opts.attach !== 'never' && this.adapter.attachUrl !== undefined;
    if (opts.attach === 'require' && !attach) {
      throw raise(ERRORS.attach_not_configured, `No running ${this.info.browserLabel} to attach to: no BiDi endpoint is configured.`, undefined, { details: { manual_steps: this.adapter.attachSteps() } });
    }
    if (opts.profile !== undefined) return this.createProfileSession(opts.profile.dir, opts.signal);
    const browser = await raceSignal(attach ? this.attachBrowser() : this.launchBrowser(), opts.signal);
    return this.startSession(browser, opts.isolation === 'per_jcode_session' ? 'user_context' : 'shared', opts.signal);
  }

  private async startSession(browser: BidiBrowser, kind: SessionKind, signal: AbortSignal, downloads?: SessionDownloads): Promise<BidiSession> {
    const session = await BidiSession.create(
      browser,
      kind,
      {
        navigationGraceMs: this.adapter.navigationGraceMs ?? DEFAULT_GRACE_MS,
        reportAlongsideInput: this.adapter.reportAlongsideInput ?? false,
        pageScript: this.options.pageScript ?? pageScriptSource,
        contextType: this.adapter.pageContextType ?? 'tab',
        walkInPageRealm: this.adapter.walkSnapshotInPageRealm ?? false,
        ...(this.adapter.emulateMedia ? { emulateMedia: this.adapter.emulateMedia } : {}),
        ...(this.adapter.screencast ? { screencast: this.adapter.screencast } : {}),
        ...(this.adapter.typeKeys ? { typeKeys: this.adapter.typeKeys } : {}),
      },
      (s) => this.onSessionClosed(s),
      signal,
      downloads === undefined ? {} : { downloads },
    );
    this.sessions.add(session);
    return session;
  }

  /** A browser launched on `dir` for this session alone; closing the session quits it and keeps `dir`. */
  private async createProfileSession(dir: string, callerSignal: AbortSignal): Promise<BidiSession> {
    // Not AbortSignal.any with AbortSignal.timeout: on Node 20 nothing holds the timeout signal, and once
    // collected it never fires, so a hung launch would wait for the caller alone.
    const limitMs = this.options.launchTimeoutMs ?? 60_000;
    const limit = deadline(limitMs, callerSignal);
    const signal = limit.signal;
    try {
      const l = await this.adapter.launch(signal, dir);
      let browser: BidiBrowser;
      try {
        browser = await BidiBrowser.start({ url: l.url, capabilities: withPromptHandling(l.capabilities), process: l.process, driver: l.driver === true, attached: false, signal });
      } catch (e) {
        await l.process.kill();
        throw e;
      }
      try {
        return await this.startSession(browser, 'own_browser', signal);
      } catch (e) {
        await browser.end();
        await l.process.kill();
        throw e;
      }
    } catch (e) {
      // Our own limit, not the caller's deadline: the browser did not start, and the call's timeout is not the figure to report.
      if (signal.aborted && !callerSignal.aborted) throw raise(ERRORS.launch_failed, `${this.info.browserLabel} did not start on its profile within ${limitMs} ms.`, undefined, { cause: e });
      throw e;
    } finally {
      limit.dispose();
    }
  }

  /** What a remote source's New Session asks for: we answer every dialog ourselves, as when launched here. */
  private remoteCapabilities(): Record<string, unknown> {
    return { ...PROMPTS_TO_US, ...this.adapter.remoteCapabilities() };
  }

  /** A browser of its own from the remote source; closing the session gives it back. */
  private async createRemoteSession(source: RemoteBrowserSource, opts: SessionOptions): Promise<BidiSession> {
    if (opts.attach === 'require') {
      throw raise(ERRORS.attach_unsupported, `Sessions come from elsewhere here (${source.label}); there is no browser to attach to.`, undefined);
    }
    const remote = await source.open(this.remoteCapabilities(), opts.signal);
    if (remote.browser.version) this.seenVersion = remote.browser.version;
    try {
      const session = await this.startSession(remote.browser, 'own_browser', opts.signal, remote.downloads ?? false);
      if (remote.stageFiles) session.stageFiles = remote.stageFiles;
      return session;
    } catch (e) {
      await remote.browser.end();
      throw e;
    }
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    const signal = AbortSignal.timeout(3000);
    await Promise.all([...this.sessions].map((s) => s.close(signal).catch(() => undefined)));
    await Promise.all(
      [this.launched, this.attachedBrowser].map(async (p) => {
        const b = await p?.catch(() => undefined);
        if (!b) return;
        await b.end();
        await b.process?.kill();
      }),
    );
    this.launched = this.attachedBrowser = undefined;
    this.shuttingDown = false;
  }

  /** The launched (or attached) browser when it is up, for status and liveness. */
  private current(): BidiBrowser | undefined {
    return settledValue(this.launched) ?? settledValue(this.attachedBrowser);
  }

  private launchBrowser(): Promise<BidiBrowser> {
    const live = settledValue(this.launched);
    if (this.launched && (live === undefined || live.alive) && !isRejected(this.launched)) return this.launched;
    if (live) void live.process?.kill(); // died: make sure nothing lingers before relaunching
    const p = (async () => {
      const signal = AbortSignal.timeout(this.options.launchTimeoutMs ?? 60_000);
      const l = await this.adapter.launch(signal);
      try {
        return await BidiBrowser.start({ url: l.url, capabilities: withPromptHandling(l.capabilities), process: l.process, attached: false, signal });
      } catch (e) {
        await l.process.kill();
        throw e;
      }
    })();
    track(p);
    this.launched = p;
    return p;
  }

  private attachBrowser(): Promise<BidiBrowser> {
    const live = settledValue(this.attachedBrowser);
    if (this.attachedBrowser && (live === undefined || live.alive) && !isRejected(this.attachedBrowser)) return this.attachedBrowser;
    const p = BidiBrowser.start({ url: this.adapter.attachUrl!, capabilities: withPromptHandling(this.adapter.attachCapabilities()), attached: true, signal: AbortSignal.timeout(30_000) });
    track(p);
    this.attachedBrowser = p;
    return p;
  }

  private onSessionClosed(s: BidiSession): void {
    this.sessions.delete(s);
    // Detach from a user's browser once no session uses it; it keeps running.
    if (s.attached && ![...this.sessions].some((o) => o.attached)) {
      const b = settledValue(this.attachedBrowser);
      this.attachedBrowser = undefined;
      void b?.end();
    }
  }
}

/**
 * Asks the browser to leave every JavaScript dialog to us (`unhandledPromptBehavior: ignore`): the
 * session answers each one at once by its policy (DialogPolicy) and reports it. Left to the default,
 * Chrome 156 and Firefox 153 would dismiss some on their own and fail the command that met them.
 */
export function withPromptHandling(capabilities: Record<string, unknown>): Record<string, unknown> {
  const always = (capabilities['alwaysMatch'] ?? {}) as Record<string, unknown>;
  return { ...capabilities, alwaysMatch: { ...PROMPTS_TO_US, ...always } };
}
const PROMPTS_TO_US = { unhandledPromptBehavior: { default: 'ignore' } };

/** Synchronous view of a promise's outcome, recorded by `track`. */
const outcomes = new WeakMap<Promise<unknown>, { value?: unknown; rejected?: boolean }>();
function track<T>(p: Promise<T>): void {
  p.then(
    (value) => outcomes.set(p, { value }),
    () => outcomes.set(p, { rejected: true }),
  );
}
function settledValue<T>(p: Promise<T> | undefined): T | undefined {
  return p ? (outcomes.get(p)?.value as T | undefined) : undefined;
}
function isRejected(p: Promise<unknown>): boolean {
  return outcomes.get(p)?.rejected === true;
}

/** Awaits a shared promise but gives up (for this caller only) when `signal` aborts. */
function raceSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
