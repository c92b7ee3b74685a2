import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeEngine, startDragSite, type DragSite } from '@browser-provider/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startClient, textOf } from './testing/servers';

/**
 * browser_drag as the SDK client sees it, on Chromium over stdio and over Streamable HTTP, one page
 * load each: Playwright MCP 0.0.83's arguments (startTarget / endTarget, refs or selectors) and its
 * earlier names (startRef / endRef). The widgets themselves are dragged on every engine by the
 * page.drag suite (packages/testing/src/drag-suite.ts); here the question is the tool over each transport.
 */
for (const transport of ['stdio', 'http'] as const) describeEngine('chrome')(`mcp browser_drag on chrome over ${transport}`, () => {
  let client: Client;
  let stop: () => Promise<unknown>;
  let site: DragSite;
  beforeAll(async () => {
    site = await startDragSite();
    ({ client, stop } = await startClient(transport, ['--browser', 'chrome']));
    await client.callTool({ name: 'browser_navigate', arguments: { url: `${site.origin}/` } });
  });
  afterAll(async () => {
    await stop?.();
    await site?.close();
  });
  const call = (args: Record<string, unknown>) => client.callTool({ name: 'browser_drag', arguments: args });

  it("lists browser_drag with Playwright MCP's arguments", async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'browser_drag');
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['startElement', 'startTarget', 'endElement', 'endTarget']));
  });

  it('drops a jQuery UI box onto its bin, and moves a sortable item onto the third place', async () => {
    const r = await call({ startElement: 'Box', startTarget: '#jq-box', endElement: 'Bin', endTarget: '#jq-target' });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toContain('Dragged Box onto Bin');
    // The answer says where the item went: a snapshot diff cannot show a reorder.
    expect(textOf(await call({ startRef: '#sortable li:nth-child(1)', endRef: '#sortable li:nth-child(3)' }))).toContain('It moved from place 1 to 3 of 4.');
    const snap = textOf(await client.callTool({ name: 'browser_snapshot', arguments: {} }));
    expect(snap).toContain('Got box');
    expect(snap.indexOf('Charlie')).toBeLessThan(snap.indexOf('Alpha'));
    expect(snap.indexOf('Alpha')).toBeLessThan(snap.indexOf('Delta'));
  });

  it('refuses a drag without a source, naming the argument', async () => {
    const r = await call({ endTarget: '#jq-target' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('startTarget');
  });
});
