import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { startClient, textOf } from './testing/servers';

/**
 * A page that makes more requests than the network log keeps (500 a page): the log drops the oldest,
 * and the page tells the session's body collector to drop theirs (network.disownData; the drop itself
 * is the unit test's in packages/bidi, as no call can ask for a dropped request's body). Here: on the
 * real engines, the requests still listed keep their bodies, and the session goes on serving.
 */

const REQUESTS = 530;
const PAGE = `<!doctype html><title>Many</title><p id="done">loading</p>
<script>(async () => { for (let i = 0; i < ${REQUESTS}; i++) await fetch('/r/' + i).then((r) => r.text());
  document.getElementById('done').textContent = 'all fetched'; })();</script>`;

let server: Server | undefined;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/r/')) return res.writeHead(200, { 'content-type': 'text/plain' }).end(`body of ${path.slice(3)}`);
    return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

for (const browser of ['firefox', 'chrome'] as const) {
  describeEngine(browser)(`a page past the network log's size on ${browser}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      ({ client, stop } = await startClient('stdio', ['--browser', browser]));
    });
    afterAll(async () => {
      await stop();
    });

    it('lists the newest requests, and their bodies are still there', async () => {
      await client.callTool({ name: 'browser_navigate', arguments: { url: `${origin}/` } });
      const waited = await client.callTool({ name: 'browser_wait_for', arguments: { text: 'all fetched', timeout: 60 } });
      expect(waited.isError, textOf(waited)).toBeFalsy();
      const list = textOf(await client.callTool({ name: 'browser_network_requests', arguments: { static: true } }));
      const numbers = new Map(Array.from(list.matchAll(/^(\d+)\. GET \S+?\/r\/(\d+) /gm), (m) => [Number(m[2]), Number(m[1])]));
      // The first requests left the log (which the dropped bodies followed); the last is listed.
      expect(numbers.has(0)).toBe(false);
      const last = numbers.get(REQUESTS - 1);
      expect(last, list.slice(-400)).toBeDefined();
      const r = await client.callTool({ name: 'browser_network_request', arguments: { index: last, part: 'response-body' } });
      expect(r.isError, textOf(r)).toBeFalsy();
      expect(textOf(r)).toContain(`body of ${REQUESTS - 1}`);
      // And the server still answers after the collector was told to drop the others.
      const after = await client.callTool({ name: 'browser_snapshot', arguments: {} });
      expect(textOf(after)).toContain('all fetched');
    });
  });
}
