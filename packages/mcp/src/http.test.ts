import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createProviderServer, type ProviderServer } from '@browser-provider/core';
import { afterEach, describe, expect, it } from 'vitest';
import { StubBackend, type StubPage } from '@browser-provider/core/testing';
import { runMcpHttp, type McpHttpOptions, type McpHttpServer } from './http';

/**
 * The Streamable HTTP server as the SDK's own client meets it, over a real loopback socket, on a
 * stand-in engine (core's stub backend): who may call it, and when an abandoned session ends.
 */

let open: Array<{ http: McpHttpServer; provider: ProviderServer }> = [];
afterEach(async () => {
  for (const o of open) {
    await o.http.close();
    await o.provider.close('test over');
  }
  open = [];
});

async function start(idleTimeoutMs?: number, more: Partial<McpHttpOptions> = {}) {
  const backend = new StubBackend();
  const provider = createProviderServer([backend], { log: () => undefined });
  const logs: string[] = [];
  const http = await runMcpHttp(provider, { host: '127.0.0.1', port: 0, log: (m) => logs.push(m), ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}), ...more });
  open.push({ http, provider });
  const connect = async () => {
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const client = new Client({ name: 'http-test', version: '0' });
    // The client retries its event stream when the server ends it; those retries are not the test's.
    client.onerror = () => undefined;
    await client.connect(transport);
    return { client, transport };
  };
  return { backend, http, logs, connect };
}

/** A raw POST with the headers given: what a page in the driven browser could send. */
function rawPost(url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: string }> {
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      // An initialize answered as an event stream stays open: its first event is enough.
      res.once('data', () => res.destroy());
      res.once('close', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', reject);
    req.end(JSON.stringify(body ?? init));
  });
}

describe('mcp --http: Origin', () => {
  it('accepts no Origin and its own; refuses another loopback port, another scheme and other hosts with a JSON-RPC 403', async () => {
    const { http } = await start();
    const port = new URL(http.url).port;
    expect((await rawPost(http.url, {})).status).toBe(200);
    expect((await rawPost(http.url, { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await rawPost(http.url, { origin: `http://localhost:${port}` })).status).toBe(200);
    const other = await rawPost(http.url, { origin: `http://localhost:${Number(port) === 8080 ? 8081 : 8080}` });
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Forbidden: Origin "http:\/\/localhost:\d+"/) } });
    for (const origin of [`https://127.0.0.1:${port}`, `http://evil.example:${port}`, 'null', `http://127.0.0.1:${port}/path`]) {
      expect((await rawPost(http.url, { origin })).status, origin).toBe(403);
    }
  });
});

describe('mcp --http: idle sessions', () => {
  it('closes a session that had no request for the idle timeout, its browser session with it; its id is then unknown', async () => {
    const { backend, http, logs, connect } = await start(1_000);
    const a = await connect();
    expect((await a.client.callTool({ name: 'browser_snapshot', arguments: {} })).isError).toBeFalsy();
    expect(http.sessions()).toBe(1);
    expect(backend.sessionsOpen).toBe(1);
    const sid = a.transport.sessionId as string;

    await expect.poll(() => http.sessions(), { timeout: 30_000, interval: 100 }).toBe(0);
    await expect.poll(() => backend.sessionsOpen, { timeout: 30_000, interval: 100 }).toBe(0);
    expect(logs.join('\n')).toContain('an MCP session had no request for 1 s');

    const gone = await rawPost(http.url, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    await expect(a.client.callTool({ name: 'browser_snapshot', arguments: {} })).rejects.toThrow(/404|Session not found/);
    await a.client.close();

    const b = await connect();
    expect((await b.client.callTool({ name: 'browser_snapshot', arguments: {} })).isError).toBeFalsy();
    expect(http.sessions()).toBe(1);
    expect(backend.sessionsOpen).toBe(1);
    await b.transport.terminateSession();
    await b.client.close();
  }, 90_000);

  it('does not count a tool call that runs longer than the timeout as idle', async () => {
    const { backend, http, connect } = await start(1_000);
    const a = await connect();
    expect((await a.client.callTool({ name: 'browser_snapshot', arguments: {} })).isError).toBeFalsy();
    // Waits 2.5 s, then reads the page through the same browser session: an error if it was closed meanwhile.
    const waited = await a.client.callTool({ name: 'browser_wait_for', arguments: { time: 2.5 } }, undefined, { timeout: 30_000 });
    expect(waited.isError).toBeFalsy();
    expect(JSON.stringify(waited.content)).toContain('Waited 2.5 s.');
    expect(backend.created).toHaveLength(1);
    await expect.poll(() => http.sessions(), { timeout: 30_000, interval: 100 }).toBe(0);
    await a.client.close();
  }, 90_000);

  it('refuses a timeout no timer can hold', async () => {
    for (const idleTimeoutMs of [-1, 1.5, 2 ** 31]) {
      await expect(runMcpHttp({ call: () => Promise.reject(new Error('unused')), callable: () => true }, { host: '127.0.0.1', port: 0, idleTimeoutMs })).rejects.toThrow(/idleTimeoutMs/);
    }
  });
});

describe('mcp --http: DELETE', () => {
  // The Firefox-over-MCP soak (issue 25) was suspected of leaving browser sessions behind: each soak
  // session ends with a DELETE, and a session whose DELETE did not reach its provider session would hold its user context.
  it('ends the browser session behind each MCP session it closes, however the session ended its calls', async () => {
    const { backend, http, connect } = await start();
    for (let i = 0; i < 4; i++) {
      const c = await connect();
      await c.client.callTool({ name: 'browser_navigate', arguments: { url: 'https://example.test/' } });
      // An unknown tool and a ref that never was: invalid calls like those the soak mixes in.
      expect((await c.client.callTool({ name: 'browser_teleport', arguments: {} })).isError).toBe(true);
      expect((await c.client.callTool({ name: 'browser_click', arguments: { target: 'e999999' } })).isError).toBe(true);
      expect(backend.sessionsOpen).toBe(1);
      await c.transport.terminateSession();
      await c.client.close();
      await expect.poll(() => backend.sessionsOpen, { timeout: 10_000, interval: 20 }).toBe(0);
      expect(http.sessions()).toBe(0);
    }
    expect(backend.created).toHaveLength(4);
  });
});

describe('mcp --http: a caller regex', () => {
  it('answers a backtracking pattern at once while another client is served', async () => {
    const { backend, connect } = await start();
    const a = await connect();
    const b = await connect();
    expect((await a.client.callTool({ name: 'browser_snapshot', arguments: {} })).isError).toBeFalsy();
    // ~2^40 steps for V8's backtracking engine (hours): the event loop, and b with it, would wait that long.
    (backend.pages[0] as StubPage).heading = `${'a'.repeat(40)}!`;
    const [found, other] = await Promise.all([
      a.client.callTool({ name: 'browser_find', arguments: { regex: '/(a+)+$/' } }),
      b.client.callTool({ name: 'browser_snapshot', arguments: {} }),
    ]);
    expect(JSON.stringify(found.content)).toContain('0 matches for \\"/(a+)+$/\\"');
    expect(other.isError).toBeFalsy();
    const refused = await a.client.callTool({ name: 'browser_find', arguments: { regex: '/(a)\\1/' } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/invalid_request \(invalid_params\): regex: .*no backreferences or lookahead/);
    for (const c of [a, b]) await c.client.close();
  });
});

describe('mcp --http: --max-sessions', () => {
  it('answers one session too many with a 503 that says why, and expires sessions that only initialized', async () => {
    const { http, logs, connect } = await start(undefined, { maxSessions: 2, initIdleMs: 1_000 });
    const a = await connect();
    const b = await connect();
    const third = await rawPost(http.url, {});
    expect(third.status).toBe(503);
    expect(JSON.parse(third.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { message: expect.stringMatching(/^Too many MCP sessions: 2 are open, the most this server takes \(--max-sessions 2\)/) } });
    await expect(connect()).rejects.toThrow(/503|Too many MCP sessions/);
    // Neither a nor b ever called a tool: they hold no browser, and go after initIdleMs, not the 30-minute default.
    await expect.poll(() => http.sessions(), { timeout: 30_000, interval: 100 }).toBe(0);
    expect(logs.join('\n')).toContain('an MCP session that only initialized had no request for 1 s');
    const c = await connect();
    expect((await c.client.callTool({ name: 'browser_snapshot', arguments: {} })).isError).toBeFalsy();
    for (const x of [a, b, c]) await x.client.close();
  }, 60_000);
});

describe('mcp: answers a page makes large', () => {
  it('cuts a 5 MB title in every answer and bounds a whole answer, saying where and how to get the rest', async () => {
    const { backend, connect } = await start();
    const a = await connect();
    await a.client.callTool({ name: 'browser_snapshot', arguments: {} });
    const page = backend.pages[0] as StubPage;
    page.title = 't'.repeat(5_000_000);
    page.heading = 'h'.repeat(300_000);
    // Each name is cut on its own (1,000 characters), so only many of them make an answer past its bound.
    page.moreHeadings = Array.from({ length: 150 }, (_, i) => `${i} ${'m'.repeat(2_000)}`);
    const text = (r: object) => ((r as { content: Array<{ text?: string }> }).content[0]?.text ?? '');
    const nav = text(await a.client.callTool({ name: 'browser_navigate', arguments: { url: 'https://example.test/' } }));
    expect(nav.length).toBeLessThan(101_000);
    expect(nav).toContain(`${'t'.repeat(500)}… [4999500 more characters cut]`);
    expect(nav).toContain(`${'h'.repeat(1_000)}… [299000 more characters cut]`);
    expect(nav).toMatch(/\nNote: the answer was cut at 100000 of its \d+ characters\. Ask for less: browser_find/);
    const tabs = text(await a.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
    expect(tabs.length).toBeLessThan(1_000);
    expect(tabs).toContain('[4999500 more characters cut]');
    await a.client.close();
  });
});
