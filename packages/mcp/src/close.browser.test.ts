import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { startClient, textOf } from './testing/servers';

/**
 * Issue 31 item 2 over MCP, through the SDK client: `browser_close` while a long `browser_wait_for` of
 * the same MCP session is in flight ends at once, and so does the wait (an error saying the session
 * closed). Before, the close queued behind the wait and answered only after 30 s.
 */


const page = servePage('<!doctype html><title>Quiet</title><p>Nothing will ever change here.</p>');

/** browser_wait_for's own limit, in seconds; the close must end it far sooner. */
const WAIT_S = 60;
/** How soon both answers must come after browser_close is sent (generous for a slow machine). */
const ANSWER_WITHIN_MS = 10_000;
/** The SDK client's own request timeout is 60 s: longer than the wait, so only our answers count. */
const REQUEST = { timeout: (WAIT_S + 60) * 1_000 };

for (const [browser, transport] of [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
  ['safari', 'stdio'],
] as const) {
  describeEngine(browser)(`browser_close on ${browser} over ${transport}`, () => {
    it('ends a long browser_wait_for of the same MCP session at once, and the next call opens a new session', async () => {
      const { client, stop } = await startClient(transport, ['--browser', browser]);
      try {
        const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }, undefined, REQUEST);
        expect(textOf(await call('browser_navigate', { url: `${page.origin()}/` }))).toContain('Nothing will ever change here.');

        const waiting = call('browser_wait_for', { text: 'never shown', timeout: WAIT_S });
        // Let the wait poll for a while, so the close meets it running.
        await new Promise((r) => setTimeout(r, 1_000));
        const t0 = Date.now();
        const closing = call('browser_close');

        const waited = await waiting;
        expect(Date.now() - t0).toBeLessThan(ANSWER_WITHIN_MS);
        expect(waited.isError).toBe(true);
        expect(textOf(waited)).toMatch(/^Error session_not_found \(session_closed\): .*session closed/);

        const closed = await closing;
        expect(Date.now() - t0).toBeLessThan(ANSWER_WITHIN_MS);
        expect(closed.isError, textOf(closed)).toBeFalsy();
        expect(textOf(closed)).toBe('Closed the session; the next call opens a new one.');

        // The provider session is gone (the server counts none); the next tool call opens a fresh one.
        expect((await call('browser_status')).structuredContent).toMatchObject({ sessions: 0 });
        const snap = await call('browser_navigate', { url: `${page.origin()}/` });
        expect(snap.isError, textOf(snap)).toBeFalsy();
        expect((await call('browser_status')).structuredContent).toMatchObject({ sessions: 1 });
      } finally {
        await stop();
      }
    });
  });
}
