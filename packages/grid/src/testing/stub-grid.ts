import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { zipOne } from '../files';

/**
 * A stand-in Grid for unit tests (never called done: the real Grid has its browser test): New Session
 * answers with a `webSocketUrl` of our choosing, the socket answers any BiDi command with an empty
 * success (plus the few ids the backend reads), and every request is recorded.
 */
export interface StubGrid {
  url: string;
  /** Every HTTP request: method, path and parsed JSON body. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** Every BiDi command the socket received. */
  commands: string[];
  /** Closes the socket of every session (a node dying). */
  dropSockets(): void;
  /**
   * A node dying the way Grid 4.48's router sometimes shows it: the socket stays open but answers
   * nothing, and classic commands for the session get the router's "Unable to execute request".
   */
  loseNode(): void;
  /** Sends a BiDi event on every session's socket (what the node's browser would report). */
  emit(method: string, params: Record<string, unknown>): void;
  close(): Promise<void>;
}

export interface StubGridOptions {
  /** What New Session answers: `ws` = our socket, a string = that URL, or an error reply. */
  newSession?: 'ws' | string | { status: number; error: string; message: string };
  /** A node offering managed downloads: `/status` says so, and `/se/files` lists and hands out these files. */
  managedDownloads?: Record<string, Buffer>;
}

const RESULTS: Record<string, unknown> = {
  'script.addPreloadScript': { script: 'preload-1' },
  'browsingContext.create': { context: 'ctx-1' },
};

export async function startStubGrid(opts: StubGridOptions = {}): Promise<StubGrid> {
  const requests: StubGrid['requests'] = [];
  const commands: string[] = [];
  const sockets = new Set<WebSocket>();
  let nodeLost = false;
  const server: Server = createServer((req, res) => void answer(req, res));
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id: number; method: string };
      commands.push(msg.method);
      if (nodeLost) return;
      ws.send(JSON.stringify({ type: 'success', id: msg.id, result: RESULTS[msg.method] ?? {} }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, body: text ? JSON.parse(text) : undefined });
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ value }));
    if (req.method === 'POST' && path === '/session') {
      const ns = opts.newSession ?? 'ws';
      if (typeof ns === 'object') return void json(ns.status, { error: ns.error, message: ns.message });
      const webSocketUrl = ns === 'ws' ? `${url.replace('http', 'ws')}/session/stub-1/se/bidi` : ns;
      const asked = (JSON.parse(text) as { capabilities: { alwaysMatch: Record<string, unknown> } }).capabilities.alwaysMatch['se:downloadsEnabled'] === true;
      return void json(200, { sessionId: 'stub-1', capabilities: { browserName: 'firefox', browserVersion: '153.0', webSocketUrl, ...(asked ? { 'se:downloadsEnabled': true } : {}) } });
    }
    const files = opts.managedDownloads;
    if (files && path === '/session/stub-1/se/files') {
      if (req.method === 'GET') return void json(200, { names: Object.keys(files) });
      const name = String((JSON.parse(text) as { name?: unknown }).name);
      const data = files[name];
      if (req.method === 'POST' && data) return void json(200, { filename: name, contents: zipOne(name, data).toString('base64') });
    }
    if (nodeLost && path.startsWith('/session/stub-1/')) {
      return void json(500, { error: 'unknown error', message: `Unable to execute request for an existing session: Failed to execute request (GET http://10.0.0.9:5555${path})` });
    }
    if (req.method === 'DELETE') return void json(200, null);
    if (path === '/status') {
      const nodes = files ? [{ availability: 'UP', slots: [{ stereotype: { browserName: 'firefox', 'se:downloadsEnabled': true } }] }] : [];
      return void json(200, { ready: true, message: 'stub', nodes });
    }
    json(404, { error: 'unknown command', message: path });
  }

  return {
    url,
    requests,
    commands,
    loseNode: () => {
      nodeLost = true;
    },
    emit: (method, params) => {
      for (const s of sockets) s.send(JSON.stringify({ type: 'event', method, params }));
    },
    dropSockets: () => {
      for (const s of sockets) s.terminate();
    },
    close: async () => {
      for (const s of sockets) s.terminate();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
