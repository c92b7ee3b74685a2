import type { DriverClient } from './client';
import { callPageOp, ERRORS, evalSyntaxError, noHistoryEntry, ProviderError, raise, sleep, unsupportedOption } from '@browser-provider/core/toolkit';
import type { BackendEvent, BackendPage, CookieInfo, CookieSet, FrameKey, InputSource, NavigationHint, NavigationWatch, Screenshot, ScreenshotOptions } from '@browser-provider/core/backend';
import { ELEMENT_BY_ID, installSource, OP_CALLER } from '@browser-provider/page-script';
import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import type { DriverConnection } from './connection';
import { childFrameKey, isFrameElementScript, TOP_FRAME } from './frames';
import { navigate, type WaitUntil } from './navigate';
import { captureScreenshot } from './screenshot';
import { applyQuirks, type ClassicQuirks, type LastPress } from './quirks';
import { addCookies, removeCookies, sizeViewport } from './jar';
import type { WireMethod } from './wire';

const CALL_OP = `return (${OP_CALLER}).apply(null, arguments);`;

/**
 * A document token that survives nothing: a symbol-keyed property of the top window. After input,
 * a different token (or URL) means the top-level document changed. A symbol keeps it out of the
 * page's own property enumeration.
 */
const NAV_TOKEN = `const k = Symbol.for('browser-provider.nav');
if (!window[k]) window[k] = Math.random().toString(36).slice(2);
return [window[k], location.href];`;

/** How long after input a navigation may still start (a click's default action runs after the event). */
const NAV_SETTLE_MS = 60;

export interface PageHooks {
  pageScript(): string;
  /** The engine's input quirks (from its adapter). */
  quirks: ClassicQuirks;
  /** Called once the page is closed, so the session forgets it. */
  onClosed(page: ClassicPage): void;
  /** Where the page reports what happened (navigations). */
  emit?(e: BackendEvent): void;
  /** Windows that appeared during this page's input (window.open, target=_blank): popups. */
  onNewWindows?(handles: string[], opener: ClassicPage): void;
}

const WEB_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export class ClassicPage implements BackendPage {
  readonly mainFrame: FrameKey = TOP_FRAME;
  private closedWhy: string | undefined;
  /** Where and when this page's last press was sent (see ClassicQuirks.mergesPressesWithin). */
  private readonly lastPress: LastPress = {};

  constructor(
    private readonly conn: DriverConnection,
    readonly targetId: string,
    private readonly hooks: PageHooks,
  ) {}

  /** Runs `task` with the driver pointed at this page's `frame`. */
  private inFrame<T>(frame: FrameKey, signal: AbortSignal, task: (c: DriverClient) => Promise<T>): Promise<T> {
    if (this.closedWhy !== undefined) {
      return Promise.reject(
        raise(ERRORS.page_closed, `This page was closed (${this.closedWhy}).`, {}),
      );
    }
    return this.conn.run(signal, async (c) => {
      await this.conn.enter(this.targetId, frame, signal);
      return task(c);
    });
  }

  async navigate(url: string, waitUntil: WaitUntil, signal: AbortSignal): Promise<void> {
    const now = await this.inFrame(TOP_FRAME, signal, async (c) => {
      await navigate(c, url, waitUntil, signal);
      return c.getUrl();
    });
    this.hooks.emit?.({ type: 'navigated', page: this, url: now });
  }

  /** Back/Forward (§10.3/§10.4) block until the new document has loaded (pageLoadStrategy normal). */
  async history(delta: -1 | 1, _waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void> {
    const url = await this.inFrame(TOP_FRAME, signal, async (c) => {
      const before = await this.navToken(c);
      await (delta < 0 ? c.back() : c.forward());
      // Classic WebDriver says nothing when there is no entry: an unchanged document and URL mean that.
      if ((await this.navToken(c)) === before) throw noHistoryEntry(delta);
      return c.getUrl();
    });
    this.hooks.emit?.({ type: 'navigated', page: this, url });
  }

  async reload(_waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void> {
    const url = await this.inFrame(TOP_FRAME, signal, async (c) => {
      await c.refresh();
      return c.getUrl();
    });
    this.hooks.emit?.({ type: 'navigated', page: this, url });
  }

  async evaluate(functionDeclaration: string, signal: AbortSignal): Promise<unknown> {
    try {
      // Execute Script awaits a returned promise (§15.2.1).
      return await this.inFrame(TOP_FRAME, signal, (c) => c.executeScript(`return (${functionDeclaration})();`, []));
    } catch (e) {
      // Our wrapper catches what the expression throws; a script error here is one that did not parse.
      if (ProviderError.is(e) && e.details.code === 'javascript_error') throw evalSyntaxError(e.message);
      throw e;
    }
  }

  async setCookies(cookies: CookieSet[], signal: AbortSignal): Promise<void> {
    await this.inFrame(TOP_FRAME, signal, async (c) => addCookies(c, cookies, await c.getUrl()));
  }

  async deleteCookies(cookies: ReadonlyArray<Pick<CookieInfo, 'name'>>, signal: AbortSignal): Promise<void> {
    await this.inFrame(TOP_FRAME, signal, (c) => removeCookies(c, cookies));
  }

  async setViewport(width: number, height: number, signal: AbortSignal): Promise<void> {
    await this.inFrame(TOP_FRAME, signal, (c) => sizeViewport(c, width, height));
  }

  /** Get All Cookies (§14.1) sees the current document's cookies only: classic has no jar-wide read. */
  cookies(signal: AbortSignal): Promise<CookieInfo[]> {
    return this.inFrame(TOP_FRAME, signal, async (c) => {
      const all = (await c.getAllCookies()) as Array<{ name: string; value: string; domain?: string; path?: string; expiry?: number; httpOnly?: boolean; secure?: boolean; sameSite?: string }>;
      return all.map((k) => ({
        name: k.name,
        value: k.value,
        domain: k.domain ?? '',
        path: k.path ?? '/',
        ...(typeof k.expiry === 'number' ? { expires: k.expiry } : {}),
        http_only: k.httpOnly === true,
        secure: k.secure === true,
        ...(k.sameSite ? { same_site: k.sameSite } : {}),
      }));
    });
  }

  /** Element Send Keys on a file input (§12.5.3) sets its files: one path per line. */
  setFiles(frame: FrameKey, doc: string, id: number, paths: string[], signal: AbortSignal): Promise<void> {
    return this.inFrame(frame, signal, async (c) => {
      const el = (await c.executeScript(`return (${ELEMENT_BY_ID}).apply(null, arguments);`, [id, doc])) as Record<string, string> | null;
      const ref = el?.[WEB_ELEMENT];
      if (typeof ref !== 'string') {
        throw raise(ERRORS.stale_ref, 'The file input is no longer on the page.', {});
      }
      await c.elementSendKeys(ref, paths.join('\n'));
    });
  }

  info(signal: AbortSignal): Promise<{ url: string; title: string }> {
    return this.inFrame(TOP_FRAME, signal, async (c) => ({ url: await c.getUrl(), title: await c.getTitle() }));
  }

  call<K extends OpName>(frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>> {
    return this.inFrame(frame, signal, (c): Promise<OpResult<K>> => {
      const argsJson = JSON.stringify(args);
      return callPageOp(
        op,
        () => c.executeScript(CALL_OP, [op, argsJson]),
        // No sandbox realm in classic WebDriver: the script runs in the page's realm, so it takes the DOM
        // functions its checks rest on from a new frame it checks first (see page-script's page/fresh.ts).
        () => c.executeScript(`${installSource(this.hooks.pageScript(), { realm: 'fresh' })}\n;return true;`, []),
      );
    });
  }

  childFrame(frame: FrameKey, iframeId: number, signal: AbortSignal): Promise<FrameKey | null> {
    return this.inFrame(frame, signal, async (c) => {
      const isFrame: unknown = await c.executeScript(isFrameElementScript(ELEMENT_BY_ID), [iframeId]);
      return isFrame === true ? childFrameKey(frame, iframeId) : null;
    });
  }

  private async navToken(c: DriverClient): Promise<string> {
    const [token, url] = (await c.executeScript(NAV_TOKEN, [])) as [string, string];
    return `${token} ${url}`;
  }

  /**
   * Reads the document token (and, for popups, the open windows) before the input, and after it
   * whether the top-level document changed. `settle` runs outside the input's turn, after core asked
   * the page for its report (which may enter another frame).
   */
  async watchNavigation(signal: AbortSignal): Promise<NavigationWatch> {
    const { before, windows } = await this.inFrame(TOP_FRAME, signal, async (c) => ({
      before: await this.navToken(c),
      windows: this.hooks.onNewWindows ? new Set(await c.getWindowHandles()) : undefined,
    }));
    return { settle: (hint, s) => this.settle(before, windows, hint, s), dispose: () => undefined };
  }

  /** A page that saw no navigation start (`none`) spares the settle wait and the second look. */
  private async settle(before: string, windows: Set<string> | undefined, hint: NavigationHint, signal: AbortSignal): Promise<boolean> {
    const { navigated, url } = await this.inFrame(TOP_FRAME, signal, async (c) => {
      if (windows !== undefined) {
        const fresh = (await c.getWindowHandles()).filter((h) => !windows.has(h) && !this.conn.ownedWindows.has(h));
        if (fresh.length > 0) this.hooks.onNewWindows?.(fresh, this);
      }
      if (hint === 'none') return { navigated: false, url: '' };
      // After a navigation, Execute Script waits for the new document (pageLoadStrategy), so a
      // changed token means the navigation has committed.
      if ((await this.navToken(c)) !== before) return { navigated: true, url: await c.getUrl() };
      await sleep(NAV_SETTLE_MS, signal);
      const changed = (await this.navToken(c)) !== before;
      return { navigated: changed, url: changed ? await c.getUrl() : '' };
    });
    if (navigated) this.hooks.emit?.({ type: 'navigated', page: this, url });
    return navigated;
  }

  /** Core's sources (whole-pixel points, as classic wants: core's w3c/pointer.ts), sent once the engine's input quirks allow (see applyQuirks). */
  async input(sources: readonly InputSource[], signal: AbortSignal, opts: { hold?: boolean } = {}): Promise<void> {
    const sent = await applyQuirks(this.hooks.quirks, sources, this.lastPress, signal);
    try {
      await this.performActions([...sources], signal, opts.hold);
    } finally {
      sent();
    }
  }

  /**
   * Raw W3C action sequences (§17.5 Perform Actions) in this page's top document, then released
   * (kept pressed with `hold`, unless they failed). The input state is the session's, so a button
   * held here is still down in the next Perform Actions.
   */
  async performActions(actions: object[], signal: AbortSignal, hold = false): Promise<void> {
    await this.inFrame(TOP_FRAME, signal, async (c) => {
      let done = false;
      try {
        await c.performActions(actions);
        done = true;
      } finally {
        if (!hold || !done) await c.releaseActions();
      }
    });
  }

  /** A raw classic command with this page's window current (for `webdriver.send`). */
  raw(method: WireMethod, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    return this.inFrame(TOP_FRAME, signal, () => this.conn.rawCommand(method, path, body, signal));
  }

  screenshot(opts: ScreenshotOptions, signal: AbortSignal): Promise<Screenshot> {
    // Classic Take Screenshot is PNG only (WebDriver §17.1); the backend lists no other format, so
    // core refuses one before this, and nothing here re-encodes.
    if (opts.format !== undefined && opts.format !== 'png') {
      return Promise.reject(unsupportedOption('page.screenshot', 'format', opts.format, 'classic WebDriver captures PNG only. Nothing was captured.'));
    }
    return this.inFrame(TOP_FRAME, signal, (c) => captureScreenshot(c, opts, signal));
  }

  async close(signal: AbortSignal): Promise<void> {
    if (this.closedWhy !== undefined) return;
    await this.conn.run(signal, async (c) => {
      const handles = await c.getWindowHandles();
      if (handles.includes(this.targetId)) {
        await c.switchToWindow(this.targetId);
        // Closing the last window ends the WebDriver session in WebKit; keep it as a blank spare.
        if (handles.length > 1) await c.closeWindow();
        else await c.navigateTo('about:blank');
      }
      this.conn.forgetPosition();
    });
    this.markClosed('closed by the client');
  }

  /** Marks the page closed (by the client, or with its session) so later calls explain themselves. */
  markClosed(why: string): void {
    if (this.closedWhy !== undefined) return;
    this.closedWhy = why;
    this.hooks.onClosed(this);
  }
}

