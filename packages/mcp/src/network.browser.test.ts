import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { refOf, startClient, textOf } from './testing/servers';

/**
 * The `network` group (`--caps network`) through the SDK client with Playwright MCP's argument names:
 * a stubbed fetch and a stubbed navigation, the route list, unroute, and offline, on Firefox (stdio) and
 * Chromium (Streamable HTTP); WebKit refuses the tools by name. One server and few page loads each.
 */


// Every path but /stubbed serves this page; its button shows what a fetch of /api/items got.
const page = servePage(`<!doctype html><title>Shop</title>
<button onclick="fetch('/api/items').then((r) => r.text(), (e) => 'fetch failed').then((t) => (document.getElementById('out').textContent = 'got ' + t))">Load items</button>
<p id="out">nothing yet</p>`);

const NETWORK_TOOLS = ['browser_route', 'browser_route_list', 'browser_unroute', 'browser_network_state_set'];

for (const [browser, transport] of [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
] as const) {
  describeEngine(browser)(`mcp --caps network on ${browser} over ${transport}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      const flags = ['--browser', browser, '--caps', 'network'];
      ({ client, stop } = await startClient(transport, flags));
    });
    afterAll(async () => {
      await stop();
    });
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
    const shows = async (text: string) => {
      const waited = await call('browser_wait_for', { text, timeout: 20 });
      expect(waited.isError, textOf(waited)).toBeFalsy();
    };

    it("lists the group's tools with Playwright MCP's argument names", async () => {
      const tools = (await client.listTools()).tools;
      const props = (name: string) => Object.keys((tools.find((t) => t.name === name)?.inputSchema.properties ?? {}) as object);
      expect(props('browser_route')).toEqual(expect.arrayContaining(['pattern', 'status', 'body', 'contentType', 'headers', 'removeHeaders']));
      expect(props('browser_unroute')).toEqual(['pattern']);
      expect(props('browser_network_state_set')).toEqual(['state']);
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(NETWORK_TOOLS));
    });

    it('stubs a fetch and a navigation, lists and removes the routes, and goes offline and back', async () => {
      const snap = textOf(await call('browser_navigate', { url: `${page.origin()}/` }));
      const button = refOf(snap, 'button "Load items"');
      expect(textOf(await call('browser_route', { pattern: '**/api/items', body: '["stub apple"]', contentType: 'application/json' }))).toMatch(/^Route r\d+ added for \*\*\/api\/items \(1 active\)\./);
      // Without --allow-eval a stub must be data (security-routes.browser.test.ts has the HTML side).
      await call('browser_route', { pattern: '**/stubbed', status: 200, contentType: 'text/plain', body: 'From the route' });
      expect(textOf(await call('browser_click', { element: 'Load items', target: button }))).toBeTruthy();
      // The page writes the fetch's answer when it comes: wait for it rather than read at once.
      await shows('stub apple');
      expect(textOf(await call('browser_navigate', { url: `${page.origin()}/stubbed` }))).toContain('From the route');
      expect(textOf(await call('browser_route_list'))).toBe('1. **/stubbed → fulfill 200, 1 hit\n2. **/api/items → fulfill 200, 1 hit');
      expect(textOf(await call('browser_unroute'))).toBe('Removed 2 routes (0 left).');

      const again = refOf(textOf(await call('browser_navigate', { url: `${page.origin()}/` })), 'button "Load items"');
      expect(textOf(await call('browser_network_state_set', { state: 'offline' }))).toBe('Network is now offline.');
      await call('browser_click', { element: 'Load items', target: again });
      await shows('got fetch failed');
      await call('browser_network_state_set', { state: 'online' });
      await call('browser_click', { element: 'Load items', target: again });
      await shows('got <!doctype html>');
    });
  });
}

describeEngine('safari')('mcp --caps network on WebKit', () => {
  let client: Client;
  let stop: () => Promise<unknown>;
  beforeAll(async () => {
    ({ client, stop } = await startClient('stdio', ['--browser', 'safari', '--caps', 'network']));
  });
  afterAll(async () => {
    await stop();
  });

  it('lists none of the network tools and refuses each by name', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const t of NETWORK_TOOLS) expect(names).not.toContain(t);
    const r = await client.callTool({ name: 'browser_route', arguments: { pattern: '**', body: '' } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^Error unsupported_method \(engine_lacks_method\): browser_route is not offered here/);
  });
});
