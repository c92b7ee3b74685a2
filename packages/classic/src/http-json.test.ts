import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WireError, wireRequest } from './wire';

/** A loopback WebDriver stand-in: echoes the request, or never answers `/hang`. */
let server: Server;
let port: number;
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((r) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => r(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') return;
    void bodyOf(req).then((body) => {
      const status = req.url === '/missing' ? 404 : 200;
      const value = status === 404 ? { error: 'no such element', message: 'gone' } : { method: req.method, type: req.headers['content-type'], body };
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ value }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('wireRequest over node:http', () => {
  it('never calls the global fetch (undici costs the server ~12 MB)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('fetch used'));
    try {
      await expect(wireRequest(port, 'GET', '/status', undefined, AbortSignal.timeout(5_000))).resolves.toMatchObject({ method: 'GET' });
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('sends UTF-8 JSON with its charset and reads the value', async () => {
    const value = await wireRequest(port, 'POST', 'element', { text: 'naïve ✓' }, AbortSignal.timeout(5_000));
    expect(value).toEqual({ method: 'POST', type: 'application/json; charset=utf-8', body: '{"text":"naïve ✓"}' });
  });

  it('turns a W3C error reply into a WireError with the code and status', async () => {
    await expect(wireRequest(port, 'DELETE', '/missing', undefined, AbortSignal.timeout(5_000))).rejects.toMatchObject({ error: 'no such element', message: 'gone', status: 404 });
  });

  it('ends the request at the deadline with the signal\'s reason', async () => {
    const ac = new AbortController();
    const pending = wireRequest(port, 'GET', '/hang', undefined, ac.signal);
    const reason = new Error('deadline');
    setTimeout(() => ac.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('reports a refused connection as a transport WireError with its errno', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const e = (await wireRequest(dead, 'GET', '/status', undefined, AbortSignal.timeout(5_000)).catch((x: unknown) => x)) as WireError;
    expect(e).toBeInstanceOf(WireError);
    expect(e).toMatchObject({ error: 'transport', code: 'ECONNREFUSED' });
  });
  it('sends a request again on a new socket when the kept-alive one was closed while idle', async () => {
    // A driver that closes an idle kept-alive socket as the next request arrives on it: the request
    // never reached it, so it is sent once more on a fresh socket instead of failing as a dead driver.
    const served = new WeakSet<object>();
    const closing = createServer((req, res) => {
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      void bodyOf(req).then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: req.url })));
    });
    await new Promise<void>((r) => closing.listen(0, '127.0.0.1', r));
    const at = (closing.address() as AddressInfo).port;
    try {
      expect(await wireRequest(at, 'GET', '/first', undefined, AbortSignal.timeout(5_000))).toBe('/first');
      expect(await wireRequest(at, 'POST', '/second', {}, AbortSignal.timeout(5_000))).toBe('/second');
    } finally {
      closing.closeAllConnections();
      closing.close();
    }
  });
});
