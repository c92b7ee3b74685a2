/**
 * docs/session-report.png: a session report as a person sees it, made and photographed through our
 * own MCP server. A short run under --save-session (typing a name and a password, a click that logs a
 * console error), then the report opened in the same browser with its click step open.
 *   pnpm exec tsx packages/mcp/src/report/picture.ts [docs/session-report.png]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { refOf, startStdio, textOf } from '../testing/servers';

const out = process.argv[2] ?? 'docs/session-report.png';
const PAGE = `<!doctype html><title>Checkout</title><style>body{font:16px system-ui;margin:40px} label{display:block;margin:10px 0} button{font-size:16px;padding:6px 18px}</style>
<h1>Checkout</h1><label>Name <input id="n"></label><label>Password <input id="p" type="password"></label>
<button onclick="console.error('payment failed: card declined'); document.getElementById('s').textContent = 'Payment failed'">Pay now</button><p id="s"></p>`;
let reportDir = '';
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path.startsWith('/report/')) {
    const rel = normalize(path.slice(8));
    if (rel.startsWith('..')) return void res.writeHead(403).end();
    try {
      return void res.writeHead(200, { 'content-type': rel.endsWith('.html') ? 'text/html' : rel.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(readFileSync(join(reportDir, rel)));
    } catch {
      return void res.writeHead(404).end();
    }
  }
  res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const save = mkdtempSync(join(tmpdir(), 'bp-picture-'));
const { client } = await startStdio(['--browser', 'chrome', '--caps', 'devtools', '--allow-eval', '--save-session', save, '--save-session-every-step']);
const call = async (name: string, args: Record<string, unknown> = {}) => {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name}: ${textOf(r)}`);
  return r;
};
const snap = textOf(await call('browser_navigate', { url: `${origin}/` }));
await call('browser_type', { target: refOf(snap, 'Name'), text: 'Ada Lovelace' });
await call('browser_type', { target: refOf(snap, 'Password'), text: 'analytical-engine' });
await call('browser_click', { target: refOf(snap, 'Pay now') });
await call('browser_snapshot');
reportDir = ((await call('browser_stop_tracing')).structuredContent as { dir: string }).dir;
await call('browser_resize', { width: 1100, height: 900 });
await call('browser_navigate', { url: `${origin}/report/report.html` });
await call('browser_evaluate', { function: `() => { const d = document.querySelector('#step-4 details'); d.open = true; return d.open; }` });
const shot = await call('browser_take_screenshot', {});
const image = (shot.content as { type: string; data?: string }[]).find((c) => c.type === 'image')?.data;
if (image === undefined) throw new Error(`no image in: ${textOf(shot)}`);
writeFileSync(out, Buffer.from(image, 'base64'));
console.log(`written ${out}`);
await client.close();
server.close();
rmSync(save, { recursive: true, force: true });
