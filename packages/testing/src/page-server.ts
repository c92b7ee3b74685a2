import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Serves one HTML page on 127.0.0.1 for the file's tests; `origin()` is valid once beforeAll ran. */
export function servePage(html: string): { origin: () => string } {
  let server: Server | undefined;
  let origin = '';
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return { origin: () => origin };
}
