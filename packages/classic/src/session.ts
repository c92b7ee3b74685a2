import type { BackendEvent, BackendEventType, BackendPage, BackendSession, DialogAnswer, DialogReport } from '@browser-provider/core/backend';
import { DialogPolicy, ScratchDir } from '@browser-provider/core/toolkit';
import type { DriverConnection } from './connection';
import { ClassicPage, type PageHooks } from './page';
import type { ClassicQuirks } from './quirks';

/**
 * A backend session over one driver connection. `isolated` sessions own their connection (and so a
 * driver process and browser instance with its own cookie jar); shared ones borrow the backend's
 * shared connection and only own their pages.
 */
export class ClassicSession implements BackendSession {
  readonly attached = false;
  readonly dialogPolicy = new DialogPolicy();
  readonly scratch = new ScratchDir('bp-classic-');
  /** Classic WebDriver has no console, network or download events. */
  readonly eventTypes: readonly BackendEventType[] = ['popup', 'dialog', 'navigated'];
  private readonly pages = new Set<ClassicPage>();
  private closed = false;
  private listener: ((e: BackendEvent) => void) | undefined;
  /** Settles once close has released the session's connection (and so its driver, when it owned one). */
  readonly ended: Promise<void>;
  private markEnded!: () => void;

  constructor(
    readonly conn: DriverConnection,
    readonly isolated: boolean,
    private readonly pageScript: () => string,
    private readonly quirks: ClassicQuirks,
    /** Releases the connection (kills the driver when this session owned it). */
    private readonly release: (session: ClassicSession) => Promise<void>,
  ) {
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
  }

  /** The driver or browser went away under the session (not closed by the client). */
  get gone(): boolean {
    return !this.closed && !this.conn.alive;
  }

  get openPages(): ReadonlySet<ClassicPage> {
    return this.pages;
  }

  onEvent(listener: (e: BackendEvent) => void): void {
    this.listener = listener;
  }

  /** The session's answer to a dialog met in one of its windows (the connection asks). */
  dialogFor(window: string | undefined): { answer: DialogAnswer; report(d: DialogReport): void } | undefined {
    const page = [...this.pages].find((p) => p.targetId === window);
    if (page === undefined) return undefined;
    return {
      answer: this.dialogPolicy.decide('dialog', page.targetId),
      report: (dialog) => this.listener?.({ type: 'dialog', page, dialog }),
    };
  }

  private hooks(): PageHooks {
    return {
      pageScript: this.pageScript,
      quirks: this.quirks,
      onClosed: (p) => {
        this.pages.delete(p);
        this.conn.ownedWindows.delete(p.targetId);
      },
      emit: (e) => this.listener?.(e),
      onNewWindows: (handles, opener) => {
        for (const handle of handles) {
          this.conn.ownedWindows.add(handle);
          const page = new ClassicPage(this.conn, handle, this.hooks());
          this.pages.add(page);
          this.listener?.({ type: 'popup', page, opener });
        }
      },
    };
  }

  newPage(signal: AbortSignal): Promise<BackendPage> {
    return this.conn.run(signal, async (c) => {
      // Reuse a window no page owns (the browser's first window, or a closed page's blank spare)
      // before opening a tab: WebKit ends the session when its last window closes.
      const handles = await c.getWindowHandles();
      let handle = handles.find((h) => !this.conn.ownedWindows.has(h));
      if (handle === undefined) handle = (await c.createWindow('tab')).handle;
      this.conn.ownedWindows.add(handle);
      this.conn.forgetPosition();
      const page = new ClassicPage(this.conn, handle, this.hooks());
      this.pages.add(page);
      return page;
    });
  }

  async close(signal: AbortSignal): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // An isolated session's driver dies next: closing its windows one by one would be wasted work.
    if (this.conn.alive && !this.isolated) {
      for (const page of [...this.pages]) {
        try {
          await page.close(signal);
        } catch {
          // The session is going away; a page that cannot close is dropped with it.
        }
      }
    }
    for (const page of [...this.pages]) page.markClosed('session closed');
    this.scratch.dispose();
    try {
      await this.release(this);
    } finally {
      this.markEnded();
    }
  }
}
