import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A resource other than HTML: its body and content type, answered `delayMs` late and never cached (a slow image). */
export interface Served {
  body: string;
  type: string;
  delayMs?: number;
}

/**
 * Serves one HTML page on 127.0.0.1 for the file's tests, and `others` at their paths (a frame's
 * document, which the page may load from `localhost` on the same port: another site; or a `Served`
 * resource); `origin()` is valid once beforeAll ran.
 */
export function servePage(html: string, others: Record<string, string | Served> = {}): { origin: () => string } {
  let server: Server | undefined;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const other = others[new URL(req.url ?? '/', 'http://x').pathname] ?? html;
      if (typeof other === 'string') return void res.writeHead(200, { 'content-type': 'text/html' }).end(other);
      setTimeout(() => res.writeHead(200, { 'content-type': other.type, 'cache-control': 'no-store' }).end(other.body), other.delayMs ?? 0);
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return { origin: () => origin };
}
