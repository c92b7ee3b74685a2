import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * One loopback page with the three kinds of widget `page.drag` must move, each of them real: jQuery UI
 * draggable + droppable and sortable (mouse events; the pinned npm packages, served from
 * node_modules), an HTML5 `draggable` with dragstart / dragover / drop, and an `<input type=range>`.
 * Every event a widget acts on is written to `window.dragLog` (with `isTrusted`), so a test can say
 * which path made the drop. Items are 40 px tall in a list that fits the viewport: moves are exact.
 * Two iframes hold a sortable list each: one same-origin, one from another loopback address (another
 * site, out of process under site isolation), to drag inside a frame and to refuse a drag between them.
 */
export interface DragSite {
  origin: string;
  /** The cross-site frame's origin (127.0.0.2 where the system routes it, else another port). */
  other: string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** A package's browser build: the packages' `exports` maps do not list these files. */
const vendor = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8');

const JQUERY = vendor('jquery', 'dist/jquery.min.js');
const JQUERY_UI = vendor('jquery-ui', 'dist/jquery-ui.min.js');

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Drag</title>
<script src="/jquery.js"></script><script src="/jquery-ui.js"></script>
<style>
  body { margin: 0; font: 14px sans-serif; }
  .box { position: absolute; width: 80px; height: 80px; display: flex; align-items: center; justify-content: center; }
  #sortable { position: absolute; left: 20px; top: 20px; width: 160px; margin: 0; padding: 0; list-style: none; }
  #sortable li { height: 38px; line-height: 38px; border: 1px solid #888; background: #eee; padding-left: 8px; }
  #jq-box { left: 220px; top: 20px; background: #9cf; }
  #jq-target { left: 420px; top: 20px; background: #fc9; }
  #h5-src { left: 220px; top: 160px; background: #cfc; }
  #h5-dst { left: 420px; top: 160px; background: #fcf; }
  #range { position: absolute; left: 20px; top: 240px; width: 160px; margin: 0; }
  iframe { position: absolute; top: 290px; width: 200px; height: 150px; border: 0; }
</style></head><body>
<ul id="sortable"><li>Alpha</li><li>Bravo</li><li>Charlie</li><li>Delta</li></ul>
<div id="jq-box" class="box">Box</div>
<div id="jq-target" class="box">Bin</div>
<div id="h5-src" class="box" draggable="true">Card</div>
<div id="h5-dst" class="box">Tray</div>
<input id="range" type="range" min="0" max="100" value="0" aria-label="Volume">
<iframe id="same" style="left: 20px" title="Same-origin list" src="/frame.html?id=same&amp;items=One,Two,Three"></iframe>
<iframe id="cross" style="left: 260px" title="Cross-site list" src="OTHER/frame.html?id=cross&amp;items=Uno,Dos,Tres"></iframe>
<script>
  window.dragLog = [];
  const log = (e, what) => window.dragLog.push({ type: e.type, trusted: e.isTrusted, what });
  $('#sortable').sortable({ update: (e) => log(e, $('#sortable li').map((_, li) => li.textContent).get().join(',')) });
  $('#jq-box').draggable();
  $('#jq-target').droppable({ drop: (e) => { log(e.originalEvent || e, 'jq'); $('#jq-target').text('Got box'); } });
  const src = document.getElementById('h5-src');
  const dst = document.getElementById('h5-dst');
  src.addEventListener('dragstart', (e) => { e.dataTransfer.setData('text/plain', 'card-1'); log(e, 'start'); });
  dst.addEventListener('dragover', (e) => { e.preventDefault(); if (!window.dragLog.some((l) => l.type === 'dragover')) log(e, 'over'); });
  dst.addEventListener('drop', (e) => { e.preventDefault(); log(e, e.dataTransfer.getData('text/plain')); dst.textContent = 'Got card'; });
  src.addEventListener('dragend', (e) => log(e, 'end'));
  document.getElementById('range').addEventListener('input', (e) => { if (!window.dragLog.some((l) => l.type === 'input')) log(e, 'range'); });
</script></body></html>`;

/** A sortable list in a frame; its id and items come from the query, its order is read back from the DOM. */
const FRAME = `<!doctype html><html><head><meta charset="utf-8"><title>Frame list</title>
<script src="/jquery.js"></script><script src="/jquery-ui.js"></script>
<style>
  body { margin: 0; font: 14px sans-serif; }
  ul { margin: 10px; padding: 0; width: 160px; list-style: none; }
  li { height: 38px; line-height: 38px; border: 1px solid #888; background: #eee; padding-left: 8px; }
</style></head><body><ul></ul>
<script>
  const q = new URLSearchParams(location.search);
  const ul = document.querySelector('ul');
  ul.id = q.get('id');
  for (const n of q.get('items').split(',')) ul.appendChild(document.createElement('li')).textContent = n;
  $(ul).sortable();
</script></body></html>`;

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });
}

export async function startDragSite(): Promise<DragSite> {
  let other = '';
  const files: Record<string, [() => string, string]> = {
    '/': [() => PAGE.replace('OTHER', other), 'text/html; charset=utf-8'],
    '/frame.html': [() => FRAME, 'text/html; charset=utf-8'],
    '/jquery.js': [() => JQUERY, 'text/javascript'],
    '/jquery-ui.js': [() => JQUERY_UI, 'text/javascript'],
  };
  const servers = [0, 1].map(() => {
    const server: Server = createServer((req, res) => {
      const file = files[new URL(req.url ?? '/', 'http://x').pathname];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' }).end(file[0]());
    });
    server.keepAliveTimeout = 1_000;
    return server;
  }) as [Server, Server];
  const origin = await listen(servers[0], '127.0.0.1');
  // Linux routes all of 127/8 to lo; elsewhere another port keeps it cross-origin at least.
  other = await listen(servers[1], '127.0.0.2').catch(() => listen(servers[1], '127.0.0.1'));
  return {
    origin,
    other,
    close: async () => {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}
