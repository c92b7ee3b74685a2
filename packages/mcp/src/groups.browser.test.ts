import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePage } from '../../../apps/cli/src/testing/page-server';
import { BIN, refOf, startHttp, startStdio, textOf } from './testing/servers';

/**
 * Playwright MCP's opt-in groups (`--caps`) and the arguments its default tools take, as the SDK
 * client sees them, on every installed engine: one server and one page load per engine, the transport
 * alternating (stdio, Streamable HTTP) so both carry the same tools.
 */

const ENGINES = [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
  ['safari', 'stdio'],
] as const;
const status = JSON.parse(execFileSync(process.execPath, [BIN, 'status', '--json'], { encoding: 'utf8' })) as Array<{ browser: string; status: { availability: string } }>;
const installed = (b: string) => status.some((s) => s.browser === b && s.status.availability !== 'unavailable');

const page = servePage(`<!doctype html><title>Groups</title>
<h1>Shopping list</h1>
<ul id="list"><li>Apples</li><li>Pears</li></ul>
<label><input type="checkbox" id="c" checked> Express</label>
<label>Note <input id="note" value="ring twice"></label>
<button id="go" onclick="document.getElementById('out').textContent='went'">Go</button>
<p id="out"></p>
<script>console.error('boom'); console.debug('quiet'); fetch('/api/items?x=1');</script>`);

for (const [browser, transport] of ENGINES) {
  describe.skipIf(!installed(browser))(`mcp --caps testing,config on ${browser} over ${transport}`, () => {
    const out = mkdtempSync(join(tmpdir(), 'bp-mcp-out-'));
    const flags = ['--browser', browser, '--caps', 'testing,config', '--output-dir', out];
    let client: Client;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      if (transport === 'stdio') {
        const s = await startStdio(flags);
        client = s.client;
        stop = async () => s.child.kill('SIGKILL');
      } else {
        const h = await startHttp(flags);
        client = (await h.connect()).client;
        stop = () => h.stop();
      }
    });
    afterAll(async () => {
      await stop();
    });
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

    it('lists the groups asked for and not the others, and says how it was started', async () => {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['browser_verify_text_visible', 'browser_generate_locator', 'browser_get_config', 'browser_snapshot']));
      expect(names).not.toContain('browser_cookie_list');
      const config = await call('browser_get_config');
      expect(JSON.parse(textOf(config))).toMatchObject({ caps: ['testing', 'config'], allowEval: false, outputDir: out, engines: [{ family: browser }] });
    });

    it('verifies what the page shows, refuses what it does not, and gives a selector the tools accept', async () => {
      const snap = textOf(await call('browser_navigate', { url: `${page.origin()}/` }));
      expect((await call('browser_verify_text_visible', { text: 'shopping   LIST' })).isError).toBeFalsy();
      const missing = await call('browser_verify_text_visible', { text: 'Bananas' });
      expect(textOf(missing)).toMatch(/^Error element_not_found \(not_visible\): The text "Bananas" is not visible.*\nRepair: browser_snapshot/);
      expect((await call('browser_verify_element_visible', { role: 'button', accessibleName: 'Go' })).isError).toBeFalsy();
      expect((await call('browser_verify_element_visible', { role: 'link', accessibleName: 'Go' })).isError).toBe(true);
      const list = refOf(snap, 'list [ref=');
      expect((await call('browser_verify_list_visible', { element: 'list', target: list, items: ['Apples', 'Pears'] })).isError).toBeFalsy();
      expect(textOf(await call('browser_verify_list_visible', { element: 'list', target: list, items: ['Apples', 'Plums'] }))).toContain('Not visible in list: "Plums"');
      const box = refOf(snap, 'checkbox "Express"');
      expect((await call('browser_verify_value', { type: 'checkbox', element: 'Express', target: box, value: 'true' })).isError).toBeFalsy();
      const note = refOf(snap, 'textbox "Note"');
      expect(textOf(await call('browser_verify_value', { type: 'textbox', element: 'Note', target: note, value: 'ring once' }))).toMatch(/\(value_mismatch\): Note: expected "ring once", the page shows "ring twice"/);
      const selector = textOf(await call('browser_generate_locator', { element: 'Go', target: refOf(snap, 'button "Go"') }));
      const clicked = await call('browser_click', { target: selector });
      expect(clicked.isError, textOf(clicked)).toBeFalsy();
      expect(textOf(clicked)).toContain('went');
    });

    it('takes Playwright MCP’s arguments: snapshot target, depth and filename; screenshot and console filename and level', async () => {
      const full = textOf(await call('browser_snapshot', {}));
      const list = refOf(full, 'list [ref=');
      const scoped = textOf(await call('browser_snapshot', { target: list, depth: 0 }));
      expect(scoped).toMatch(/^list \[ref=e\d+\]$/m);
      expect(scoped).not.toContain('Apples');
      const saved = textOf(await call('browser_snapshot', { filename: 'snaps/page.yml' }));
      const path = /Wrote the snapshot to (\S+) /.exec(saved)?.[1] ?? '';
      expect(path.startsWith(out)).toBe(true);
      expect(readFileSync(path, 'utf8')).toContain('button "Go"');
      expect(textOf(await call('browser_snapshot', { filename: '../escape.yml' }))).toMatch(/^Error permission_denied \(path_escape\)/);
      const shot = textOf(await call('browser_take_screenshot', { filename: 'shot.png', scale: 'css' }));
      expect(readFileSync(join(out, 'shot.png')).subarray(1, 4).toString(), shot).toBe('PNG');
      const consoleAnswer = await call('browser_console_messages', { level: 'error' });
      if (browser === 'safari') {
        // Classic WebDriver reports no console: refused by name, not answered empty.
        expect(textOf(consoleAnswer)).toMatch(/^Error unsupported_method/);
      } else {
        expect(textOf(consoleAnswer)).toContain('[error] boom');
        expect(textOf(consoleAnswer)).not.toContain('quiet');
        const requests = textOf(await call('browser_network_requests', { filter: 'api/items' }));
        expect(requests).toMatch(/^\d+\. GET http:\/\/127\.0\.0\.1:\d+\/api\/items\?x=1 /);
      }
    });
  });
}
