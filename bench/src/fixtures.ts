import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The pages every contender is timed on, served from loopback so no network cost enters a figure.
 *
 * `/catalog?rows=N`: N rows, each with a link, a run of text, a button, a text input and a labelled
 * checkbox — the shape of the product lists and admin tables agents spend their time on. The button
 * toggles its own label and bumps a cart counter in the header, so one click changes exactly two
 * lines of any outline: the diff after a click has a known right size.
 *
 * `/session?token=T`: the load run's page. It prints T and the cookies it finds on arrival, then sets
 * a cookie carrying T, so a session's snapshot shows whose page it has and whose cookies it sees.
 */

/** Actionable elements per catalog row: link, button, textbox, checkbox. */
export const ACTIONABLE_PER_ROW = 4;
/** Actionable elements outside the rows (the header's search box). */
export const ACTIONABLE_EXTRA = 1;

const ADJECTIVES = ['Sturdy', 'Compact', 'Deluxe', 'Classic', 'Portable', 'Quiet', 'Bright', 'Modular'];
const NOUNS = ['kettle', 'lamp', 'backpack', 'chair', 'speaker', 'notebook', 'drill', 'tent'];

function row(i: number): string {
  const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i}`;
  const price = (5 + ((i * 37) % 400) + (i % 100) / 100).toFixed(2);
  return (
    `<li id="row-${i}"><a href="/item/${i}">${name}</a> ` +
    `<span>In stock, ships in ${1 + (i % 5)} days, $${price}</span> ` +
    `<button type="button" data-row="${i}">Add to cart</button> ` +
    `<input type="text" aria-label="Note for item ${i}" placeholder="note"> ` +
    `<label><input type="checkbox"> Compare</label></li>`
  );
}

// The button handler is delegated (one listener), as a real catalog would do it.
const CATALOG_SCRIPT = `<script>
let cart = 0;
document.addEventListener('click', (e) => {
  const b = e.target.closest('button[data-row]');
  if (!b) return;
  const added = b.textContent === 'Add to cart';
  b.textContent = added ? 'Remove' : 'Add to cart';
  cart += added ? 1 : -1;
  document.getElementById('cart').textContent = 'Cart: ' + cart + ' items';
});
</script>`;

export function catalogPage(rows: number): string {
  const items: string[] = [];
  for (let i = 0; i < rows; i++) items.push(row(i));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Catalog (${rows} rows)</title></head>
<body><header><h1>Catalog</h1><p id="cart" role="status">Cart: 0 items</p>
<input type="search" aria-label="Search the catalog"></header>
<main><ul id="rows">${items.join('\n')}</ul></main>${CATALOG_SCRIPT}</body></html>`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sessionPage(token: string): string {
  const t = escapeHtml(token);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Session ${t}</title></head>
<body><h1>Session page ${t}</h1>
<p id="token">token=${t}</p>
<p id="cookies">cookie_seen=(pending)</p>
<button type="button" id="go" onclick="this.textContent='Clicked ' + (Number(this.dataset.n = (Number(this.dataset.n || 0) + 1)))">Click me</button>
<label>Message <input id="msg" type="text"></label>
<p id="done" hidden>ready</p>
<script>
// Read before writing: a jar shared with another session would show that session's token here.
document.getElementById('cookies').textContent = 'cookie_seen=' + (document.cookie || '(none)');
document.cookie = 'bench_owner=${t}; path=/';
</script></body></html>`;
}

export interface BenchServer {
  readonly origin: string;
  catalogUrl(rows: number): string;
  sessionUrl(token: string): string;
  close(): Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  // Generating 5,000 rows takes a few ms; cache so the server never shows up in a navigation's time.
  const cache = new Map<number, string>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    let body: string | undefined;
    if (url.pathname === '/catalog') {
      const rows = Math.min(50_000, Math.max(1, Number(url.searchParams.get('rows')) || 100));
      body = cache.get(rows) ?? catalogPage(rows);
      cache.set(rows, body);
    } else if (url.pathname === '/session') {
      body = sessionPage(url.searchParams.get('token') ?? 'none');
    } else if (url.pathname.startsWith('/item/')) {
      body = `<!doctype html><title>Item</title><h1>Item ${escapeHtml(url.pathname.slice(6))}</h1>`;
    }
    if (body === undefined) {
      res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    res.end(body);
  };
  const server = createServer(handle);
  const origin = await listenLoopback(server);
  return {
    origin,
    catalogUrl: (rows) => `${origin}/catalog?rows=${rows}`,
    sessionUrl: (token) => `${origin}/session?token=${encodeURIComponent(token)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Listens on a free loopback port with short keep-alives (a bench restarts clients often); answers the origin. */
export async function listenLoopback(server: Server): Promise<string> {
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
