import { isBidiError } from './errors';
import type { BidiConnection } from './connection';

/**
 * Top-level windows kept open and lent out, one page at a time, so that opening a page in a window of
 * its own does not open (and later close) a browser window.
 *
 * Why: Firefox 153 ESR keeps every closed window's chrome document (browser.xhtml, ~5 MB) alive as a
 * "detached window" until a full GC and cycle collection of its parent process, which a parent kept
 * busy by automation runs rarely. A window per page then grew the parent by ~8 MB per session in the
 * soak (about:memory: `window-objects/top(none)/detached` 56 → 234 MB over 36 sessions; after a forced
 * minimize nothing was left). A window here keeps one placeholder tab of the default user context; a
 * page is a tab of its session's user context opened beside it (selected, so visible and never
 * throttled), and closing the page or removing the user context closes only that tab.
 */

interface Slot {
  /** The placeholder tab that keeps the window open (also the `referenceContext` for new tabs). */
  placeholder: string;
  /** The page lent this window, until its context is destroyed. */
  occupant: string | undefined;
}

/** Idle windows kept beyond the busiest moment's need are closed past this many. */
const MAX_IDLE = 4;

export class WindowPool {
  private readonly slots: Slot[] = [];

  constructor(private readonly conn: BidiConnection) {
    conn.on('browsingContext.contextDestroyed', (p) => this.onDestroyed(p.context));
  }

  /** Windows open for pages (busy and idle), for status and tests. */
  get size(): number {
    return this.slots.length;
  }

  /** Opens a page (a tab of `userContext`) in an idle window, opening a window when none is idle. */
  async open(userContext: string, signal: AbortSignal): Promise<string> {
    for (;;) {
      const slot = this.slots.find((s) => s.occupant === undefined) ?? (await this.newSlot(signal));
      slot.occupant = 'pending';
      try {
        const { context } = await this.conn.send('browsingContext.create', { type: 'tab', referenceContext: slot.placeholder, userContext }, signal);
        slot.occupant = context;
        return context;
      } catch (e) {
        slot.occupant = undefined;
        // The placeholder went away (closed from outside): forget the window and take another.
        if (isBidiError(e, 'no such frame')) this.drop(slot);
        else throw e;
      }
    }
  }

  private async newSlot(signal: AbortSignal): Promise<Slot> {
    const { context } = await this.conn.send('browsingContext.create', { type: 'window', userContext: 'default' }, signal);
    const slot: Slot = { placeholder: context, occupant: undefined };
    this.slots.push(slot);
    return slot;
  }

  private onDestroyed(context: unknown): void {
    const placeholder = this.slots.find((s) => s.placeholder === context);
    if (placeholder) return this.drop(placeholder);
    const slot = this.slots.find((s) => s.occupant === context);
    if (slot === undefined) return;
    slot.occupant = undefined;
    const idle = this.slots.filter((s) => s.occupant === undefined);
    if (idle.length > MAX_IDLE) {
      this.drop(slot);
      void this.conn.send('browsingContext.close', { context: slot.placeholder }, AbortSignal.timeout(5_000)).catch(() => undefined);
    }
  }

  private drop(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}
