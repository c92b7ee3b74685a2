import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { startClient, textOf } from './testing/servers';

/**
 * browser_network_request on bodies that are not plain text (issue 31): a binary body is summed up
 * (size and type), never printed as characters; a text body reaches the answer with its control
 * characters escaped, so no NUL or terminal escape from a server gets into what the model (or a
 * terminal showing it) reads. On the engines that keep bodies (BiDi: Firefox, Chromium).
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe, 0x07, 0x00]);
const ESCAPES = 'ok \u001b[2J\u001b]0;pwned\u0007 red\r\ttab\nnext \u00e9 \u2713 \u009b1m';
const BODIES: Record<string, [string, Buffer]> = {
  '/bin': ['image/png', PNG],
  '/octets-as-text': ['text/plain', Buffer.from([0x61, 0x00, 0x62, 0xff, 0x1b, 0x5b, 0x32, 0x4a])],
  '/esc': ['text/plain; charset=utf-8', Buffer.from(ESCAPES, 'utf8')],
};
const PAGE = `<!doctype html><title>Bodies</title><p id="done">loading</p>
<script>Promise.all(['/bin', '/octets-as-text', '/esc'].map((u) => fetch(u).then((r) => r.arrayBuffer())))
  .then(() => fetch('/post', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 27, 91, 50, 74, 255]) }))
  .then(() => fetch('/post-text', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: '\u00e9 \u001b' }) }))
  .then(() => (document.getElementById('done').textContent = 'all loaded'));</script>`;

let server: Server | undefined;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = BODIES[path];
    if (body !== undefined) return res.writeHead(200, { 'content-type': body[0] }).end(body[1]);
    if (path === '/post' || path === '/post-text') return req.resume().on('end', () => res.writeHead(204).end());
    return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

// Raw C0 and C1 controls (but \n and \t), DEL: what must never reach an answer.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

for (const [browser, transport] of [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
] as const) {
  describeEngine(browser)(`browser_network_request bodies on ${browser} over ${transport}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    const numbers = new Map<string, number>();
    beforeAll(async () => {
      ({ client, stop } = await startClient(transport, ['--browser', browser]));
      await client.callTool({ name: 'browser_navigate', arguments: { url: `${origin}/` } });
      const waited = await client.callTool({ name: 'browser_wait_for', arguments: { text: 'all loaded', timeout: 20 } });
      expect(waited.isError, textOf(waited)).toBeFalsy();
      const list = textOf(await client.callTool({ name: 'browser_network_requests', arguments: { static: true } }));
      for (const m of list.matchAll(/^(\d+)\. (?:GET|POST) \S+?(\/[a-z-]+) /gm)) numbers.set(m[2] as string, Number(m[1]));
    });
    afterAll(async () => {
      await stop();
    });
    const detail = async (path: string, part: string) => {
      const n = numbers.get(path);
      expect(n, `${path} in the list`).toBeDefined();
      const r = await client.callTool({ name: 'browser_network_request', arguments: { index: n, part } });
      expect(r.isError, textOf(r)).toBeFalsy();
      return r;
    };

    it.each([
      ['/bin', 'response-body', `Response body: binary, ${PNG.length} bytes, image/png.`],
      ['/octets-as-text', 'response-body', 'Response body: binary, 8 bytes, text/plain.'],
      // Chromium 156 hands this request body over as the text of its base64: that text is what shows.
      ...(browser === 'firefox' ? [['/post', 'request-body', 'Request body: binary, 6 bytes, application/octet-stream.']] : []),
    ])('sums up the binary %s %s by its size and type', async (path, part, said) => {
      const r = await detail(path, part);
      expect(textOf(r)).toContain(said);
      expect(textOf(r)).not.toMatch(RAW_CONTROL);
      // The protocol's answer carries the bytes as base64, never as text.
      const body = (r.structuredContent as Record<string, { text?: string; base64?: string }>)[part === 'request-body' ? 'request_body' : 'response_body'];
      expect(body?.text).toBeUndefined();
      expect(body?.base64).toBeDefined();
    });

    it('shows a UTF-8 request body as its text, though the engine hands it over a byte to a character', async () => {
      const r = await detail('/post-text', 'request-body');
      expect(textOf(r)).toContain('Request body:\n{"a":"\u00e9 \\u001b"}');
      expect((r.structuredContent as { request_body?: { size?: number } }).request_body?.size).toBe(Buffer.byteLength(JSON.stringify({ a: '\u00e9 \u001b' })));
    });

    it('shows a text body with its control characters escaped, and its text otherwise as it is', async () => {
      const text = textOf(await detail('/esc', 'response-body'));
      expect(text).not.toMatch(RAW_CONTROL);
      expect(text).toContain('ok \\u001b[2J\\u001b]0;pwned\\u0007 red\\r\ttab\nnext \u00e9 \u2713 \\u009b1m');
    });
  });
}
