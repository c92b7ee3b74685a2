import { readFileSync } from 'node:fs';
import { ProviderError } from '@browser-provider/core';
import { startStubGrid, type StubGrid } from '@browser-provider/grid/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createGridBackend, parseGridCapabilities, parseGridUrl } from './grid';

/**
 * The Grid path of each engine against a stand-in Grid (the real one is grid.browser.test.ts). Firefox
 * has no real Grid here (no geckodriver can be had), so this is where its request and socket use are pinned.
 */

// Importing the engines takes seconds on a busy machine; the calls themselves are quick.
const SLOW = { timeout: 30_000 };
const opts = () => ({ isolation: 'per_jcode_session' as const, attach: 'never' as const, signal: AbortSignal.timeout(20_000) });
const closedPort = async () => {
  const { createServer } = await import('node:net');
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
};
async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  if (!(e instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(e)}`);
  return e;
}

let stub: StubGrid | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('Firefox through a Grid (stand-in)', () => {
  it('asks New Session for BiDi with Firefox capabilities, speaks BiDi on the returned socket, deletes the Grid session on close', SLOW, async () => {
    stub = await startStubGrid();
    const backend = await createGridBackend('firefox', { url: stub.url, capabilities: { 'se:name': 'agent-1' } });
    const session = await backend.createSession(opts());
    await session.newPage(AbortSignal.timeout(5000));
    const body = stub.requests.find((r) => r.method === 'POST' && r.path === '/session')!.body as { capabilities: { alwaysMatch: Record<string, any> } };
    const caps = body.capabilities.alwaysMatch;
    expect(caps).toMatchObject({ browserName: 'firefox', webSocketUrl: true, 'se:name': 'agent-1', unhandledPromptBehavior: { default: 'ignore' } });
    expect(caps['moz:firefoxOptions'].args).toContain('-headless');
    // A node knows where its Firefox is: no local binary path unless the user gave one.
    expect(caps['moz:firefoxOptions'].binary).toBeUndefined();
    // The session already exists: no session.new over the socket.
    expect(stub.commands).not.toContain('session.new');
    expect(stub.commands).toContain('browsingContext.create');
    await session.close(AbortSignal.timeout(5000));
    await session.ended;
    expect(stub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/session/stub-1']);
    expect(stub.commands).not.toContain('browser.close');
    await backend.shutdown();
  });

  it('the server stopping deletes every Grid session it made', SLOW, async () => {
    stub = await startStubGrid();
    const backend = await createGridBackend('firefox', { url: stub.url });
    await backend.createSession(opts());
    await backend.createSession(opts());
    await backend.shutdown();
    expect(stub.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it('describes uploads and downloads (the node\'s managed downloads) but no persistent profiles through a Grid', SLOW, async () => {
    const backend = await createGridBackend('firefox', { url: 'http://grid.invalid:4444' });
    expect(backend.optionalMethods()).toContain('upload.set_files');
    expect(backend.optionalMethods()).toEqual(expect.arrayContaining(['download.list', 'download.wait']));
    expect(backend.features()).toContain('download_observe');
    expect(backend.features()).not.toContain('persistent_profile');
    expect(backend.optionalMethods()).toContain('page.go_back');
    // BiDi input is the same through a Grid: every mouse button, as on a browser launched here.
    expect(backend.clickButtons?.()).toEqual(['left', 'middle', 'right']);
    const webkit = await createGridBackend('safari', { url: 'http://grid.invalid:4444' });
    expect(webkit.clickButtons?.() ?? ['left']).toEqual(['left']);
    expect(webkit.optionalMethods()).not.toContain('download.wait');
  });

  it('asks for managed downloads where a node offers them, and fetches a finished download from the node\'s /se/files', SLOW, async () => {
    stub = await startStubGrid({ managedDownloads: { 'r.txt': Buffer.from('from the node\n') } });
    const backend = await createGridBackend('firefox', { url: stub.url });
    const session = await backend.createSession(opts());
    await session.newPage(AbortSignal.timeout(5000));
    const caps = (stub.requests.find((r) => r.method === 'POST' && r.path === '/session')!.body as { capabilities: { alwaysMatch: Record<string, unknown> } }).capabilities.alwaysMatch;
    expect(caps['se:downloadsEnabled']).toBe(true);
    const at = { context: 'ctx-1', navigation: 'nav-1', url: 'http://site.test/r.txt' };
    stub.emit('browsingContext.downloadWillBegin', { ...at, suggestedFilename: 'r.txt' });
    stub.emit('browsingContext.downloadEnd', { ...at, status: 'complete', filepath: '/home/seluser/downloads/abc/r.txt' });
    let done;
    for (let i = 0; i < 100 && done === undefined; i++, await new Promise((r) => setTimeout(r, 50))) done = session.downloads?.().find((d) => d.state !== 'in_progress');
    expect(done).toMatchObject({ state: 'completed', suggested_filename: 'r.txt', size: 14 });
    expect(readFileSync(done!.path!, 'utf8')).toBe('from the node\n');
    expect(stub.requests.filter((r) => r.path === '/session/stub-1/se/files').map((r) => r.method)).toEqual(['GET', 'POST']);
    await backend.shutdown();
  });

  it('does not ask for managed downloads of a Grid whose nodes offer none (the request would only queue)', SLOW, async () => {
    stub = await startStubGrid();
    const backend = await createGridBackend('firefox', { url: stub.url });
    await backend.createSession(opts());
    const caps = (stub.requests.find((r) => r.method === 'POST' && r.path === '/session')!.body as { capabilities: { alwaysMatch: Record<string, unknown> } }).capabilities.alwaysMatch;
    expect(caps['se:downloadsEnabled']).toBeUndefined();
    await backend.shutdown();
  });

  it('a socket that closes under the session (the node died) makes the session gone', SLOW, async () => {
    stub = await startStubGrid();
    const backend = await createGridBackend('chrome', { url: stub.url });
    const session = await backend.createSession(opts());
    stub.dropSockets();
    await session.ended;
    expect(session.gone).toBe(true);
    await backend.shutdown();
  });
});

describe('Grid faults', () => {
  it('a node that dies behind a socket the router keeps open fails the pending call with browser_not_running', SLOW, async () => {
    stub = await startStubGrid();
    const backend = await createGridBackend('chrome', { url: stub.url });
    const session = await backend.createSession(opts());
    stub.loseNode();
    const started = Date.now();
    const e = await failure(session.newPage(AbortSignal.timeout(20_000)));
    expect(e.code).toBe('browser_not_running');
    // Well before the call's own 20 s deadline: the watchdog saw the router's answer.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(session.gone).toBe(true);
    await backend.shutdown();
  });

  it('an unreachable Grid is browser_not_running / grid_unreachable with the URL tried', SLOW, async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    for (const browser of ['chrome', 'safari'] as const) {
      const backend = await createGridBackend(browser, { url });
      const e = await failure(backend.createSession(opts()));
      expect(e).toMatchObject({ code: 'browser_not_running', retryable: true, details: { code: 'grid_unreachable', grid_url: url } });
      expect(e.details['repair']).toMatchObject({ method: 'provider.status' });
      const status = await backend.status();
      expect(status).toMatchObject({ availability: 'unavailable', grid: { url, ready: false } });
    }
  });

  it('a webSocketUrl this machine cannot reach is setup_required naming both addresses and the node option', SLOW, async () => {
    const ws = `ws://127.0.0.1:${await closedPort()}/session/stub-1/se/bidi`;
    stub = await startStubGrid({ newSession: ws });
    const backend = await createGridBackend('chrome', { url: stub.url });
    const e = await failure(backend.createSession(opts()));
    expect(e).toMatchObject({ code: 'setup_required', details: { code: 'grid_websocket_unreachable', grid_url: stub.url, websocket_url: ws } });
    expect(e.message).toContain(ws);
    expect(String(e.details['manual_steps'])).toContain('--grid-url');
    // The Grid session it made is given back.
    expect(stub.requests.some((r) => r.method === 'DELETE' && r.path === '/session/stub-1')).toBe(true);
  });

  it('a request that timed out in the Grid queue is not_ready, retryable, with the queue time', SLOW, async () => {
    const message = 'Could not start a new session. New session request timed out (waited 300 s)';
    stub = await startStubGrid({ newSession: { status: 500, error: 'session not created', message } });
    for (const browser of ['chrome', 'safari'] as const) {
      const e = await failure((await createGridBackend(browser, { url: stub.url })).createSession(opts()));
      expect(e).toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'grid_queue_timeout', grid_url: stub.url } });
      expect(typeof e.details['queued_ms']).toBe('number');
    }
  });

  it('a request no node matches is setup_required / grid_no_matching_node', SLOW, async () => {
    stub = await startStubGrid({ newSession: { status: 500, error: 'session not created', message: 'No nodes support the capabilities in the request' } });
    const e = await failure((await createGridBackend('chrome', { url: stub.url })).createSession(opts()));
    expect(e).toMatchObject({ code: 'setup_required', details: { code: 'grid_no_matching_node' } });
  });
});

describe('grid options', () => {
  it('validates --grid-url and --grid-capabilities', SLOW, () => {
    expect(parseGridUrl('http://grid:4444/')).toBe('http://grid:4444');
    expect(() => parseGridUrl('grid:4444')).toThrow(/http/);
    expect(() => parseGridUrl('nonsense')).toThrow(/not a URL/);
    expect(parseGridCapabilities('{"platformName":"mac"}')).toEqual({ platformName: 'mac' });
    expect(() => parseGridCapabilities('[1]')).toThrow(/object/);
    expect(() => parseGridCapabilities('{')).toThrow(/JSON/);
  });
});
