import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { sessionDir, startStdio, textOf } from './testing/servers';

/**
 * Issue 24's tools over MCP with the SDK client, on Chromium (the one engine here that emulates
 * media): emulate media, one request's details, drop, PDF (`--caps pdf`) and highlight (`--caps
 * devtools`). Engines that refuse are tested at the protocol level (packages/testing/src/tools-suite.ts).
 */

const page = servePage(`<!doctype html><title>Tools</title>
<div id="zone" style="width:200px;height:80px">Drop here</div>
<button id="b">Go</button>
<script>
  window.got = [];
  const zone = document.getElementById('zone');
  zone.addEventListener('dragover', (e) => e.preventDefault());
  zone.addEventListener('drop', (e) => { e.preventDefault(); got.push(e.dataTransfer.getData('text/uri-list')); });
  fetch('/api/items?x=1');
</script>`);

describeEngine('chrome')('mcp issue-24 tools on chrome over stdio', () => {
  const out = mkdtempSync(join(tmpdir(), 'bp-mcp-out-'));
  let client: Client;
  let stop: () => void;
  beforeAll(async () => {
    const s = await startStdio(['--browser', 'chrome', '--caps', 'pdf,devtools', '--allow-eval', '--output-dir', out]);
    client = s.client;
    stop = () => s.child.kill('SIGKILL');
  });
  afterAll(() => stop?.());
  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  const evaluate = async (fn: string) => textOf(await call('browser_evaluate', { function: fn }));

  it('lists the tools under Playwright MCP names and argument names', async () => {
    const tools = new Map((await client.listTools()).tools.map((t) => [t.name, Object.keys((t.inputSchema.properties ?? {}) as object)]));
    expect(tools.get('browser_emulate_media')).toEqual(['colorScheme', 'reducedMotion', 'forcedColors', 'contrast', 'media']);
    expect(tools.get('browser_network_request')).toEqual(['index', 'part', 'filename']);
    expect(tools.get('browser_drop')).toEqual(['target', 'element', 'paths', 'data']);
    expect(tools.get('browser_pdf_save')).toEqual(expect.arrayContaining(['filename']));
    expect(tools.get('browser_highlight')).toEqual(['target', 'element', 'style']);
    expect(tools.has('browser_hide_highlight')).toBe(true);
  });

  it('emulates dark mode and print, details a request, drops a link, saves a PDF and highlights', async () => {
    await call('browser_navigate', { url: `${page.origin()}/` });
    expect(textOf(await call('browser_emulate_media', { colorScheme: 'dark', media: 'print' }))).toBe('Emulating prefers-color-scheme dark, media type print.');
    expect(await evaluate('() => [matchMedia("(prefers-color-scheme: dark)").matches, matchMedia("print").matches]')).toMatch(/true,\s*true/);
    expect(textOf(await call('browser_emulate_media', { colorScheme: null, media: null }))).toBe('No media features emulated.');

    const list = textOf(await call('browser_network_requests', {}));
    const n = /^(\d+)\. GET \S+\/api\/items\?x=1/m.exec(list)?.[1];
    expect(n).toBeDefined();
    const detail = textOf(await call('browser_network_request', { index: Number(n) }));
    expect(detail).toMatch(new RegExp(`^#${n} GET \\S+/api/items\\?x=1 \\d+`));
    expect(detail).toContain('Request headers:');
    expect(textOf(await call('browser_network_request', { index: Number(n), part: 'request-body' }))).toContain('Request body: (none)');
    const missing = await call('browser_network_request', { index: 9999 });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('unknown_request');

    expect(textOf(await call('browser_drop', { target: '#zone', element: 'the zone', data: { 'text/uri-list': 'https://example.com/' } }))).toContain('Dropped text/uri-list onto the zone.');
    expect(await evaluate('() => got')).toContain('https://example.com/');

    const saved = textOf(await call('browser_pdf_save', { filename: 'page.pdf' }));
    expect(saved).toMatch(/^Saved the page as PDF to .*page\.pdf \(\d+ bytes\)\.$/);
    expect(readFileSync(join(sessionDir(out), 'page.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('browser_pdf_save', { filename: '../escape.pdf' })).isError).toBe(true);

    expect(textOf(await call('browser_highlight', { target: '#b', element: 'Go' }))).toBe('Highlighted Go.');
    expect(textOf(await call('browser_hide_highlight', {}))).toBe('Removed 1 highlight.');
  });
});
