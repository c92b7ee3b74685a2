import WebSocket from 'ws';

/**
 * A bare WebDriver BiDi client: JSON over one WebSocket, answers matched by id. No retries, no
 * schemas — this is the floor every BiDi automation stack pays, so it must not pay for more.
 */
export class BidiSocket {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; type?: string; result?: unknown; error?: string; message?: string };
      if (typeof msg.id !== 'number') return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === 'error') p.reject(new Error(`${msg.error}: ${msg.message}`));
      else p.resolve(msg.result);
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('BiDi socket closed'));
      this.pending.clear();
    });
  }

  static open(url: string, timeoutMs = 30_000): Promise<BidiSocket> {
    return new Promise((resolve, reject) => {
      // maxPayload: a 5,000-row snapshot string is several MB; ws defaults to 100 MB, state it anyway.
      const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
      const timer = setTimeout(() => (ws.terminate(), reject(new Error(`no BiDi connection to ${url} in ${timeoutMs} ms`))), timeoutMs);
      ws.once('open', () => (clearTimeout(timer), resolve(new BidiSocket(ws))));
      ws.once('error', (e) => (clearTimeout(timer), reject(e)));
    });
  }

  send<T = any>(method: string, params: object, timeoutMs = 120_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => (this.pending.delete(id), reject(new Error(`${method} timed out`))), timeoutMs);
      this.pending.set(id, { resolve: (v) => (clearTimeout(timer), resolve(v as T)), reject: (e) => (clearTimeout(timer), reject(e)) });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.ws.close();
  }
}
