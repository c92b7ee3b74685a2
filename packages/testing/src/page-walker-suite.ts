import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend, BackendPage, BackendSession } from '@browser-provider/core';
import { decodeFrameSnapshot, type FrameWire } from '@browser-provider/page-script';

/**
 * For a backend that walks snapshots in the page's realm (Firefox; page-script's page-walker.ts): the
 * walker's preload name is gone before the page runs, the walk happens there (the page sees the walk's
 * live tree reads), its style reads go through the getComputedStyle captured at install (the page's
 * replacement never sees them), and its ids are the ones actions resolve in the sandbox.
 */
const sig = () => AbortSignal.timeout(60_000);

const PAGE = `<!doctype html><html><head><title>walker</title><script>
  window.names = Object.getOwnPropertyNames(window).filter((n) => n.startsWith('__bp_'));
  const own = window.getComputedStyle;
  window.styleReads = 0;
  window.getComputedStyle = function (...a) { window.styleReads++; return own.apply(this, a); };
  const next = Object.getOwnPropertyDescriptor(Node.prototype, 'nextSibling');
  window.siblingReads = 0;
  Object.defineProperty(Node.prototype, 'nextSibling', { configurable: true, get() { window.siblingReads++; return next.get.call(this); } });
</script></head><body><button id="b" onclick="window.clicks = (window.clicks || 0) + 1">Go</button><a href="/x">Link</a></body></html>`;

export function describePageRealmWalker(name: string, make: () => Backend): void {
describe(`${name}: the snapshot walker in the page realm`, () => {
  let server: Server;
  let origin: string;
  let backend: Backend;
  let session: BackendSession;
  let p: BackendPage;

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    backend = make();
    session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
    p = await session.newPage(sig());
    await p.navigate(`${origin}/`, 'load', sig());
  });
  afterAll(async () => {
    await session?.close(sig()).catch(() => undefined);
    await backend?.shutdown();
    server?.close();
  });

  const read = (expr: string) => p.evaluate!(`() => ${expr}`, sig());

  it('hides its name from the page, walks there, and its ids are the ones actions resolve', async () => {
    expect(await read('window.names')).toEqual([]);
    const wire = await p.call(p.mainFrame, 'snapshot', [{ maxNodes: 100, mode: 'full', midScroll: true }], sig());
    const frame = decodeFrameSnapshot(wire as FrameWire);
    // The page's own nextSibling getter saw the walk: it ran in the page's realm (a sandbox walk reads
    // through Xrays, which never call a page's getters).
    expect(await read('window.siblingReads')).toBeGreaterThan(0);
    // Its style reads went to the getComputedStyle taken before any page script ran, not the page's.
    expect(await read('window.styleReads')).toBe(0);
    const button = frame.nodes.find((n) => n.role === 'button');
    expect(button?.name).toBe('Go');
    const q = await p.call(p.mainFrame, 'query', [{ selector: '#b', limit: 1 }], sig());
    expect(q.ok && q.matches[0]?.id).toBe(button?.id);
    const prep = await p.call(p.mainFrame, 'prepare', [frame.doc, button!.id!, 'click'], sig());
    expect(prep.ok).toBe(true);
    // A second snapshot keeps the ids.
    const again = decodeFrameSnapshot((await p.call(p.mainFrame, 'snapshot', [{ maxNodes: 100, mode: 'full', midScroll: true }], sig())) as FrameWire);
    expect(again.nodes.find((n) => n.role === 'button')?.id).toBe(button?.id);
    expect(again.doc).toBe(frame.doc);
  });
});
}
