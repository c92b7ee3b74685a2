/**
 * What a session report costs: a 20-step MCP run (navigate, typing, clicks, a select, key presses,
 * snapshots) on two `browser-provider mcp` servers started side by side on one engine, the run
 * repeated in alternating order so the machine's drift falls on both. On one server each run is
 * recorded from its start to its end, as --save-session records a session: browser_start_tracing
 * before the first step and browser_stop_tracing (which writes the HTML) after the last, both timed
 * with the run. Prints the median of each side's wall time and the median of the paired ratios.
 *   pnpm exec tsx packages/mcp/src/report/overhead-run.ts [--browser chrome] [--rounds 8]
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refOf, startStdio, textOf, type StdioServer } from '../testing/servers';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
};
const browser = arg('browser', 'chrome');
const rounds = Number(arg('rounds', '8'));

const PAGE = `<!doctype html><title>Form</title>
<label>Name <input id="n"></label> <label>Password <input type="password" id="p"></label>
<label>Size <select id="s"><option>Small</option><option>Large</option></select></label>
<button onclick="c.textContent = Number(c.textContent) + 1">Add</button> <output id="c">0</output>
<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="#i${i}">Item ${i}</a></li>`).join('')}</ul>`;

const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

/** One 20-step run; its wall time in ms. */
async function run(s: StdioServer, report = false): Promise<number> {
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await s.client.callTool({ name, arguments: args });
    if (r.isError) throw new Error(`${name}: ${textOf(r)}`);
    return textOf(r);
  };
  const t0 = performance.now();
  if (report) await call('browser_start_tracing');
  const snap = await call('browser_navigate', { url });
  const [name, pw, size, add] = [refOf(snap, 'Name'), refOf(snap, 'Password'), refOf(snap, 'Size'), refOf(snap, 'Add')];
  for (let i = 0; i < 3; i++) {
    await call('browser_type', { target: name, text: `Ada ${i}` });
    await call('browser_type', { target: pw, text: `secret-${i}` });
    await call('browser_click', { target: add });
    await call('browser_select_option', { target: size, values: [i % 2 ? 'Small' : 'Large'] });
    await call('browser_press_key', { key: 'Tab' });
    await call('browser_snapshot');
  }
  await call('browser_click', { target: add });
  if (report) await call('browser_stop_tracing');
  return performance.now() - t0;
}

const dir = mkdtempSync(join(tmpdir(), 'bp-overhead-'));
const off = await startStdio(['--browser', browser]);
const on = await startStdio(['--browser', browser, '--caps', 'devtools', '--output-dir', dir]);
// Warm both: the browser launches, the page and the page script are cached.
await run(off);
await run(on, true);
const times = { off: [] as number[], on: [] as number[] };
const ratios: number[] = [];
for (let i = 0; i < rounds; i++) {
  const [a, b] = i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
  const ta = await run(a === 'off' ? off : on, a === 'on');
  const tb = await run(b === 'off' ? off : on, b === 'on');
  times[a].push(ta);
  times[b].push(tb);
  ratios.push((times.on.at(-1) as number) / (times.off.at(-1) as number));
  console.log(`round ${i + 1}: without ${times.off.at(-1)?.toFixed(0)} ms, with ${times.on.at(-1)?.toFixed(0)} ms`);
}
await Promise.all([off.client.close(), on.client.close()]);
await new Promise((r) => setTimeout(r, 3_000));
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const bytes = (d: string): number => readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? bytes(join(d, e.name)) : statSync(join(d, e.name)).size), 0);
console.log(`${browser}, ${rounds} rounds of 20 steps: median without ${median(times.off).toFixed(0)} ms, with a report ${median(times.on).toFixed(0)} ms (${((median(times.on) / median(times.off) - 1) * 100).toFixed(1)} %); median paired ratio ${((median(ratios) - 1) * 100).toFixed(1)} % more; ${rounds + 1} reports: ${(bytes(dir) / 1024 / 1024).toFixed(1)} MB`);
rmSync(dir, { recursive: true, force: true });
server.close();
