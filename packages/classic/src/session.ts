import type { BackendPage, BackendSession } from '@browser-provider/core';
import type { DriverConnection } from './connection';
import { ClassicPage } from './page';

/**
 * A backend session over one driver connection. `isolated` sessions own their connection (and so a
 * driver process and browser instance with its own cookie jar); shared ones borrow the backend's
 * shared connection and only own their pages.
 */
export class ClassicSession implements BackendSession {
  readonly attached = false;
  private readonly pages = new Set<ClassicPage>();
  private closed = false;

  constructor(
    readonly conn: DriverConnection,
    readonly isolated: boolean,
    private readonly pageScript: () => string,
    /** Releases the connection (kills the driver when this session owned it). */
    private readonly release: (session: ClassicSession) => Promise<void>,
  ) {}

  get openPages(): ReadonlySet<ClassicPage> {
    return this.pages;
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
      const page = new ClassicPage(this.conn, handle, {
        pageScript: this.pageScript,
        onClosed: (p) => {
          this.pages.delete(p);
          this.conn.ownedWindows.delete(p.targetId);
        },
      });
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
    await this.release(this);
  }
}
