import type { BackendPage, BackendSession } from '@browser-provider/core';
import { ProviderError } from '@browser-provider/core';
import type { BidiBrowser } from './browser';
import { isBidiError } from './errors';
import { BidiPage, type PageOptions } from './page';

/**
 * A BackendSession over one BiDi user context. `per_jcode_session` gets a fresh user context (own
 * cookie jar and storage) that is removed on close; `shared` uses the browser's default user context
 * and closes only the tabs it opened. The page script is registered as a preload script for the
 * user context so every new document (and iframe) already has it.
 */
export class BidiSession implements BackendSession {
  readonly attached: boolean;
  private readonly pages = new Set<BidiPage>();
  private closed: string | undefined;
  private readonly offDestroyed: () => void;

  private constructor(
    readonly browser: BidiBrowser,
    readonly userContext: string,
    readonly isolated: boolean,
    private readonly preloadScript: string | undefined,
    private readonly pageOptions: PageOptions,
    private readonly onClosed: (s: BidiSession) => void,
  ) {
    this.attached = browser.attached;
    this.offDestroyed = browser.conn.onClose(() => this.dispose('the browser went away'));
  }

  static async create(
    browser: BidiBrowser,
    isolated: boolean,
    pageOptions: PageOptions,
    onClosed: (s: BidiSession) => void,
    signal: AbortSignal,
  ): Promise<BidiSession> {
    browser.assertAlive();
    const conn = browser.conn;
    const userContext = isolated ? (await conn.send<{ userContext: string }>('browser.createUserContext', {}, signal)).userContext : 'default';
    try {
      const preload = await addPreload(browser, userContext, pageOptions, signal);
      return new BidiSession(browser, userContext, isolated, preload, pageOptions, onClosed);
    } catch (e) {
      if (isolated) await conn.send('browser.removeUserContext', { userContext }, AbortSignal.timeout(2000)).catch(() => undefined);
      throw e;
    }
  }

  /** Open pages of this session, for custom methods and logs. */
  get openPages(): readonly BidiPage[] {
    return [...this.pages];
  }

  async newPage(signal: AbortSignal): Promise<BackendPage> {
    this.browser.assertAlive();
    if (this.closed) throw new ProviderError('session_not_found', `The session is closed (${this.closed}).`, { detail: 'session_closed', repair: { method: 'session.ensure', params: {}, hint: 'Call session.ensure to open a new session.' } });
    const { context } = await this.browser.conn.send<{ context: string }>('browsingContext.create', { type: this.pageOptions.contextType, userContext: this.userContext }, signal);
    const page = new BidiPage(this.browser, context, this.pageOptions, (p) => this.pages.delete(p));
    this.pages.add(page);
    // A tab that closes itself (window.close) leaves the session; later calls get page_not_found.
    const off = this.browser.onContext(context, (method) => {
      if (method === 'browsingContext.contextDestroyed') {
        off();
        page.markClosed();
      }
    });
    return page;
  }

  async close(signal: AbortSignal): Promise<void> {
    if (this.closed) return;
    this.closed = 'closed by the client';
    const conn = this.browser.conn;
    if (this.browser.alive) {
      const tasks: Promise<unknown>[] = [];
      if (this.isolated) {
        // Removing the user context closes its tabs too.
        tasks.push(conn.send('browser.removeUserContext', { userContext: this.userContext }, signal).catch(ignoreGone));
      } else {
        for (const p of this.pages) tasks.push(p.close(signal).catch(ignoreGone));
      }
      if (this.preloadScript) tasks.push(conn.send('script.removePreloadScript', { script: this.preloadScript }, signal).catch(ignoreGone));
      await Promise.all(tasks);
    }
    this.dispose('closed by the client');
  }

  private dispose(reason: string): void {
    this.closed ??= reason;
    for (const p of [...this.pages]) p.markClosed();
    this.offDestroyed();
    this.onClosed(this);
  }
}

/** Errors that mean "already gone": closing is then done. */
function ignoreGone(e: unknown): void {
  if (isBidiError(e, 'no such user context') || isBidiError(e, 'no such frame') || isBidiError(e, 'no such script')) return;
  if (ProviderError.is(e, 'browser_not_running')) return;
  throw e;
}

async function addPreload(browser: BidiBrowser, userContext: string, o: PageOptions, signal: AbortSignal): Promise<string | undefined> {
  let source: string;
  try {
    source = o.pageScript();
  } catch {
    return undefined; // no page script yet: `call` installs on demand and reports the failure there
  }
  const { script } = await browser.conn.send<{ script: string }>(
    'script.addPreloadScript',
    { functionDeclaration: `function () {\n${source}\n}`, userContexts: [userContext] },
    signal,
  );
  return script;
}
