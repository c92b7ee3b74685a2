import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { startStdio, textOf, type StdioServer } from './testing/servers';

/**
 * Answers that match what happened, against hostile requests and pages, on every installed engine:
 * the SDK's own client over stdio, one server per engine.
 */

const ENGINES = ['firefox', 'chrome', 'safari'] as const;

const page = servePage(`<!doctype html><title>Here</title><p>Ready to go</p>
<button onclick="for (let i = 0; i < 10; i++) window.open('about:blank#' + i)">Open ten</button>
<script>if (location.pathname === '/big') {
  document.title = 'x'.repeat(5000000);
  document.body.append(Object.assign(document.createElement('button'), { textContent: 'n'.repeat(50000) }));
}
if (location.pathname === '/long') {
  const t = document.createElement('textarea'); t.setAttribute('aria-label', 'Long notes'); t.value = 'abcdefghij'.repeat(150) + 'END'; document.body.append(t);
}
if (location.pathname === '/noisy') {
  for (let i = 0; i < 300; i++) console.log(i + ':' + 'c'.repeat(5000));
  for (let i = 0; i < 3; i++) fetch('/r' + i + '?' + 'u'.repeat(100000)).catch(() => {});
}</script>`);

for (const browser of ENGINES) {
  describeEngine(browser)(`mcp --browser ${browser}: answers`, () => {
    let s: StdioServer;
    beforeAll(async () => {
      s = await startStdio(['--browser', browser, '--max-tabs', '3']);
    });
    afterAll(async () => {
      s.child.stdin.end();
      await new Promise((r) => (s.child.exitCode !== null ? r(undefined) : s.child.once('exit', r)));
    });

    it('answers a wait whose text never came (or never went) as a timeout error, and a met one as success', async () => {
      const nav = await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/` } });
      expect(textOf(nav)).toContain('Ready to go');
      const absent = await s.client.callTool({ name: 'browser_wait_for', arguments: { text: 'definitely-not-on-this-page', timeout: 1 } });
      expect(absent.isError).toBe(true);
      expect(textOf(absent)).toMatch(/^Error not_ready \(timeout\): Timed out: "definitely-not-on-this-page" did not appear within 1 s/);
      expect(textOf(absent)).not.toContain('is on the page');
      const stays = await s.client.callTool({ name: 'browser_wait_for', arguments: { textGone: 'Ready to go', timeout: 1 } });
      expect(stays.isError).toBe(true);
      expect(textOf(stays)).toMatch(/^Error not_ready \(timeout\): Timed out: "Ready to go" did not go away within 1 s/);
      const met = await s.client.callTool({ name: 'browser_wait_for', arguments: { text: 'Ready to go', timeout: 20 } });
      expect(met.isError).toBeFalsy();
      expect(textOf(met)).toMatch(/^"Ready to go" is on the page\./);
    });

    it('refuses browser_session with a browser it does not drive before touching the session: the tab stays', async () => {
      await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/kept` } });
      const bad = await s.client.callTool({ name: 'browser_session', arguments: { browser: '../../etc' } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^Error unsupported_target \(browser_family\)/);
      const tabs = textOf(await s.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
      expect(tabs).toContain(`${page.origin()}/kept`);
    });

    it('cuts a 5 MB document.title in the answers that name the page', async () => {
      const nav = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/big` } }));
      expect(nav.length).toBeLessThan(20_000);
      expect(nav).toContain(`Page: "${'x'.repeat(500)}… [4999500 more characters cut]"`);
      // An element's name is cut on its own, whichever realm walked the page.
      expect(nav).toContain(`button "${'n'.repeat(1_000)}… [49000 more characters cut]"`);
      const tabs = textOf(await s.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
      expect(tabs.length).toBeLessThan(5_000);
    });

    it('cuts a long field value at 500 characters with a count, and browser_snapshot value_chars on its ref reads it whole', async () => {
      const nav = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/long` } }));
      const line = nav.split('\n').find((l) => l.includes('textbox "Long notes"'));
      expect(line, nav).toContain(`value="${'abcdefghij'.repeat(50)}… [1003 more characters cut]"`);
      const ref = /\[(e\d+)\]/.exec(line ?? '')?.[1];
      expect(ref).toBeDefined();
      const whole = await s.client.callTool({ name: 'browser_snapshot', arguments: { target: ref, value_chars: 5000 } });
      expect(whole.isError).toBeFalsy();
      expect(textOf(whole)).toContain(`value="${'abcdefghij'.repeat(150)}END"`);
    });

    it('cuts long request URLs and console messages, and leaves the oldest out past the list budget, saying so', async () => {
      await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/noisy` } });
      if (browser === 'safari') {
        // Classic WebDriver observes neither the console nor the network: both tools refuse by name.
        for (const name of ['browser_network_requests', 'browser_console_messages']) {
          const refused = await s.client.callTool({ name, arguments: {} });
          expect(refused.isError).toBe(true);
          expect(textOf(refused)).toMatch(/^Error unsupported_method/);
        }
        return;
      }
      const requests = async () => textOf(await s.client.callTool({ name: 'browser_network_requests', arguments: {} }));
      await expect.poll(async () => (await requests()).match(/\/r\d\?u+… \[\d+ more characters cut\]/g)?.length ?? 0, { timeout: 30_000 }).toBe(3);
      const net = await requests();
      expect(net.length).toBeLessThan(20_000);
      expect(net).toContain(`/r0?${'u'.repeat(100)}`);
      // 300 messages of 5,000 characters: each is cut to 4,000, and together they pass the 1,000,000
      // budget, so the oldest are left out; the note comes first, where the answer's own cut cannot take it.
      const logged = await s.client.callTool({ name: 'browser_console_messages', arguments: { limit: 300 } });
      const text = textOf(logged);
      expect(text).toMatch(/^Note: \d+ older messages were left out to keep the answer within its size limit/);
      const entries = (logged.structuredContent as { entries: Array<{ text: string }> }).entries;
      expect(entries.length).toBeGreaterThan(200);
      expect(entries.length).toBeLessThan(300);
      expect(entries.at(-1)!.text).toMatch(/^299:c{3996}… \[1004 more characters cut\]$/);
      expect(entries.reduce((n, e) => n + e.text.length, 0)).toBeLessThanOrEqual(1_000_000);
    });

    it('closes the popups past --max-tabs, saying so, and refuses one tab too many', async () => {
      const nav = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/popups` } }));
      const button = /button "Open ten" \[(e\d+)\]/.exec(nav)?.[1] as string;
      // Every answer from here on: the warning about a closed popup comes with the next one after it.
      let seen = textOf(await s.client.callTool({ name: 'browser_click', arguments: { target: button } }));
      // The popups arrive as the page opens them; each one past the limit is closed as it comes.
      const tabCount = async () => {
        const t = textOf(await s.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
        seen += t;
        return t.split('\n').filter((l) => l.startsWith('- ')).length;
      };
      await expect.poll(tabCount, { timeout: 30_000 }).toBe(3);
      await new Promise((r) => setTimeout(r, 1_000));
      const list = textOf(await s.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
      expect(list.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);
      expect(seen + list).toMatch(/it was closed: the session already has 3 tabs/);
      const more = await s.client.callTool({ name: 'browser_tabs', arguments: { action: 'new' } });
      expect(more.isError).toBe(true);
      expect(textOf(more)).toMatch(/^Error permission_denied \(tab_limit\): A session holds at most 3 tabs/);
    });
  });
}
