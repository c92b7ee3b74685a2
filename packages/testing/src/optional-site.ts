import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback site for the optional-method browser tests: history, scroll boxes, file inputs, dialogs,
 * console output, a fetch, a cookie, storage, a popup link and a download whose suggested name tries
 * to climb out of the download folder.
 */
export interface OptionalSite {
  origin: string;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Optional</title></head>
<body style="margin:0">
<h1>Optional fixture</h1>
<button id="alert" onclick="alert('hello alert'); document.title='alerted'">Alert</button>
<button id="confirm" onclick="document.title = 'confirm:' + confirm('sure?')">Confirm</button>
<button id="prompt" onclick="document.title = 'prompt:' + prompt('name?', 'dflt')">Prompt</button>
<a id="popup" href="/two" target="_blank">Popup</a>
<a id="download" href="/dl">Download</a>
<input id="one" type="file">
<input id="many" type="file" multiple>
<input id="text" type="text" aria-label="Text">
<div id="box" style="width:200px;height:100px;overflow:auto"><div style="height:1000px">box</div></div>
<div style="height:3000px"></div>
<p id="far">Far away</p>
<script>
  console.log('hello-console', 42);
  console.warn('careful');
  localStorage.setItem('k', 'v');
  sessionStorage.setItem('s', '1');
  fetch('/api?x=1').then((r) => r.text()).then((t) => { window.apiText = t; });
</script>
</body></html>`;

export async function startOptionalSite(): Promise<OptionalSite> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    switch (path) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'sid=abc; Path=/', 'cache-control': 'no-store' });
        return res.end(PAGE);
      case '/two':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><title>Two</title><p>two</p>');
      case '/api':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"ok":true}');
      case '/dl':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="../../escape me.txt"' });
        return res.end('downloaded bytes');
      default:
        res.writeHead(404).end();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
