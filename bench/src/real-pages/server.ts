import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Corpus } from './corpus';

/**
 * Serves the corpus on loopback. Every page goes out with a Content-Security-Policy that allows its
 * own origin only, so the browser refuses every outside request (scripts, styles, images, frames,
 * fetches) itself, on every engine, before it reaches the network; the page's inline scripts still
 * run, as they did when it was saved. Anything else on this origin answers 404. No charset in the
 * header: each saved page declares its own.
 */

export const REFUSE_OUTSIDE =
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self'; frame-src 'self'; form-action 'self'";

export interface CorpusServer {
  url(name: string): string;
  /** Requests that reached the server: the only ones a page could make. */
  readonly hits: number;
  close(): Promise<void>;
}

export async function serveCorpus(corpus: Corpus): Promise<CorpusServer> {
  const byPath = new Map(corpus.pages.map((p) => [`/${p.name}`, p.file]));
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const file = byPath.get(decodeURIComponent(new URL(req.url ?? '/', 'http://corpus').pathname));
    if (file === undefined) return void res.writeHead(404, { 'content-security-policy': REFUSE_OUTSIDE }).end();
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': REFUSE_OUTSIDE, 'cache-control': 'no-store', 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${origin}/${name.split('/').map(encodeURIComponent).join('/')}`,
    get hits() {
      return hits;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
