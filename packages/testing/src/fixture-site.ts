import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Two loopback origins for real-browser tests: `a` serves the pages, `b` a cross-origin iframe.
 * `/hang` never answers (until close), to hold a navigation open.
 */
export interface FixtureSite {
  a: string;
  b: string;
  close(): Promise<void>;
}

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="margin:0">${body}</body></html>`;

function routes(other: () => string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const html = (body: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    switch (url.pathname) {
      case '/':
        return html(
          page(
            'Fixture',
            `<button id="btn" style="position:absolute;left:20px;top:20px;width:120px;height:40px" onclick="document.getElementById('out').value='clicked'">Press me</button>
             <input id="out" style="position:absolute;left:20px;top:80px;width:200px;height:30px">
             <a id="link" href="/next" style="position:absolute;left:20px;top:130px;display:block;width:120px;height:30px">Next page</a>
             <a id="frag" href="#section" style="position:absolute;left:200px;top:130px;display:block;width:120px;height:30px">Fragment</a>
             <iframe id="same" src="/frame" style="position:absolute;left:20px;top:200px;width:300px;height:100px"></iframe>
             <iframe id="cross" src="${other()}/frame" style="position:absolute;left:340px;top:200px;width:300px;height:100px"></iframe>
             <div style="height:3000px"></div>`,
          ),
        );
      case '/frame':
        return html(page('Frame', `<button id="inner">Inner ${req.headers.host ?? ''}</button>`));
      case '/next':
        return html(page('Next', '<p>next</p>'));
      case '/set-cookie':
        return html(page('Set', '<p>set</p>'), { 'set-cookie': `sid=${url.searchParams.get('v') ?? 'x'}; Path=/` });
      case '/cookie':
        return html(page(`cookie:${req.headers.cookie ?? ''}`, '<p>cookie</p>'));
      case '/hang':
        return; // keeps the socket open until the server closes
      default:
        res.writeHead(404).end();
    }
  };
}

function listen(srv: Server, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, host, () => resolve(`http://${host}:${(srv.address() as AddressInfo).port}`));
  });
}

export async function startFixtureSite(): Promise<FixtureSite> {
  let bOrigin = '';
  let aOrigin = '';
  const a = createServer(routes(() => bOrigin));
  const b = createServer(routes(() => aOrigin));
  aOrigin = await listen(a, '127.0.0.1');
  // Another loopback address is another site, so the iframe is cross-site (out of process under site
  // isolation), not just cross-origin. Linux routes all of 127/8 to lo; elsewhere fall back to a port.
  bOrigin = await listen(b, '127.0.0.2').catch(() => listen(b, '127.0.0.1'));
  return {
    a: aOrigin,
    b: bOrigin,
    close: async () => {
      for (const s of [a, b]) s.closeAllConnections();
      await Promise.all([a, b].map((s) => new Promise((r) => s.close(r))));
    },
  };
}
