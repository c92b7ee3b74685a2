import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { refOf, sessionDir, startClient, textOf } from './testing/servers';

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

const page = servePage(`<!doctype html><title>Groups</title>
<h1>Shopping list</h1>
<p id="jar"></p><p id="size"></p>
<script>document.getElementById('jar').textContent = 'cookies: ' + document.cookie; document.getElementById('size').textContent = 'size ' + innerWidth + 'x' + innerHeight; onresize = () => document.getElementById('size').textContent = 'size ' + innerWidth + 'x' + innerHeight;</script>
<ul id="list" aria-label="Groceries"><li>Apples</li><li>Pears</li></ul>
<label><input type="checkbox" id="c" checked> Express</label>
<label>Note <input id="note" value="ring twice"></label>
<button id="go" onclick="document.getElementById('out').textContent='went'">Go</button>
<p id="out"></p>
<script>console.error('boom'); console.debug('quiet'); fetch('/api/items?x=1');</script>`);

for (const [browser, transport] of ENGINES) {
  describeEngine(browser)(`mcp --caps testing,config,storage on ${browser} over ${transport}`, () => {
    const out = mkdtempSync(join(tmpdir(), 'bp-mcp-out-'));
    const flags = ['--browser', browser, '--caps', 'testing,config,storage', '--output-dir', out];
    let client: Client;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      ({ client, stop } = await startClient(transport, flags));
    });
    afterAll(async () => {
      await stop();
    });
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

    it('lists the groups asked for and not the others, and says how it was started', async () => {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['browser_verify_text_visible', 'browser_generate_locator', 'browser_get_config', 'browser_snapshot']));
      expect(names).not.toContain('browser_pdf_save');
      const config = await call('browser_get_config');
      expect(JSON.parse(textOf(config))).toMatchObject({ caps: ['testing', 'config', 'storage'], allowEval: false, outputDir: out, engines: [{ family: browser }] });
    });

    it('verifies what the page shows, refuses what it does not, and gives a selector the tools accept', async () => {
      const snap = textOf(await call('browser_navigate', { url: `${page.origin()}/` }));
      expect((await call('browser_verify_text_visible', { text: 'shopping   LIST' })).isError).toBeFalsy();
      const missing = await call('browser_verify_text_visible', { text: 'Bananas' });
      expect(textOf(missing)).toMatch(/^Error element_not_found \(not_visible\): The text "Bananas" is not visible.*\nRepair: browser_snapshot/);
      expect((await call('browser_verify_element_visible', { role: 'button', accessibleName: 'Go' })).isError).toBeFalsy();
      expect((await call('browser_verify_element_visible', { role: 'link', accessibleName: 'Go' })).isError).toBe(true);
      const list = refOf(snap, 'list "Groceries"');
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

    it('takes Playwright MCP’s arguments: snapshot target, depth, boxes and filename; screenshot scale and filename; console level and all', async () => {
      const full = textOf(await call('browser_snapshot', {}));
      const list = refOf(full, 'list "Groceries"');
      const scoped = textOf(await call('browser_snapshot', { target: list, depth: 0 }));
      expect(scoped).toMatch(/^list "Groceries" \[e\d+\]$/m);
      expect(scoped).not.toContain('Apples');
      // boxes: the UA stylesheet's 8 px body margin puts the heading at x 8 on every engine.
      const boxed = textOf(await call('browser_snapshot', { boxes: true }));
      expect(boxed).toMatch(/^heading "Shopping list" \[level=1\] \[e\d+\] \[box=8,\d+,[1-9]\d*,[1-9]\d*\]$/m);
      expect(full).not.toContain('[box=');
      const saved = textOf(await call('browser_snapshot', { filename: 'snaps/page.yml' }));
      const path = /Wrote the snapshot to (\S+) /.exec(saved)?.[1] ?? '';
      expect(path.startsWith(out)).toBe(true);
      expect(readFileSync(path, 'utf8')).toContain('button "Go"');
      expect(textOf(await call('browser_snapshot', { filename: '../escape.yml' }))).toMatch(/^Error permission_denied \(path_escape\)/);
      // Playwright's target is a ref or a selector, for element screenshots too.
      const button = await call('browser_take_screenshot', { target: '#go', element: 'Go' });
      expect(textOf(button), textOf(button)).toMatch(/^Screenshot \d+×\d+ \(image\/png\) of Go\./);
      const shot = textOf(await call('browser_take_screenshot', { filename: 'shot.png', scale: 'css' }));
      expect(readFileSync(join(sessionDir(out), 'shot.png')).subarray(1, 4).toString(), shot).toBe('PNG');
      const consoleAnswer = await call('browser_console_messages', { level: 'error' });
      if (browser === 'safari') {
        // Classic WebDriver reports no console: refused by name, not answered empty.
        expect(textOf(consoleAnswer)).toMatch(/^Error unsupported_method/);
      } else {
        expect(textOf(consoleAnswer)).toContain('[error] boom');
        expect(textOf(consoleAnswer)).not.toContain('quiet');
        // Playwright's `all`: by default the current document's messages only; with all, the earlier ones too.
        await call('browser_navigate', { url: `${page.origin()}/?again` });
        const booms = (r: object) => textOf(r).split('\n').filter((l) => l === '[error] boom').length;
        expect(booms(await call('browser_console_messages', { level: 'error' }))).toBe(1);
        expect(booms(await call('browser_console_messages', { level: 'error', all: true }))).toBeGreaterThanOrEqual(2);
        const requests = textOf(await call('browser_network_requests', { filter: 'api/items' }));
        expect(requests).toMatch(/^\d+\. GET http:\/\/127\.0\.0\.1:\d+\/api\/items\?x=1 /);
      }
    });

    it('resizes the viewport, sets a cookie that a reload sends, and moves it and localStorage through a storage-state file', async () => {
      await call('browser_navigate', { url: `${page.origin()}/` });
      const resized = await call('browser_resize', { width: 640, height: 480 });
      expect(textOf(resized), textOf(resized)).toContain('Resized the viewport to 640×480.');
      expect(textOf(resized)).toContain('size 640x480');
      expect((await call('browser_cookie_set', { name: 'sid', value: 'abc123' })).isError).toBeFalsy();
      expect(textOf(await call('browser_cookie_get', { name: 'sid' }))).toMatch(/^sid=abc123 \(domain \.?127\.0\.0\.1, path \/[,)]/);
      const reloaded = textOf(await call('browser_navigate', { url: `${page.origin()}/` }));
      expect(reloaded).toContain('cookies: sid=abc123');
      expect(textOf(await call('browser_localstorage_set', { key: 'theme', value: 'dark' }))).toContain(`Set localStorage "theme" on ${page.origin()}.`);
      expect(textOf(await call('browser_localstorage_get', { key: 'theme' }))).toBe('theme="dark"');
      const saved = textOf(await call('browser_storage_state', { filename: 'state.json' }));
      expect(saved).toContain('Saved 1 cookie and 1 origin\'s localStorage');
      const state = JSON.parse(readFileSync(join(sessionDir(out), 'state.json'), 'utf8')) as { cookies: Array<{ name: string }>; origins: Array<{ origin: string; localStorage: unknown[] }> };
      expect(state).toMatchObject({ cookies: [{ name: 'sid', value: 'abc123', path: '/' }], origins: [{ origin: page.origin(), localStorage: [{ name: 'theme', value: 'dark' }] }] });
      expect(textOf(await call('browser_cookie_clear'))).toBe('Deleted 1 cookie.');
      expect(textOf(await call('browser_localstorage_clear'))).toContain('Cleared localStorage');
      expect(textOf(await call('browser_cookie_list'))).toBe('No cookies.');
      expect(textOf(await call('browser_set_storage_state', { filename: 'state.json' }))).toBe(`Set 1 cookie and localStorage of ${page.origin()}.`);
      expect(textOf(await call('browser_localstorage_list'))).toContain('theme="dark"');
      expect(textOf(await call('browser_cookie_delete', { name: 'sid' }))).toBe('Deleted 1 cookie named "sid".');
      expect((await call('browser_sessionstorage_set', { key: 'k', value: 'v' })).isError).toBeFalsy();
      expect(textOf(await call('browser_sessionstorage_delete', { key: 'k' }))).toContain('Removed sessionStorage "k"');
      expect(textOf(await call('browser_sessionstorage_list'))).toContain('(empty)');
      const other = await call('browser_cookie_set', { name: 'x', value: '1', domain: 'example.com' });
      // Classic WebDriver's Add Cookie reaches the current document's domain only: refused by name.
      if (browser === 'safari') expect(textOf(other)).toMatch(/^Error unsupported_target \(cookie_domain\): .*\nRepair: browser_navigate \{"url":"https:\/\/example\.com\/"\}/s);
      else expect(textOf(await call('browser_cookie_list', { domain: 'example.com' }))).toMatch(/^x=1 \(domain \.?example\.com/);
    });
  });
}
