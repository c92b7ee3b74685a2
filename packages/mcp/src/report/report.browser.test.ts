import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { refOf, startStdio, textOf, type StdioServer } from '../testing/servers';

/**
 * The session report as a person meets it, on every engine: an MCP run under --save-session (a
 * click that logs a console error and asks for a missing image, typing a name and a password), then
 * browser_stop_tracing, then the report opened in the same browser through our own tools (with
 * --save-session-every-step, so each step that changes the page has its screenshot). Its
 * timeline lists the run's steps, every thumbnail has loaded (naturalWidth > 0), the click's point
 * is marked, and the password is in neither file.
 */

const SECRET = 'correct-horse-7';
// The click's failed request is synchronous, so it has failed before the click is answered: a request
// still in flight when the step's capture runs belongs to a later step (an image's load raced the
// capture on a loaded machine).
const PAGE = `<!doctype html><title>Sign in</title>
<label>Name <input id="name"></label>
<label>Password <input id="pw" type="password"></label>
<button id="go" onclick="console.error('boom: sign-in failed'); document.getElementById('out').textContent = 'Tried'; const x = new XMLHttpRequest(); x.open('GET', '/missing.png', false); x.send()">Sign in</button>
<p id="out">Waiting</p>`;

let server: Server;
let origin = '';
let reportDir = '';
const saveDir = mkdtempSync(join(tmpdir(), 'bp-report-browser-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    // The report as files beside each other, as a person's browser opens them from the disk (file: is refused by the provider).
    if (path.startsWith('/report/') && reportDir !== '') {
      const rel = normalize(path.slice('/report/'.length));
      if (rel.startsWith('..')) return void res.writeHead(403).end();
      const type = rel.endsWith('.html') ? 'text/html' : rel.endsWith('.png') ? 'image/png' : rel.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream';
      return void readFile(join(reportDir, rel)).then(
        (body) => res.writeHead(200, { 'content-type': type }).end(body),
        () => res.writeHead(404).end(),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(saveDir, { recursive: true, force: true });
});

for (const browser of ['firefox', 'chrome', 'safari'] as const) {
  describeEngine(browser)(`session report on ${browser}`, () => {
    let mcp: StdioServer;
    let client: Client;
    let stopped: Record<string, unknown> = {};
    const ok = async (name: string, args: Record<string, unknown> = {}) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, textOf(r)).toBeFalsy();
      return r;
    };

    beforeAll(async () => {
      mcp = await startStdio(['--browser', browser, '--caps', 'devtools,config', '--allow-eval', '--save-session', join(saveDir, browser), '--save-session-every-step']);
      client = mcp.client;
      const snap = textOf(await ok('browser_navigate', { url: `${origin}/` }));
      await ok('browser_type', { target: refOf(snap, 'Name'), text: 'Ada' });
      await ok('browser_type', { target: refOf(snap, 'Password'), text: SECRET });
      await ok('browser_click', { target: refOf(snap, 'Sign in') });
      const config = (await ok('browser_get_config')).structuredContent as { sessionReport: { writing: boolean; html: string } };
      expect(config.sessionReport.writing).toBe(true);
      expect(config.sessionReport.html).toContain(join(saveDir, browser));
      stopped = (await ok('browser_stop_tracing')).structuredContent as Record<string, unknown>;
      reportDir = String(stopped.dir);
    });
    afterAll(async () => {
      await client.close();
    });

    it('lists the run in a timeline whose every thumbnail loads, opened in the browser', async () => {
      expect(stopped.steps).toBe(5);
      await ok('browser_navigate', { url: `${origin}/report/report.html` });
      const evaluated = await ok('browser_evaluate', {
        function: `() => ({ steps: [...document.querySelectorAll('#timeline .name')].map((e) => e.textContent), thumbs: [...document.querySelectorAll('img.thumb')].map((i) => (i.complete ? i.naturalWidth : -1)), points: document.querySelectorAll('.pt').length })`,
      });
      const seen = (evaluated.structuredContent as { value: { steps: string[]; thumbs: number[]; points: number } }).value;
      expect(seen.steps).toEqual(['browser_navigate', 'browser_type', 'browser_type', 'browser_click', 'browser_get_config']);
      // navigate, type, type and click change the page; get_config does not, and has no screenshot.
      expect(seen.thumbs).toHaveLength(4);
      for (const w of seen.thumbs) expect(w).toBeGreaterThan(0);
      expect(seen.points).toBeGreaterThanOrEqual(1);
    });

    it('keeps the click point, the console error and the failed request, and never the password', async () => {
      const jsonl = await readFile(join(reportDir, 'steps.jsonl'), 'utf8');
      const html = await readFile(join(reportDir, 'report.html'), 'utf8');
      const steps = jsonl.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      const click = steps.find((s) => s.name === 'browser_click') as { point?: { x: number }; console_errors: { text: string }[]; failed_requests: { url: string }[] };
      expect(click.point?.x).toBeGreaterThan(0);
      // WebKit's classic WebDriver records neither (console.list and network.list are not offered there).
      if (browser !== 'safari') {
        expect(click.console_errors.map((e) => e.text).join()).toContain('boom: sign-in failed');
        expect(click.failed_requests.map((r) => r.url).join()).toContain('/missing.png');
      }
      for (const text of [jsonl, html]) {
        expect(text).not.toContain(SECRET);
        expect(text).toContain('•'.repeat(SECRET.length));
        expect(text).toContain('Ada');
      }
    });
  });
}
