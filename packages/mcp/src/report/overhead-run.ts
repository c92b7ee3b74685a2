/**
 * What --save-session costs: a 20-step MCP run (navigate, typing, clicks, a select, key presses,
 * snapshots) through `browser-provider mcp` with and without it, in alternating pairs on one engine;
 * medians of the steps' wall time (first call to last answer, the report's close included) and of
 * the whole run (spawn to exit).
 *   pnpm exec tsx packages/mcp/src/report/overhead-run.ts [--browser chrome] [--pairs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refOf, startStdio, textOf } from '../testing/servers';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
};
const browser = arg('browser', 'chrome');
const pairs = Number(arg('pairs', '5'));

const PAGE = `<!doctype html><title>Form</title>
<label>Name <input id="n"></label> <label>Password <input type="password" id="p"></label>
<label>Size <select id="s"><option>Small</option><option>Large</option></select></label>
<button onclick="c.textContent = Number(c.textContent) + 1">Add</button> <output id="c">0</output>
<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="#i${i}">Item ${i}</a></li>`).join('')}</ul>`;

const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

async function run(save: boolean): Promise<{ steps: number; total: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bp-overhead-'));
  const t0 = performance.now();
  const { client, child } = await startStdio(['--browser', browser, ...(save ? ['--save-session', dir] : [])]);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError) throw new Error(`${name}: ${textOf(r)}`);
    return textOf(r);
  };
  // The browser's launch is not a step: one call opens the session before the clock starts.
  await call('browser_tabs', { action: 'list' });
  const s0 = performance.now();
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
  await call('browser_click', { target: add }); // 20th step
  const exited = new Promise((r) => child.once('exit', r));
  await client.close();
  await exited;
  const end = performance.now();
  rmSync(dir, { recursive: true, force: true });
  return { steps: end - s0, total: end - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const off: { steps: number; total: number }[] = [];
const on: { steps: number; total: number }[] = [];
await run(false); // warm the disk cache and the browser binary
for (let i = 0; i < pairs; i++) {
  // Alternating order, so drift on a shared machine falls on both sides.
  if (i % 2 === 0) {
    off.push(await run(false));
    on.push(await run(true));
  } else {
    on.push(await run(true));
    off.push(await run(false));
  }
  console.log(`pair ${i + 1}: off ${off.at(-1)?.steps.toFixed(0)} ms, on ${on.at(-1)?.steps.toFixed(0)} ms (20 steps + close)`);
}
const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
const pct = (a: number[], b: number[]) => `${(((median(b) - median(a)) / median(a)) * 100).toFixed(1)} %`;
console.log(`${browser}, ${pairs} pairs, medians: 20 steps + close: without ${ms(off.map((r) => r.steps))}, with --save-session ${ms(on.map((r) => r.steps))} (${pct(off.map((r) => r.steps), on.map((r) => r.steps))})`);
console.log(`whole run, spawn to exit: without ${ms(off.map((r) => r.total))}, with ${ms(on.map((r) => r.total))} (${pct(off.map((r) => r.total), on.map((r) => r.total))})`);
server.close();
