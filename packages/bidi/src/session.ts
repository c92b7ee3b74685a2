import type { BackendEvent, BackendEventType, BackendPage, BackendSession, DownloadRecord, RouteDecider, RouteRefused } from '@browser-provider/core/backend';
import { DialogPolicy, ERRORS, ProviderError, raise, safeFileName, ScratchDir } from '@browser-provider/core/toolkit';
import { randomUUID } from 'node:crypto';
import { installSource, thrownText } from '@browser-provider/page-script';
import { listenerRecorderSource } from '@browser-provider/page-script/recorder';
import type { BidiBrowser } from './browser';
import type { BidiEventParams } from './connection';
import { DownloadLedger, finalizeDownload, keepFetchedDownload } from './downloads';
import type { RemoteDownloads } from './source';
import { isBidiError } from './errors';
import { BidiPage, SANDBOX, sandboxedPageScript, type PageLinks, type PageOptions } from './page';
import { SessionNetwork } from './routing';

type DownloadEventParams = BidiEventParams<'browsingContext.downloadWillBegin'> | BidiEventParams<'browsingContext.downloadEnd'>;

const BROWSER_WENT_AWAY = 'the browser went away';

/** Downloads remembered per session (the oldest are forgotten first; their files stay until the session ends). */
const MAX_DOWNLOADS = 500;

type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

/**
 * Where a session lives: its own user context of the shared browser, the shared browser's default
 * user context, or the default user context of a browser launched for it alone (a persistent profile:
 * user contexts keep nothing on disk).
 */
export type SessionKind = 'user_context' | 'shared' | 'own_browser';

/**
 * Where a session's downloads go: by default a private folder here (`browser.setDownloadBehavior`);
 * `false`: nowhere we can reach (no downloads reported); else fetched from the browser's machine.
 */
export type SessionDownloads = false | RemoteDownloads;

/** How long fetching one download from the browser's machine may take. */
const FETCH_MS = 120_000;

/** How long a browser of its own may take to exit after `browser.close` (writing its profile out) before it is killed. */
const QUIT_GRACE_MS = 5_000;

/**
 * A BackendSession over one BiDi user context. `per_jcode_session` gets a fresh user context (own
 * cookie jar and storage) that is removed on close; `shared` uses the browser's default user context
 * and closes only the tabs it opened. The page script is registered as a preload script for the
 * user context so every new document (and iframe) already has it.
 */
export class BidiSession implements BackendSession {
  readonly attached: boolean;
  readonly dialogPolicy = new DialogPolicy();
  readonly eventTypes: readonly BackendEventType[];
  private readonly pages = new Set<BidiPage>();
  private closed: string | undefined;
  private readonly offs: Array<() => void> = [];
  private listener: ((e: BackendEvent) => void) | undefined;
  private readonly links: PageLinks;
  /** This session's downloads, one record each (see DownloadLedger for how the browser's events are matched). */
  private readonly downloadLedger = new DownloadLedger(MAX_DOWNLOADS);
  readonly isolated: boolean;
  /** Settles once the session is over and, for a browser of its own, that browser has exited. */
  readonly ended: Promise<void>;
  private markEnded!: () => void;
  private quitting: Promise<void> | undefined;
  /** Request routing and offline state, for this session's pages only. */
  readonly network: SessionNetwork;

  private constructor(
    readonly browser: BidiBrowser,
    readonly userContext: string,
    readonly kind: SessionKind,
    /** Our preload scripts in this user context (the page script, the listener recorder). */
    private readonly preloadScripts: readonly string[],
    private readonly pageOptions: PageOptions,
    private readonly onClosed: (s: BidiSession) => void,
    readonly scratch: ScratchDir,
    /** Where the browser saves this session's downloads; undefined when it cannot be told. */
    private readonly incoming: string | undefined,
    /** Downloads saved on the browser's machine, fetched from there. */
    private readonly remoteDownloads: RemoteDownloads | undefined,
    /** The network data collector keeping this session's bodies for `network.request`; undefined where the browser has none. */
    private readonly collector?: string,
  ) {
    this.attached = browser.attached;
    this.isolated = kind !== 'shared';
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.links = { userContext, emit: (e) => this.listener?.(e), ...(collector !== undefined ? { collector } : {}) };
    this.network = new SessionNetwork(browser, kind === 'shared' ? undefined : userContext);
    const has = (ev: string) => browser.supported.has(ev);
    this.eventTypes = [
      'navigated',
      ...(has('browsingContext.contextCreated') ? (['popup'] as const) : []),
      ...(has('browsingContext.userPromptOpened') ? (['dialog'] as const) : []),
      ...(has('log.entryAdded') ? (['console'] as const) : []),
      ...((incoming !== undefined || remoteDownloads !== undefined) && has('browsingContext.downloadEnd') ? (['download'] as const) : []),
    ];
    const conn = browser.conn;
    this.offs.push(
      conn.onClose(() => this.dispose(BROWSER_WENT_AWAY)),
      conn.on('browsingContext.contextCreated', (p) => this.onContextCreated(p)),
      conn.on('browsingContext.userPromptOpened', (p) => void this.onPrompt(p)),
      conn.on('browsingContext.downloadWillBegin', (p) => this.onDownloadBegin(p)),
      conn.on('browsingContext.downloadEnd', (p) => this.onDownloadEnd(p)),
    );
    if (incoming !== undefined) browser.downloadDirs.add(incoming);
  }

  onEvent(listener: (e: BackendEvent) => void): void {
    this.listener = listener;
  }

  /** Set by a backend whose browser runs elsewhere (a Grid): copies upload files to it. */
  stageFiles?: (paths: string[], signal: AbortSignal) => Promise<string[]>;

  /** The browser went away under the session (not closed by the client). */
  get gone(): boolean {
    return this.closed === BROWSER_WENT_AWAY;
  }

  /** Whether this browser saves downloads where we told it (`browser.setDownloadBehavior`). */
  get downloadsEnabled(): boolean {
    return this.eventTypes.includes('download');
  }

  downloads(): DownloadRecord[] {
    return this.downloadLedger.list();
  }

  /** The session's page for a browsing context (its own, or one of its frames). */
  private pageOf(context: unknown): BidiPage | undefined {
    if (typeof context !== 'string') return undefined;
    const top = this.browser.topOf(context);
    for (const p of this.pages) if (p.targetId === top) return p;
    return undefined;
  }

  /** A top-level context opened by one of our pages (window.open, target=_blank) joins the session. */
  private onContextCreated(p: BidiEventParams<'browsingContext.contextCreated'>): void {
    if (this.closed || p.parent !== null && p.parent !== undefined) return;
    const opener = this.pageOf(p.originalOpener);
    const context = p.context;
    if (opener === undefined || typeof context !== 'string' || [...this.pages].some((x) => x.targetId === context)) return;
    const page = this.track(context);
    // Its first requests may pass before its intercept is in place: BiDi tells us of a popup only once it exists.
    this.network.pageAdded(context, AbortSignal.timeout(5_000)).catch(() => undefined);
    this.listener?.({ type: 'popup', page, opener });
  }

  /**
   * Answers a dialog at once by the session's policy, so no call waits on it. The browser runs with
   * unhandledPromptBehavior "ignore", so nothing else answers it before we do.
   */
  private async onPrompt(p: BidiEventParams<'browsingContext.userPromptOpened'>): Promise<void> {
    const page = this.pageOf(p.context);
    if (page === undefined || this.closed) return;
    const type: DialogType = ['alert', 'confirm', 'prompt', 'beforeunload'].includes(String(p.type)) ? p.type : 'alert';
    const answer = this.dialogPolicy.decide(type, page.targetId);
    const userText = answer.accept && type === 'prompt' ? answer.promptText : undefined;
    try {
      await this.browser.conn.send(
        'browsingContext.handleUserPrompt',
        { context: page.targetId, accept: answer.accept, ...(userText !== undefined ? { userText } : {}) },
        AbortSignal.timeout(5_000),
      );
    } catch {
      return; // already closed (navigation, the page closed it): nothing was answered by us
    }
    this.listener?.({
      type: 'dialog',
      page,
      dialog: {
        type,
        message: typeof p.message === 'string' ? p.message : '',
        ...(typeof p.defaultValue === 'string' ? { default_value: p.defaultValue } : {}),
        accepted: answer.accept,
        ...(userText !== undefined ? { prompt_text: userText } : {}),
      },
    });
  }

  /** A download's own id where the browser sends one (`download`, newer than the spec's types we pin), else its navigation's. */
  private downloadKey(p: DownloadEventParams): string | undefined {
    const k = ('download' in p ? p.download : undefined) ?? p.navigation;
    return typeof k === 'string' ? k : undefined;
  }

  private onDownloadBegin(p: BidiEventParams<'browsingContext.downloadWillBegin'>): void {
    const key = this.downloadKey(p);
    if (key === undefined || this.pageOf(p.context) === undefined || !this.downloadsEnabled) return;
    const url = typeof p.url === 'string' ? p.url : '';
    this.downloadLedger.begin(key, url, safeFileName(typeof p.suggestedFilename === 'string' ? p.suggestedFilename : '', 'download'));
  }

  private onDownloadEnd(p: BidiEventParams<'browsingContext.downloadEnd'>): void {
    const key = this.downloadKey(p);
    if (key === undefined || this.closed) return;
    const record = this.downloadLedger.end(key, typeof p.url === 'string' ? p.url : undefined);
    if (record === undefined) return;
    const reported = 'filepath' in p && typeof p.filepath === 'string' ? p.filepath : undefined;
    if (p.status === 'complete' && this.remoteDownloads !== undefined) {
      void this.fetchRemote(this.remoteDownloads, record, reported, p.context);
      return;
    }
    let done: DownloadRecord;
    if (p.status !== 'complete') done = { ...record, state: 'canceled' };
    else {
      try {
        done = finalizeDownload(record, reported, [...this.browser.downloadDirs], this.scratch.dir('downloads'));
      } catch (e) {
        done = { ...record, state: 'failed', reason: thrownText(e) };
      }
    }
    this.finishDownload(done, p.context);
  }

  /** The record stays `in_progress` until the file is here: a download is complete once it can be read. */
  private async fetchRemote(remote: RemoteDownloads, record: DownloadRecord, reported: string | undefined, context: unknown): Promise<void> {
    let done: DownloadRecord;
    try {
      if (reported === undefined) throw new Error('the browser did not say where it saved the file');
      done = keepFetchedDownload(record, await remote.fetch(reported, AbortSignal.timeout(FETCH_MS)), this.scratch.dir('downloads'));
    } catch (e) {
      done = { ...record, state: 'failed', reason: thrownText(e) };
    }
    if (!this.closed) this.finishDownload(done, context);
  }

  private finishDownload(done: DownloadRecord, context: unknown): void {
    this.downloadLedger.update(done);
    this.listener?.({ type: 'download', page: this.pageOf(context), download: done });
  }

  static async create(
    browser: BidiBrowser,
    kind: SessionKind,
    pageOptions: PageOptions,
    onClosed: (s: BidiSession) => void,
    signal: AbortSignal,
    opts: { downloads?: SessionDownloads } = {},
  ): Promise<BidiSession> {
    browser.assertAlive();
    const conn = browser.conn;
    const ownContext = kind === 'user_context';
    const userContext = ownContext ? (await conn.send('browser.createUserContext', {}, signal)).userContext : 'default';
    const scratch = new ScratchDir('bp-bidi-');
    try {
      const preload = await addPreload(browser, userContext, pageOptions, signal);
      const recorder = await addListenerRecorder(browser, userContext, signal);
      const preloads = [...preload, recorder].filter((id): id is string => id !== undefined);
      // A browser elsewhere saves where its own machine says; a folder here would mean nothing to it.
      const incoming = opts.downloads === undefined ? await allowDownloads(browser, userContext, scratch, signal) : undefined;
      const collector = await addBodyCollector(browser, userContext, signal);
      return new BidiSession(browser, userContext, kind, preloads, pageOptions, onClosed, scratch, incoming, opts.downloads || undefined, collector);
    } catch (e) {
      scratch.dispose();
      if (ownContext) await conn.send('browser.removeUserContext', { userContext }, AbortSignal.timeout(2000)).catch(() => undefined);
      throw e;
    }
  }

  /** Open pages of this session, for custom methods and logs. */
  get openPages(): readonly BidiPage[] {
    return [...this.pages];
  }

  async newPage(signal: AbortSignal): Promise<BackendPage> {
    this.browser.assertAlive();
    if (this.closed) throw raise(ERRORS.session_closed, `The session is closed (${this.closed}).`, undefined);
    const context =
      this.pageOptions.contextType === 'window'
        ? await this.browser.windows.open(this.userContext, signal)
        : (await this.browser.conn.send('browsingContext.create', { type: 'tab', userContext: this.userContext }, signal)).context;
    const page = this.track(context);
    await this.network.pageAdded(context, signal);
    return page;
  }

  setRouting(decide: RouteDecider | undefined, signal: AbortSignal, refused?: RouteRefused): Promise<void> {
    return this.network.setRouting(decide, signal, refused);
  }

  setOffline(offline: boolean, signal: AbortSignal): Promise<void> {
    return this.network.setOffline(offline, signal);
  }

  /** Makes a page of a context of this session and forgets it when the context goes away. */
  private track(context: string): BidiPage {
    const page = new BidiPage(this.browser, context, this.pageOptions, (p) => this.pages.delete(p), this.links);
    this.pages.add(page);
    // A tab that closes itself (window.close) leaves the session; later calls get page_not_found.
    const off = this.browser.onContext(context, (...[method]) => {
      if (method === 'browsingContext.contextDestroyed') {
        off();
        this.network.pageClosed(context);
        page.markClosed();
      }
    });
    return page;
  }

  async close(signal: AbortSignal): Promise<void> {
    if (this.closed) return this.ended;
    this.closed = 'closed by the client';
    if (this.kind === 'own_browser') {
      // Quitting the browser closes everything; its profile stays on disk.
      this.dispose('closed by the client');
      return this.ended;
    }
    const conn = this.browser.conn;
    if (this.browser.alive) {
      // Intercepts name contexts, not the user context: removing it would leave them in the browser.
      await this.network.close();
      const tasks: Promise<unknown>[] = [];
      if (this.kind === 'user_context') {
        // Removing the user context closes its tabs too.
        tasks.push(conn.send('browser.removeUserContext', { userContext: this.userContext }, signal).catch(ignoreGone));
      } else {
        for (const p of this.pages) tasks.push(p.close(signal).catch(ignoreGone));
      }
      for (const script of this.preloadScripts) tasks.push(conn.send('script.removePreloadScript', { script }, signal).catch(ignoreGone));
      // The collector holds bodies in the browser's memory until it is removed.
      if (this.collector !== undefined) tasks.push(conn.send('network.removeDataCollector', { collector: this.collector }, signal).catch(ignoreGone));
      await Promise.all(tasks);
    }
    this.dispose('closed by the client');
  }

  private dispose(reason: string): void {
    this.closed ??= reason;
    for (const p of [...this.pages]) p.markClosed();
    for (const off of this.offs.splice(0)) off();
    void this.network.close();
    if (this.incoming !== undefined) this.browser.downloadDirs.delete(this.incoming);
    this.scratch.dispose();
    this.onClosed(this);
    if (this.kind === 'own_browser') void this.quitBrowser().then(this.markEnded);
    else this.markEnded();
  }

  /**
   * Ends a browser of the session's own: `browser.close` lets it write its profile out, then the
   * process group is reaped. Also runs when the browser died, so nothing of it lingers on the profile.
   */
  private quitBrowser(): Promise<void> {
    this.quitting ??= this.browser.quit(QUIT_GRACE_MS).catch(() => undefined);
    return this.quitting;
  }
}

/** Errors that mean "already gone": closing is then done. */
function ignoreGone(e: unknown): void {
  if (isBidiError(e, 'no such user context') || isBidiError(e, 'no such frame') || isBidiError(e, 'no such script')) return;
  if (ProviderError.is(e, 'browser_not_running')) return;
  throw e;
}

/**
 * Points the session's downloads at a private folder (`browser.setDownloadBehavior`, per user context).
 * A browser without the command keeps its own behaviour, and the session reports no downloads.
 */
async function allowDownloads(browser: BidiBrowser, userContext: string, scratch: ScratchDir, signal: AbortSignal): Promise<string | undefined> {
  const destinationFolder = scratch.dir('incoming');
  try {
    await browser.conn.send('browser.setDownloadBehavior', { downloadBehavior: { type: 'allowed', destinationFolder }, userContexts: [userContext] }, signal);
    return destinationFolder;
  } catch (e) {
    if (isBidiError(e, 'unknown command') || isBidiError(e, 'invalid argument') || isBidiError(e, 'unsupported operation')) return undefined;
    throw e;
  }
}

/** The largest body the browser keeps per request for `network.request`; bigger ones are not collected. */
export const MAX_COLLECTED_BODY_BYTES = 1024 * 1024;

/**
 * A data collector for this session's request and response bodies (BiDi network.addDataCollector:
 * Firefox 153 and Chrome 156 have it). Bodies exist only for requests made after it, so it starts with
 * the session. An engine without it keeps none: `network.request` then answers bodies `not_collected`.
 */
async function addBodyCollector(browser: BidiBrowser, userContext: string, signal: AbortSignal): Promise<string | undefined> {
  try {
    const { collector } = await browser.conn.send('network.addDataCollector', { dataTypes: ['request', 'response'], maxEncodedDataSize: MAX_COLLECTED_BODY_BYTES, userContexts: [userContext] }, signal);
    return collector;
  } catch (e) {
    if (isBidiError(e, 'unknown command') || isBidiError(e, 'invalid argument') || isBidiError(e, 'unsupported operation')) return undefined;
    throw e;
  }
}

/**
 * The listener recorder (page-script's recorder.ts) in the page's main world — no sandbox, so it sees
 * the page's own addEventListener calls — before any page script runs. What it records only adds
 * `clickable` lines to snapshots; an engine that refuses it leaves the style heuristics.
 */
async function addListenerRecorder(browser: BidiBrowser, userContext: string, signal: AbortSignal): Promise<string | undefined> {
  try {
    const { script } = await browser.conn.send(
      'script.addPreloadScript',
      { functionDeclaration: listenerRecorderSource(), userContexts: [userContext] },
      signal,
    );
    return script;
  } catch (e) {
    if (signal.aborted) throw e;
    return undefined;
  }
}

async function addPreload(browser: BidiBrowser, userContext: string, o: PageOptions, signal: AbortSignal): Promise<string[]> {
  let source: string;
  try {
    source = o.pageScript();
  } catch {
    return []; // no page script yet: `call` installs on demand and reports the failure there
  }
  const ids: string[] = [];
  // The snapshot walker in the page's realm first, so the sandbox's install below finds it; a name
  // per session that no page script can know (page-script's page-walker.ts).
  const walker = o.walkInPageRealm ? `__bp_walker_${randomUUID().replaceAll('-', '')}` : undefined;
  if (walker) {
    const page = installSource(source, { realm: 'own', sandbox: true, walker: { name: walker, side: 'page' } });
    ids.push((await browser.conn.send('script.addPreloadScript', { functionDeclaration: `function () {\n${page}\n}`, userContexts: [userContext] }, signal)).script);
  }
  const { script } = await browser.conn.send(
    'script.addPreloadScript',
    // In our sandbox, where every later call of ours runs (see SANDBOX in page.ts).
    { functionDeclaration: `function () {\n${sandboxedPageScript(source, walker)}\n}`, userContexts: [userContext], sandbox: SANDBOX },
    signal,
  );
  ids.push(script);
  return ids;
}
