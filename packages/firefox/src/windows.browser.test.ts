import { afterAll, expect, it } from 'vitest';
import type { BidiSession } from '@browser-provider/bidi';
import { describeEngine, testPageScript } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

/**
 * Firefox opens each page in a window of its own; closing a session must not close that window,
 * because Firefox 153 keeps a closed window's chrome document until a rare full GC of its parent
 * (the soak's leak, see packages/bidi/src/window-pool.ts). Windows are lent out and come back.
 */
describeEngine('firefox')('Firefox windows across sessions', () => {
  const backend = createFirefoxBackend({ pageScript: testPageScript });
  afterAll(() => backend.shutdown());
  const signal = () => AbortSignal.timeout(30_000);
  const open = () => backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: signal() }) as Promise<BidiSession>;

  /** The OS window (BiDi `clientWindow`) that shows `context`. */
  async function windowOf(session: BidiSession, context: string): Promise<string> {
    const { contexts } = await session.browser.conn.send('browsingContext.getTree', { root: context, maxDepth: 0 }, signal());
    return String((contexts[0] as { clientWindow?: unknown } | undefined)?.clientWindow);
  }

  it('lends a closed session’s window to the next session, and two live pages two windows', async () => {
    const first = await open();
    const a = await first.newPage(signal());
    const windowA = await windowOf(first, a.targetId);
    await first.close(signal());

    const second = await open();
    const b = await second.newPage(signal());
    const c = await second.newPage(signal());
    expect(await windowOf(second, b.targetId)).toBe(windowA);
    expect(await windowOf(second, c.targetId)).not.toBe(windowA);
    // Both stay visible: each is the selected tab of its window.
    for (const p of [b, c]) expect(await p.evaluate!('() => document.visibilityState', signal())).toBe('visible');
    await second.close(signal());
  });
});
