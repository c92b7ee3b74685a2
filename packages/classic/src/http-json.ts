import { Agent, request, type IncomingMessage } from 'node:http';

/**
 * One HTTP exchange with a WebDriver server or a Grid, over node:http rather than the global fetch.
 * Node's fetch is undici, which Node compiles from its own sources on first use: measured on Node 20,
 * the first fetch costs the server ~12 MB of RSS that node:http does not (66.6 vs 54.2 MB after 200
 * requests, heap 6.9 vs 5.1 MB), paid by the WebKit server and Grid sessions, the only ones that talk HTTP
 * (issue 25's 80 MB target). node:http also takes an AbortSignal, so cancelling still ends the request.
 */

/**
 * Kept-alive sockets idle for at most 4 s (undici's default): a socket the driver closed while idle
 * is not reused for the next command, and an idle server holds no connection.
 */
const IDLE_SOCKET_MS = 4_000;
const plain = new Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
// A Grid may sit behind TLS; node:https (and TLS with it) is loaded only for such a URL.
let secure: Promise<{ request: typeof request; agent: Agent }> | undefined;
const loadSecure = () =>
  (secure ??= import('node:https').then((https) => ({ request: https.request, agent: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) })));

export interface HttpAnswer {
  status: number;
  text: string;
}

/**
 * A kept-alive socket the server closed while it sat idle fails the next request sent on it before the
 * server read a byte of it (Node's reusedSocket case): that request is sent once more on a new socket.
 */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Sends `body` (JSON text) and reads the whole answer as UTF-8. Transport errors keep their errno `code`. */
export async function httpJson(url: URL, method: string, body: string | undefined, signal: AbortSignal): Promise<HttpAnswer> {
  const via = url.protocol === 'https:' ? await loadSecure() : { request, agent: plain };
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8' };
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  const send = (retryStale: boolean): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      let answered = false;
      const req = via.request(url, { method, headers, signal, agent: via.agent }, (res: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
        // The socket went away mid-answer (driver killed, request aborted): after 'end' this is a no-op.
        res.on('close', () => {
          if (!res.complete) reject(Object.assign(new Error('the connection closed before the answer ended'), { code: 'ECONNRESET' }));
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (retryStale && !answered && req.reusedSocket && !signal.aborted && STALE_SOCKET_CODES.has(e.code ?? '')) resolve(send(false));
        else reject(e);
      });
      req.end(body);
    });
  return send(true);
}
