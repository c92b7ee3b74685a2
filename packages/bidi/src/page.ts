import type { BackendEvent, BackendPage, ConsoleEntry, CookieInfo, CookieSet, FrameKey, InputSource, NavigationWatch, NetworkBody, NetworkDetail, NetworkEntry, PdfOptions, Screenshot, ScreenshotOptions } from '@browser-provider/core/backend';
import type { MediaOverrides } from '@browser-provider/protocol';
import { callPageOp, ERRORS, evalSyntaxError, noHistoryEntry, ProviderError, raise, sleep } from '@browser-provider/core/toolkit';
import { ELEMENT_BY_ID, installSource, OP_CALLER, PAGE_SCRIPT_GLOBAL, type OpArgs, type OpName, type OpResult } from '@browser-provider/page-script';
import { listenerRecorderExpression } from '@browser-provider/page-script/recorder';
import { toCookieInfo, toPartialCookie } from './cookies';
import { consoleEntry, NetworkLog, RingBuffer } from './observe';
import type { Script } from 'webdriver-bidi-protocol';
import type { BidiBrowser } from './browser';
import type { BidiMethod, BidiParams, BidiResult } from './connection';
import { documentReplaced, isBidiError } from './errors';
import { ContextWatch } from './navigation';
import { jpegSize, pngSize } from './png';

/** Tuning and hooks the engine adapter may pass (the only place engines differ at page level). */
export interface PageOptions {
  /** How long after an input to wait for a navigation to start. */
  navigationGraceMs: number;
  /** Send a click's page report alongside `input.performActions` (see the adapter option). */
  reportAlongsideInput: boolean;
  /** The page script (an idempotent IIFE). */
  pageScript: () => string;
  /** A new page is a tab, or a tab alone in a window (one lent by the browser's WindowPool). */
  contextType: 'tab' | 'window';
  /** Walk snapshots in the page's realm (see the adapter option and page-script's page-walker.ts). */
  walkInPageRealm: boolean;
  /** `page.emulate_media`, where the engine adapter has a way (BiDi itself has none yet). */
  emulateMedia?: (browser: BidiBrowser, context: string, overrides: MediaOverrides, signal: AbortSignal) => Promise<void>;
  /** The engine's screencast of a page, where the adapter has one (BiDi itself has none before Firefox 154). */
  screencast?: (browser: BidiBrowser, context: string, onFrame: (jpeg: string) => void, signal: AbortSignal) => Promise<{ stop(): Promise<void> }>;
  /** Types plain text faster than `input.performActions` where the engine has a way; false: not taken, nothing sent. */
  typeKeys?: (browser: BidiBrowser, context: string, sources: readonly InputSource[], signal: AbortSignal) => Promise<boolean>;
}

/** What a page shares with its session: the user context (cookies) and where events go. */
export interface PageLinks {
  userContext: string;
  emit(e: BackendEvent): void;
  /** The session's network data collector (bodies for `network.request`), where the browser has one. */
  collector?: string;
}

/** What `input.performActions` takes: one entry per input source (core's W3C sources are that shape). */
type Actions = BidiParams<'input.performActions'>['actions'];
type RemoteValue = Script.RemoteValue;
type EvalResult = Script.EvaluateResult;
/** An argument of `script.callFunction` (a number or string is all we pass). */
type LocalValue = NonNullable<BidiParams<'script.callFunction'>['arguments']>[number];

/** Only key sources, each key pressed in them released again later in the same sequence. */
function keysAllReleased(sources: readonly InputSource[]): boolean {
  for (const src of sources) {
    if (src.type !== 'key') return false;
    const down = new Set<string>();
    for (const a of src.actions) {
      if (a.type === 'keyDown') down.add(a.value);
      else if (a.type === 'keyUp') down.delete(a.value);
    }
    if (down.size > 0) return false;
  }
  return sources.length > 0;
}

/** How long a script call may still answer after its document was replaced (it may have run in the new one). */
const DOCUMENT_REPLACED_GRACE_MS = 300;

/** How long to wait for the browser to report a navigation the page saw start (its events may lag the page). */
const STARTED_NAVIGATION_WAIT_MS = 2_000;

/** How long after a history traversal to wait for its navigation to start. */
const HISTORY_GRACE_MS = 2_000;

/**
 * The sandbox realm every call of ours runs in (Firefox: an Xray sandbox; Chromium: an isolated world),
 * as Playwright's utility world does: the page cannot see or replace its globals, so a page that
 * replaces elementFromPoint or composedPath does not change what our checks see. Only the client's
 * own `page.eval` runs in the page's realm. Element handles (`sharedId`) and windows cross realms.
 */
export const SANDBOX = 'browser-provider';

/** Where a script runs: our sandbox, or the page's own realm (page.eval only). */
type Realm = 'sandbox' | 'page';

function scriptTarget(context: FrameKey, realm: Realm): { context: string; sandbox?: string } {
  return realm === 'sandbox' ? { context, sandbox: SANDBOX } : { context };
}

/**
 * The page script as it is installed in the sandbox (its own globals are pristine there); with
 * `walker`, it takes the snapshot walker its preload put in the page's realm under that name.
 */
export function sandboxedPageScript(source: string, walker?: string): string {
  return installSource(source, { realm: 'own', sandbox: true, ...(walker ? { walker: { name: walker, side: 'sandbox' as const } } : {}) });
}

const WAIT: Record<'load' | 'domcontentloaded' | 'none', BidiParams<'browsingContext.reload'>['wait']> = { load: 'complete', domcontentloaded: 'interactive', none: 'none' };

const CHILD_FRAME = `function (id) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  if (!bp) return 'missing';
  const el = bp.element(id);
  return (el && el.contentWindow) || null;
}`;

export class BidiPage implements BackendPage {
  readonly mainFrame: FrameKey;
  readonly reportAlongsideInput: boolean;
  private closed = false;
  private readonly consoleLog = new RingBuffer<ConsoleEntry>();
  /** `consoleLog.pushed` when the current document's navigation committed: where "since the last navigation" starts. */
  private consoleMark = 0;
  private readonly networkLog = new NetworkLog((ids) => this.disownBodies(ids));
  private readonly offObserve: Array<() => void> = [];

  constructor(
    private readonly browser: BidiBrowser,
    readonly targetId: string,
    private readonly opts: PageOptions,
    /** Called once the page is closed, so the owning session forgets it. */
    private readonly onClosed: (page: BidiPage) => void,
    private readonly links?: PageLinks,
  ) {
    this.mainFrame = targetId;
    this.reportAlongsideInput = opts.reportAlongsideInput;
    this.offObserve.push(
      browser.onTop(targetId, (...event) => {
        if (event[0] === 'log.entryAdded') {
          const entry = consoleEntry(event[1]);
          this.consoleLog.push(entry);
          this.links?.emit({ type: 'console', page: this, entry });
        } else this.networkLog.onEvent(...event);
      }),
      browser.onContext(targetId, (method, p) => {
        if (method === 'browsingContext.load' && typeof p.url === 'string') this.links?.emit({ type: 'navigated', page: this, url: p.url });
        // The new document's first script runs after its commit, and BiDi sends events in order. Without
        // navigationCommitted the start stands in: a few of the old document's last messages may show, none of the new one's hide.
        if (method === (browser.supportsCommitted ? 'browsingContext.navigationCommitted' : 'browsingContext.navigationStarted')) this.consoleMark = this.consoleLog.pushed;
      }),
    );
  }

  private send<M extends BidiMethod>(method: M, params: BidiParams<M>, signal: AbortSignal): Promise<BidiResult<M>> {
    return this.browser.conn.send(method, params, signal);
  }

  async navigate(url: string, waitUntil: 'load' | 'domcontentloaded' | 'none', signal: AbortSignal): Promise<void> {
    const watch = waitUntil === 'none' ? new ContextWatch(this.browser, this.targetId) : undefined;
    try {
      const res = await this.send('browsingContext.navigate', { context: this.targetId, url, wait: WAIT[waitUntil] }, signal);
      // `wait: none` answers when the navigation started; the interface promises it has committed.
      if (watch) await watch.committed(res.navigation, signal);
    } finally {
      watch?.dispose();
    }
  }

  async info(signal: AbortSignal): Promise<{ url: string; title: string }> {
    const [tree, title] = await Promise.all([
      this.send('browsingContext.getTree', { root: this.targetId, maxDepth: 0 }, signal),
      this.evaluateIn('document.title', this.targetId, signal),
    ]);
    return { url: tree.contexts[0]?.url ?? '', title: title.type === 'string' ? title.value : '' };
  }

  async call<K extends OpName>(frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>> {
    const argsJson = JSON.stringify(args);
    return callPageOp(op, () => this.invoke(frame, op, argsJson, signal), () => this.install(frame, signal));
  }

  async childFrame(frame: FrameKey, iframeId: number, signal: AbortSignal): Promise<FrameKey | null> {
    let v = await this.callFunction(CHILD_FRAME, frame, [{ type: 'number', value: iframeId }], signal);
    if (v.type === 'string') {
      await this.install(frame, signal);
      v = await this.callFunction(CHILD_FRAME, frame, [{ type: 'number', value: iframeId }], signal);
    }
    if (v.type !== 'window') return null;
    const ctx = (v.value as { context?: unknown } | undefined)?.context;
    return typeof ctx === 'string' ? ctx : null;
  }

  async input(sources: readonly InputSource[], signal: AbortSignal, opts: { hold?: boolean } = {}): Promise<void> {
    if (!opts.hold && this.opts.typeKeys && (await this.opts.typeKeys(this.browser, this.targetId, sources, signal))) return;
    let done = false;
    try {
      await this.send('input.performActions', { context: this.targetId, actions: sources as Actions }, signal);
      done = true;
    } finally {
      // The input state is the session's: a button held here is still down in the next performActions.
      // Keys that were all let go leave nothing to release: one round trip less per typed text.
      if ((!opts.hold && !keysAllReleased(sources)) || !done) await this.send('input.releaseActions', { context: this.targetId }, signal).catch(() => undefined);
    }
  }

  /** A navigation is reported by events, so the watch listens from before the input is sent. */
  async watchNavigation(): Promise<NavigationWatch> {
    const watch = new ContextWatch(this.browser, this.targetId);
    return {
      settle: (hint, signal) => watch.settle(hint === 'none' ? 0 : hint === 'started' ? STARTED_NAVIGATION_WAIT_MS : this.opts.navigationGraceMs, signal),
      dispose: () => watch.dispose(),
    };
  }

  async screenshot(opts: ScreenshotOptions, signal: AbortSignal): Promise<Screenshot> {
    // BiDi's ImageFormat: a media type, and for JPEG a quality from 0 to 1.
    const jpeg = opts.format === 'jpeg';
    const format = jpeg ? { type: 'image/jpeg', ...(opts.quality !== undefined ? { quality: opts.quality / 100 } : {}) } : { type: 'image/png' };
    const params: BidiParams<'browsingContext.captureScreenshot'> = { context: this.targetId, origin: opts.fullPage || opts.clip ? 'document' : 'viewport', format };
    if (opts.clip) params.clip = { type: 'box', ...opts.clip };
    const { data } = await this.send('browsingContext.captureScreenshot', params, signal);
    return { data, ...(jpeg ? jpegSize(data) : pngSize(data)) };
  }

  async close(signal: AbortSignal): Promise<void> {
    if (this.closed) return;
    try {
      if (this.browser.alive) await this.send('browsingContext.close', { context: this.targetId }, signal);
    } catch (e) {
      if (!isBidiError(e, 'no such frame')) throw e; // already gone: closing is done
    }
    this.markClosed();
  }

  /** Marks the page closed without a command (its user context was removed, or the tab closed itself). */
  markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    for (const off of this.offObserve) off();
    this.onClosed(this);
  }

  async history(delta: -1 | 1, waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void> {
    const before = await this.url(signal);
    const watch = new ContextWatch(this.browser, this.targetId);
    try {
      try {
        await this.send('browsingContext.traverseHistory', { context: this.targetId, delta }, signal);
      } catch (e) {
        if (isBidiError(e, 'no such history entry')) throw noHistoryEntry(delta);
        throw e;
      }
      // Chrome 156 answers before the traversal starts, Firefox 153 after it committed; a page
      // restored from the back/forward cache (Firefox 153) reports a start but no commit. So: done
      // when the navigation settled or the URL changed, or after a grace (same-URL entries).
      const until = Date.now() + HISTORY_GRACE_MS;
      while (!watch.settled && Date.now() < until && (await this.url(signal)) === before) await sleep(50, signal);
    } finally {
      watch.dispose();
    }
    await this.ready(waitUntil, signal);
  }

  async reload(waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void> {
    await this.send('browsingContext.reload', { context: this.targetId, wait: WAIT[waitUntil] }, signal);
  }

  private async url(signal: AbortSignal): Promise<string> {
    const tree = await this.send('browsingContext.getTree', { root: this.targetId, maxDepth: 0 }, signal);
    return tree.contexts[0]?.url ?? '';
  }

  /** Polls the top document's readyState: a traversal may restore a cached page that fires no load event. */
  private async ready(waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void> {
    for (;;) {
      const v = await this.evaluateIn('document.readyState', this.targetId, signal).catch(() => null);
      const state = v?.type === 'string' ? v.value : undefined;
      if (state === 'complete' || (waitUntil === 'domcontentloaded' && state === 'interactive')) return;
      await sleep(50, signal);
    }
  }

  async evaluate(functionDeclaration: string, signal: AbortSignal): Promise<unknown> {
    try {
      // The client's own script, gated by --allow-eval: it runs in the page's realm, where the page's
      // globals are, unlike every call of ours.
      const v = await this.callFunction(functionDeclaration, this.targetId, [], signal, 'page');
      return 'value' in v ? v.value : undefined;
    } catch (e) {
      // Our wrapper catches what the expression throws; an exception here is one it could not parse.
      if (ProviderError.is(e) && e.details.code === 'script_exception') throw evalSyntaxError(e.message);
      throw e;
    }
  }

  consoleEntries(sinceNavigation = false): ConsoleEntry[] {
    return sinceNavigation ? this.consoleLog.since(this.consoleMark) : this.consoleLog.toArray();
  }

  networkEntries(): NetworkEntry[] {
    return this.networkLog.entries.toArray().map((e) => ({ ...e }));
  }

  networkDetail(requestId: string): NetworkDetail | undefined {
    return this.networkLog.detail(requestId);
  }

  /**
   * Lets the session's collector drop the bodies of requests our log no longer lists (BiDi
   * network.disownData). Firefox keeps every collected body until it is disowned or the collector is
   * removed at session end: ~21 KB a navigation in its parent process, measured (docs/reliability.md).
   * Not waited for; a request with nothing collected answers an error, which is expected and ignored.
   */
  private disownBodies(requests: Array<{ id: string; sentBody: boolean }>): void {
    const collector = this.links?.collector;
    if (collector === undefined || this.closed) return;
    for (const { id, sentBody } of requests) {
      for (const dataType of sentBody ? (['request', 'response'] as const) : (['response'] as const)) {
        this.browser.conn.send('network.disownData', { dataType, collector, request: id }).catch(() => undefined);
      }
    }
  }

  async networkBody(requestId: string, which: 'request' | 'response', signal: AbortSignal): Promise<NetworkBody | undefined> {
    const collector = this.links?.collector;
    if (collector === undefined) return undefined;
    try {
      const { bytes } = await this.send('network.getData', { dataType: which, request: requestId, collector }, signal);
      return bytes.type === 'string' ? { text: bytes.value } : { base64: bytes.value };
    } catch (e) {
      // Not kept: too large, evicted, or the request had no body.
      if (isBidiError(e, 'no such network data') || isBidiError(e, 'unavailable network data')) return undefined;
      // Chrome 156 answers "unknown error: No resource with given id was found" for a body of an earlier document of the page.
      if (isBidiError(e, 'unknown error') && /No resource with given id/i.test((e as Error).message)) return undefined;
      throw e;
    }
  }

  async pdf(opts: PdfOptions, signal: AbortSignal): Promise<string> {
    const r = await this.send(
      'browsingContext.print',
      { context: this.targetId, ...(opts.landscape !== undefined ? { orientation: opts.landscape ? 'landscape' : 'portrait' } : {}), ...(opts.printBackground !== undefined ? { background: opts.printBackground } : {}), ...(opts.scale !== undefined ? { scale: opts.scale } : {}) },
      signal,
    );
    return r.data;
  }

  async screencast(onFrame: (jpeg: string) => void, signal: AbortSignal): Promise<{ stop(): Promise<void> }> {
    if (this.opts.screencast === undefined) throw raise(ERRORS.unknown_method, 'This engine has no screencast.', undefined);
    return this.opts.screencast(this.browser, this.targetId, onFrame, signal);
  }

  async emulateMedia(overrides: MediaOverrides, signal: AbortSignal): Promise<void> {
    if (this.opts.emulateMedia === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot emulate media features.', undefined);
    await this.opts.emulateMedia(this.browser, this.targetId, overrides, signal);
  }

  /** The session's whole jar: its user context's storage partition (not only this page's origin). */
  private get partition(): BidiParams<'storage.getCookies'>['partition'] {
    return this.links ? { type: 'storageKey', userContext: this.links.userContext } : { type: 'context', context: this.targetId };
  }

  async cookies(signal: AbortSignal): Promise<CookieInfo[]> {
    const r = await this.send('storage.getCookies', { partition: this.partition }, signal);
    return r.cookies.map(toCookieInfo);
  }

  async setCookies(cookies: CookieSet[], signal: AbortSignal): Promise<void> {
    for (const c of cookies) await this.send('storage.setCookie', { cookie: toPartialCookie(c), partition: this.partition }, signal);
  }

  async deleteCookies(cookies: ReadonlyArray<Pick<CookieInfo, 'name' | 'domain' | 'path'>>, signal: AbortSignal): Promise<void> {
    for (const c of cookies) await this.send('storage.deleteCookies', { filter: { name: c.name, domain: c.domain, path: c.path }, partition: this.partition }, signal);
  }

  async setViewport(width: number, height: number, signal: AbortSignal): Promise<void> {
    await this.send('browsingContext.setViewport', { context: this.targetId, viewport: { width, height } }, signal);
  }

  async setFiles(frame: FrameKey, doc: string, id: number, paths: string[], signal: AbortSignal): Promise<void> {
    const v = await this.callFunction(ELEMENT_BY_ID, frame, [{ type: 'number', value: id }, { type: 'string', value: doc }], signal);
    if (v.type !== 'node' || typeof v.sharedId !== 'string') {
      throw raise(ERRORS.stale_ref, 'The file input is no longer on the page.', {});
    }
    await this.send('input.setFiles', { context: frame, element: { sharedId: v.sharedId }, files: paths }, signal);
  }

  private async invoke(frame: FrameKey, op: string, argsJson: string, signal: AbortSignal): Promise<unknown> {
    const v = await this.callFunction(OP_CALLER, frame, [{ type: 'string', value: op }, { type: 'string', value: argsJson }], signal);
    return v.type === 'string' ? v.value : null;
  }

  private async install(frame: FrameKey, signal: AbortSignal): Promise<void> {
    let source: string;
    try {
      source = this.opts.pageScript();
    } catch (e) {
      throw raise(ERRORS.page_script_unavailable, 'The page script is not available.', undefined, { cause: e });
    }
    // The listener recorder in the page's realm too, not only as the session's preload: the handlers
    // front-end libraries keep on nodes are read from there whenever it runs (a document that began
    // before the preload existed, or an engine that refused it). It only adds snapshot lines.
    const recorder = this.send('script.evaluate', { expression: listenerRecorderExpression(), target: scriptTarget(frame, 'page'), awaitPromise: false, resultOwnership: 'none' }, signal)
      .catch(() => undefined);
    await Promise.all([this.evaluateIn(sandboxedPageScript(source), frame, signal), recorder]);
  }

  /** Evaluates in our sandbox of `frame` (never the page's realm: the page can replace what it finds there). */
  private async evaluateIn(expression: string, frame: FrameKey, signal: AbortSignal): Promise<RemoteValue> {
    const r = await this.send('script.evaluate', { expression, target: scriptTarget(frame, 'sandbox'), awaitPromise: false, resultOwnership: 'none' }, signal);
    return unwrap(r);
  }

  /**
   * Calls a function awaiting its promise. Firefox 153 never answers such a call when the document is
   * replaced meanwhile, so a new document (or the frame's removal) in `frame` fails the call with
   * `document_replaced` after a short grace (the call may already have reached the new document).
   */
  private async callFunction(fn: string, frame: FrameKey, args: LocalValue[], signal: AbortSignal, realm: Realm = 'sandbox'): Promise<RemoteValue> {
    const replaced = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const commit = this.browser.supportsCommitted ? 'browsingContext.navigationCommitted' : 'browsingContext.domContentLoaded';
    const off = this.browser.onContext(frame, (...[method]) => {
      if ((method === commit || method === 'browsingContext.contextDestroyed') && !timer) {
        timer = setTimeout(() => replaced.abort(documentReplaced()), DOCUMENT_REPLACED_GRACE_MS);
      }
    });
    try {
      const r = await this.send(
        'script.callFunction',
        { functionDeclaration: fn, arguments: args, awaitPromise: true, target: scriptTarget(frame, realm), resultOwnership: 'none' },
        AbortSignal.any([signal, replaced.signal]),
      );
      return unwrap(r);
    } finally {
      off();
      clearTimeout(timer);
    }
  }
}

function unwrap(r: EvalResult): RemoteValue {
  if (r.type === 'success') return r.result;
  // Firefox 153 gives the text "undefined" (or none) for a thrown non-Error; name what was thrown then.
  const text = r.exceptionDetails.text;
  const why = text && text !== 'undefined' ? text : `a thrown ${r.exceptionDetails.exception?.type ?? 'value'} without a message`;
  throw raise(ERRORS.script_exception, `Script failed in the page: ${why}`, undefined);
}
