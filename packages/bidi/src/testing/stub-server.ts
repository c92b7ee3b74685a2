import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';

/**
 * A scripted WebDriver BiDi remote end for unit tests. Each command is answered by its handler:
 * a result object, `{ error, message }` to fail, or `'hang'` to never answer.
 */
export type StubHandler = (params: Record<string, unknown>, socket: StubSocket) => unknown;

export interface StubSocket {
  event(method: string, params: Record<string, unknown>): void;
  raw(text: string): void;
}

export interface StubServer {
  url: string;
  received: Array<{ id: number; method: string; params: Record<string, unknown> }>;
  handle(method: string, h: StubHandler): void;
  /** Sends an event to every connected client. */
  event(method: string, params: Record<string, unknown>): void;
  /** Drops every client connection (simulates the browser going away). */
  dropClients(): void;
  close(): Promise<void>;
}

export async function startStubServer(): Promise<StubServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const handlers = new Map<string, StubHandler>([['session.new', () => ({ sessionId: 's', capabilities: { browserName: 'stub', browserVersion: '1.0' } })]]);
  const received: StubServer['received'] = [];
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    const sock: StubSocket = {
      event: (method, params) => ws.send(JSON.stringify({ type: 'event', method, params })),
      raw: (text) => ws.send(text),
    };
    ws.on('message', async (data) => {
      const msg = JSON.parse(data.toString()) as { id: number; method: string; params: Record<string, unknown> };
      received.push(msg);
      const h = handlers.get(msg.method);
      // A handler may answer later (a promise); others' answers go out meanwhile, as a browser's do.
      const out: unknown = await (h ? h(msg.params, sock) : {});
      if (out === 'hang') return;
      if (out && typeof out === 'object' && 'error' in out) ws.send(JSON.stringify({ type: 'error', id: msg.id, ...out }));
      else ws.send(JSON.stringify({ type: 'success', id: msg.id, result: out ?? {} }));
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/session`,
    received,
    handle: (m, h) => handlers.set(m, h),
    event: (method, params) => {
      for (const c of clients) c.send(JSON.stringify({ type: 'event', method, params }));
    },
    dropClients: () => {
      for (const c of clients) c.terminate();
    },
    close: async () => {
      for (const c of clients) c.terminate();
      await new Promise((r) => wss.close(r));
    },
  };
}
