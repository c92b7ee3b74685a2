import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Pages that keep a call in flight. `/` has a button and a field whose handlers block the page's
 * main thread (so page.click and page.type wait on the browser); `/freeze-soon` blocks it once the
 * test calls `armFreeze()` (it polls the server, so the block starts only after page.open answered, and
 * a snapshot sent then waits); `/hang` never answers (page.open waits for its load).
 * The page blocks for `BLOCK_MS` at most, so a fault run that resumes a browser is not held up long.
 */
export const BLOCK_MS = 8_000;

const block = `function block() { const t = Date.now(); while (Date.now() - t < ${BLOCK_MS}) {} }`;
const PAGES: Record<string, string> = {
  '/': `<!doctype html><title>Faults</title><script>${block}</script>
<h1>Faults</h1><button id="stall" onclick="block()">Stall</button>
<label>Field <input id="field" onkeydown="block()"></label><p id="out">idle</p>`,
  '/freeze-soon': `<!doctype html><title>Freeze soon</title><script>${block}
setInterval(() => fetch('/freeze-state').then((r) => r.text()).then((t) => { if (t === 'on') block(); }, () => undefined), 100);
</script><p>about to freeze</p>`,
};

export interface FaultSite {
  origin: string;
  /** The next poll of `/freeze-soon` blocks its page for BLOCK_MS. */
  armFreeze(): void;
  close(): Promise<void>;
}

export async function startFaultSite(): Promise<FaultSite> {
  const hanging = new Set<ServerResponse>();
  let armed = false;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/freeze-state') {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(armed ? 'on' : 'off');
      armed = false;
      return;
    }
    if (path === '/hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const html = PAGES[path];
    if (html === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    armFreeze: () => {
      armed = true;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
