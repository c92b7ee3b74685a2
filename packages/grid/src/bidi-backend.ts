import type { Backend, BackendInfo, BackendSession, CustomMethod, SessionOptions } from '@browser-provider/core';
import { ProviderError } from '@browser-provider/core';
import type { ClickButton, Feature, MethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import { pageScriptSource } from '@browser-provider/page-script';
import { BIDI_CLICK_BUTTONS, BIDI_SCREENSHOT_FORMATS, BidiBrowser, bidiSend, BidiSession } from '@browser-provider/bidi';
import { deleteGridSession, newGridSession, type GridSession } from './new-session';
import { gridProviderStatus } from './status-provider';
import { stageOnNode } from './files';
import { watchGridSession } from './watchdog';
import { checkWebSocketUrl, webSocketUnreachable } from './websocket';

/**
 * What a BiDi engine (Firefox, Chrome) gives its Grid backend: who it is, the capabilities a Grid node
 * of it needs (no local paths unless the user gave them: a node knows its own browsers), and the same
 * methods and timings as when launched here.
 */
export interface GridBidiEngine {
  info: BackendInfo;
  /** `alwaysMatch` for New Session on the Grid (browserName, engine options). */
  capabilities: Record<string, unknown>;
  features(): Feature[];
  optionalMethods(): MethodName[];
  customMethods(): CustomMethod[];
  navigationGraceMs?: number;
  reportAlongsideInput?: boolean;
  pageContextType?: 'tab' | 'window';
}

export interface GridBackendOptions {
  /** The Grid (hub or router) URL, e.g. `http://grid:4444`. */
  url: string;
  /** The user's extra capabilities (`--grid-capabilities`), merged over the engine's. */
  capabilities?: Record<string, unknown>;
  pageScript?: () => string;
}

/**
 * Not offered through a Grid: downloads land on the node's disk (Selenium's managed downloads are a
 * classic HTTP API we do not drive yet), so they stay out of `describe` rather than fail later.
 * Uploads work: each file goes to the node first (files.ts).
 */
export const GRID_UNSUPPORTED_METHODS: readonly MethodName[] = ['download.list', 'download.wait'];
export const GRID_UNSUPPORTED_FEATURES: readonly Feature[] = ['download_observe', 'persistent_profile', 'attach_existing_browser'];

const DEFAULT_GRACE_MS = 150;
/** How long the Grid's BiDi socket may take to open (the router answers in milliseconds when reachable). */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * BiDi over a Selenium Grid: each session is one Grid session (its own browser on some node, so its
 * own cookie jar), created by classic New Session with `webSocketUrl: true`; the commands then go over
 * the socket the Grid's router proxies (`/session/<id>/se/bidi`). Closing deletes the Grid session.
 */
export class GridBidiBackend implements Backend {
  readonly info: BackendInfo;
  private readonly sessions = new Map<BidiSession, GridSession>();
  private shuttingDown = false;
  private seenVersion: string | undefined;

  constructor(
    private readonly engine: GridBidiEngine,
    private readonly options: GridBackendOptions,
  ) {
    this.info = { ...engine.info, providerLabel: `${engine.info.providerLabel} through Selenium Grid` };
  }

  get gridUrl(): string {
    return this.options.url;
  }

  /** The capabilities each New Session asks for. */
  requestCapabilities(): Record<string, unknown> {
    return {
      // As when launched here (withPromptHandling): we answer every dialog ourselves.
      unhandledPromptBehavior: { default: 'ignore' },
      ...this.engine.capabilities,
      ...this.options.capabilities,
      webSocketUrl: true,
    };
  }

  status(): Promise<ProviderStatus> {
    const browserName = this.requestCapabilities()['browserName'];
    return gridProviderStatus(this.options.url, this.info, typeof browserName === 'string' ? browserName : undefined, {
      running: this.running(),
      sessions: this.sessions.size,
      ...(this.seenVersion ? { version: this.seenVersion } : {}),
    });
  }

  features(): Feature[] {
    return this.engine.features().filter((f) => !GRID_UNSUPPORTED_FEATURES.includes(f));
  }

  optionalMethods(): MethodName[] {
    return this.engine.optionalMethods().filter((m) => !GRID_UNSUPPORTED_METHODS.includes(m));
  }

  /** The same BiDi input as a local browser: the node's browser takes every button. */
  clickButtons(): readonly ClickButton[] {
    return BIDI_CLICK_BUTTONS;
  }

  screenshotFormats(): readonly ScreenshotFormat[] {
    return BIDI_SCREENSHOT_FORMATS;
  }

  customMethods(): CustomMethod[] {
    return [...this.engine.customMethods(), bidiSend];
  }

  running(): boolean {
    return [...this.sessions.keys()].some((s) => s.browser.alive);
  }

  /** Grid session ids of the live sessions (tests read where the Grid placed them). */
  gridSessionIds(): string[] {
    return [...this.sessions.values()].map((g) => g.id);
  }

  async createSession(opts: SessionOptions): Promise<BackendSession> {
    if (this.shuttingDown) throw new ProviderError('browser_not_running', 'The provider is shutting down.', { detail: 'shutting_down' });
    if (opts.attach === 'require') {
      throw new ProviderError('unsupported_target', 'Sessions come from a Selenium Grid here; there is no browser to attach to.', {
        detail: 'attach_unsupported',
        repair: { method: 'session.ensure', params: { attach: 'never' }, hint: 'Let the Grid start a browser for the session.' },
      });
    }
    const url = this.options.url;
    const grid = await newGridSession(url, this.requestCapabilities(), opts.signal);
    const end = () => deleteGridSession(url, grid.id);
    let browser: BidiBrowser;
    try {
      const ws = checkWebSocketUrl(url, grid.capabilities);
      // An address that drops packets (a private host seen from outside) would hang until the caller's deadline.
      const connect = AbortSignal.any([opts.signal, AbortSignal.timeout(CONNECT_TIMEOUT_MS)]);
      try {
        browser = await BidiBrowser.start({ url: ws, capabilities: {}, attached: false, signal: connect, remote: { capabilities: grid.capabilities, end } });
      } catch (e) {
        if (opts.signal.aborted) throw e;
        if ((ProviderError.is(e, 'browser_not_running') && e.details.code === 'connect_failed') || connect.aborted) throw webSocketUnreachable(url, ws, e);
        throw e;
      }
    } catch (e) {
      await end();
      throw e;
    }
    const version = grid.capabilities['browserVersion'];
    if (typeof version === 'string') this.seenVersion = version;
    try {
      const session = await BidiSession.create(
        browser,
        'own_browser',
        {
          navigationGraceMs: this.engine.navigationGraceMs ?? DEFAULT_GRACE_MS,
          reportAlongsideInput: this.engine.reportAlongsideInput ?? false,
          pageScript: this.options.pageScript ?? pageScriptSource,
          contextType: this.engine.pageContextType ?? 'tab',
        },
        (s) => this.sessions.delete(s),
        opts.signal,
        { downloads: false },
      );
      this.sessions.set(session, grid);
      session.stageFiles = (paths, signal) => stageOnNode(url, grid.id, paths, signal);
      // The router's socket does not always close when the node dies: fail every pending call then.
      const unwatch = watchGridSession(url, grid.id, () => browser.conn.markClosed('connection_closed'));
      void session.ended.then(unwatch);
      return session;
    } catch (e) {
      await browser.end();
      throw e;
    }
  }

  /** Deletes every Grid session this backend made. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    const signal = AbortSignal.timeout(5000);
    await Promise.allSettled([...this.sessions.keys()].map(async (s) => {
      await s.close(signal);
      await s.ended;
    }));
    this.sessions.clear();
    this.shuttingDown = false;
  }
}
