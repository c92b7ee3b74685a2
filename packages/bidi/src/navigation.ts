import type { BidiBrowser, ContextEventName } from './browser';
import type { BidiEventArgs } from './connection';

/**
 * Watches one top-level context for a navigation that an action (click, key press) starts. Created
 * before the input is sent, because browsers may report `navigationStarted` before they answer
 * `input.performActions`.
 *
 * Outcome of the latest navigation:
 *   - `committed`: a new document replaced the old one (navigationCommitted; on browsers without it,
 *     domContentLoaded/load of the same navigation);
 *   - `same_document`: a fragment navigation; the document (and its refs) stayed;
 *   - `failed`: aborted, failed, or the context was destroyed.
 */
export type NavOutcome = 'committed' | 'same_document' | 'failed';

export class ContextWatch {
  private navigation: string | null = null;
  private outcome: NavOutcome | null = null;
  private wake: (() => void) | null = null;
  private readonly off: () => void;

  constructor(
    private readonly browser: BidiBrowser,
    context: string,
  ) {
    this.off = browser.onContext(context, (...event) => this.onEvent(...event));
  }

  private onEvent(...[method, p]: BidiEventArgs[ContextEventName]): void {
    const nav = 'navigation' in p && typeof p.navigation === 'string' ? p.navigation : null;
    switch (method) {
      case 'browsingContext.navigationStarted':
        this.navigation = nav ?? '';
        this.outcome = null;
        break;
      case 'browsingContext.navigationCommitted':
        if (this.matches(nav)) this.outcome = 'committed';
        break;
      case 'browsingContext.domContentLoaded':
      case 'browsingContext.load':
        if (this.matches(nav) && this.outcome === null) this.outcome = 'committed';
        break;
      case 'browsingContext.fragmentNavigated':
        if (this.navigation === null || this.matches(nav)) {
          this.navigation ??= nav ?? '';
          this.outcome = 'same_document';
        }
        break;
      case 'browsingContext.navigationFailed':
      case 'browsingContext.navigationAborted':
      // A navigation that turned into a download never commits (Firefox 153 reports no abort for it).
      case 'browsingContext.downloadWillBegin':
        if (this.matches(nav)) this.outcome = 'failed';
        break;
      case 'browsingContext.contextDestroyed':
        this.navigation ??= '';
        this.outcome = 'failed';
        break;
    }
    this.wake?.();
  }

  /** Whether the latest navigation has settled (committed, same-document, or failed). */
  get settled(): boolean {
    return this.outcome !== null;
  }

  /** Events of a navigation we saw start (or, before any start, none). Some events lack an id. */
  private matches(nav: string | null): boolean {
    return this.navigation !== null && (nav === null || this.navigation === '' || nav === this.navigation);
  }

  /**
   * After the input was sent: waits up to `graceMs` for a navigation to start, then until it settles.
   * Resolves whether a new document was committed. Honours `signal`, and the browser dying.
   */
  async settle(graceMs: number, signal: AbortSignal): Promise<boolean> {
    const graceEnd = Date.now() + graceMs;
    for (;;) {
      signal.throwIfAborted();
      this.browser.assertAlive();
      if (this.outcome !== null) return this.outcome === 'committed';
      const remaining = this.navigation === null ? graceEnd - Date.now() : 1000;
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          this.wake = null;
          resolve();
        };
        const timer = setTimeout(done, remaining);
        signal.addEventListener('abort', done, { once: true });
        this.wake = done;
      });
    }
  }

  /** Waits for the navigation with id `navigation` (from browsingContext.navigate) to settle. */
  async committed(navigation: string | null, signal: AbortSignal): Promise<NavOutcome> {
    if (navigation !== null && this.navigation !== navigation && this.navigation !== null && this.outcome !== null) {
      // The events we saw belong to an older navigation; forget them.
      this.navigation = navigation;
      this.outcome = null;
    }
    this.navigation ??= navigation ?? '';
    const r = await this.settle(0, signal).then(() => this.outcome);
    return r ?? 'failed';
  }

  dispose(): void {
    this.off();
    this.wake = null;
  }
}
