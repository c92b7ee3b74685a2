import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import type { MediaFeature } from '@browser-provider/protocol';
import { dispatchClient, type Result } from './dispatch-client';

/**
 * Media emulation, request details, PDF, highlight and drop (issue 24), through core's dispatcher on
 * one real engine: what the engine does is checked in the page (matchMedia, the page's own drop
 * handler), what it cannot do must be refused by name.
 */
export interface ToolSuiteOptions {
  /** The media features the engine emulates (none: page.emulate_media is refused). */
  media: readonly MediaFeature[];
  /** Whether the engine prints PDFs. */
  pdf: boolean;
  /** Whether it records requests (network.request). */
  network: boolean;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tools</title>
<style>@media print { #kind::after { content: "print" } }</style></head><body style="margin:0">
<div id="zone" style="width:200px;height:80px;background:#ddd">Drop here</div>
<div id="plain" style="width:200px;height:40px">No drop</div>
<div style="position:relative;width:200px;height:40px"><div id="under">Under</div><div style="position:absolute;inset:0;background:#fff">Cover</div></div>
<button id="b" onclick="window.clicks = (window.clicks || 0) + 1">Count</button>
<script>
  window.got = [];
  const zone = document.getElementById('zone');
  zone.addEventListener('dragenter', () => got.push('dragenter'));
  zone.addEventListener('dragover', (e) => { got.push('dragover'); e.preventDefault(); });
  zone.addEventListener('drop', async (e) => {
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    got.push('drop:' + e.dataTransfer.getData('text/plain') + ':' + files.map((f) => f.name + '=' + f.type).join(','));
    for (const f of files) got.push('file:' + await f.text());
  });
  for (const id of ['plain', 'under']) for (const t of ['dragenter', 'dragover', 'drop', 'dragleave']) document.getElementById(id).addEventListener(t, () => got.push(id + ':' + t));
  fetch('/echo', { method: 'POST', headers: { 'x-test': 'yes', 'content-type': 'text/plain' }, body: 'ping=1' }).then((r) => r.text()).then((t) => { window.echoed = t; });
</script></body></html>`;

async function startSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain', 'x-answer': 'pong' }).end(`pong:${body}`));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export function describeToolMethods(name: string, make: () => Backend, o: ToolSuiteOptions): void {
  describe(`${name}: media, request details, pdf, highlight, drop`, () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    let provider: Provider;
    let d: Dispatcher;
    let p: { session_id: string; page_id: string };
    const { ok, fails } = dispatchClient(() => d, 't', () => p);
    const evalJson = async (expression: string) => (await ok('page.eval', { expression })).value;
    beforeAll(async () => {
      site = await startSite();
      provider = new Provider({ backend: make(), allowEval: true });
      d = new Dispatcher(provider);
      const s = (await d.handle({ protocol_version: '0.1', id: 's', method: 'session.ensure', params: {} })) as { result: Result };
      p = { session_id: s.result.session_id, page_id: s.result.default_page_id };
      await ok('page.open', { url: `${site.origin}/` });
    });
    afterAll(async () => {
      await provider?.shutdown();
      await site?.close();
    });

    it('describes what the engine does, and nothing more', async () => {
      const caps = (await ok('provider.describe')).capabilities;
      expect(caps.optional_methods.includes('page.emulate_media')).toBe(o.media.length > 0);
      expect(caps.optional_methods.includes('page.pdf')).toBe(o.pdf);
      expect(caps.optional_methods.includes('network.request')).toBe(o.network);
      expect(caps.optional_methods).toEqual(expect.arrayContaining(['page.highlight', 'page.hide_highlight', 'page.drop']));
      expect(caps.method_options['page.emulate_media']?.feature ?? []).toEqual(o.media);
    });

    it.runIf(o.media.length > 0)('emulates media features as matchMedia sees them, keeps them across a reload, and clears one with null', async () => {
      const all = { color_scheme: 'dark', reduced_motion: 'reduce', forced_colors: 'active', contrast: 'more', media: 'print' };
      const asked = Object.fromEntries(Object.entries(all).filter(([f]) => o.media.includes(f as MediaFeature)));
      expect((await ok('page.emulate_media', asked)).emulated).toEqual(asked);
      const queries = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)', '(prefers-contrast: more)', 'print'];
      const probe = `JSON.stringify(${JSON.stringify(queries)}.map((q) => matchMedia(q).matches))`;
      expect(JSON.parse((await evalJson(probe)) as string)).toEqual([true, true, true, true, true]);
      await ok('page.reload', {});
      expect(JSON.parse((await evalJson(probe)) as string)).toEqual([true, true, true, true, true]);
      expect((await ok('page.emulate_media', { color_scheme: null, media: null })).emulated).toEqual({ reduced_motion: 'reduce', forced_colors: 'active', contrast: 'more' });
      expect(JSON.parse((await evalJson(probe)) as string)).toEqual([false, true, true, true, false]);
      await ok('page.emulate_media', { reduced_motion: null, forced_colors: null, contrast: null });
    });

    it.runIf(o.media.length === 0).each([
      ['color_scheme', 'dark', '(prefers-color-scheme: dark)'],
      ['reduced_motion', 'reduce', '(prefers-reduced-motion: reduce)'],
      ['forced_colors', 'active', '(forced-colors: active)'],
      ['contrast', 'more', '(prefers-contrast: more)'],
      ['media', 'print', 'print'],
    ])('refuses media emulation of %s by name, with a repair, and changes nothing', async (feature, value, query) => {
      const e = await fails('page.emulate_media', { [feature]: value });
      expect(e).toMatchObject({ code: 'unsupported_method', details: { repair: { method: 'provider.describe' } } });
      expect(e.message).toContain('page.emulate_media');
      expect(await evalJson(`matchMedia(${JSON.stringify(query)}).matches`)).toBe(false);
    });

    it.runIf(o.network)("answers one request's headers and bodies, or one part, and refuses an unknown id", async () => {
      await ok('page.wait', { text_present: 'Drop here' });
      for (let i = 0; i < 50 && (await evalJson('window.echoed ?? null')) === null; i++) await new Promise((r) => setTimeout(r, 100));
      const list = (await ok('network.list', {})).requests as Array<{ request_id: string; url: string }>;
      // The newest: the media test reloaded the page, and an earlier document's bodies may be gone.
      const echo = list.findLast((r) => r.url.endsWith('/echo'));
      const first = list.find((r) => r.url.endsWith('/echo'));
      if (first !== echo) {
        // An earlier document's body is kept or said to be gone, never an error.
        const old = (await ok('network.request', { request_id: first?.request_id, part: 'response-body' })).response_body;
        expect(old.text === 'pong:ping=1' || old.unavailable === 'not_collected').toBe(true);
      }
      expect(echo).toBeDefined();
      const r = await ok('network.request', { request_id: echo?.request_id });
      expect(r).toMatchObject({ method: 'POST', status: 200, request_body: { text: 'ping=1' }, response_body: { text: 'pong:ping=1' } });
      expect(r.request_headers).toEqual(expect.arrayContaining([{ name: 'x-test', value: 'yes' }]));
      expect(r.response_headers).toEqual(expect.arrayContaining([{ name: 'x-answer', value: 'pong' }]));
      const only = await ok('network.request', { request_id: echo?.request_id, part: 'response-headers' });
      expect(Object.keys(only).filter((k) => k.endsWith('_headers') || k.endsWith('_body'))).toEqual(['response_headers']);
      const page = list.findLast((q) => q.url === `${site.origin}/`);
      expect((await ok('network.request', { request_id: page?.request_id, part: 'request-body' })).request_body).toEqual({ unavailable: 'none' });
      expect(await fails('network.request', { request_id: 'nope' })).toMatchObject({ code: 'invalid_request', details: { code: 'unknown_request', repair: { method: 'network.list' } } });
    });

    it.runIf(!o.network)('refuses request details by name', async () => {
      expect(await fails('network.request', { request_id: '1' })).toMatchObject({ code: 'unsupported_method', details: { repair: { method: 'provider.describe' } } });
    });

    it.runIf(o.pdf)('prints the page to a PDF', async () => {
      const r = await ok('page.pdf', { landscape: true, print_background: true });
      expect(Buffer.from(r.data as string, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(r).toMatchObject({ media_type: 'application/pdf' });
      expect(r.size).toBe(Buffer.from(r.data as string, 'base64').length);
    });

    it.runIf(!o.pdf)('refuses PDF by name', async () => {
      expect(await fails('page.pdf', {})).toMatchObject({ code: 'unsupported_method', details: { repair: { method: 'provider.describe' } } });
    });

    it('outlines an element without taking its clicks, and removes the outline', async () => {
      const button = '#b';
      expect(await ok('page.highlight', { selector: button, style: 'outline-color: red' })).toMatchObject({ highlighted: true });
      // The outline sits over the button (the page sees only a host element: its look is in a closed shadow root).
      const over = 'JSON.stringify((() => { const b = document.getElementById("b").getBoundingClientRect(); const h = [...document.body.children].at(-1); const r = h.getBoundingClientRect(); return [getComputedStyle(h).pointerEvents, Math.round(r.left - b.left), Math.round(r.top - b.top), Math.round(r.width - b.width), h.shadowRoot]; })())';
      expect(JSON.parse((await evalJson(over)) as string)).toEqual(['none', 0, 0, 0, null]);
      await ok('page.click', { selector: button });
      expect(await evalJson('window.clicks')).toBe(1);
      expect(await ok('page.hide_highlight', { selector: button })).toMatchObject({ removed: 1 });
      await ok('page.highlight', { selector: button });
      expect(await ok('page.hide_highlight', {})).toMatchObject({ removed: 1 });
    });

    it('drops data and files onto an element that takes them, and only drags over one that does not', async () => {
      
      const file = { name: 'note.txt', mime_type: 'text/plain', data_base64: Buffer.from('file body').toString('base64') };
      const r = await ok('page.drop', { selector: '#zone', data: { 'text/plain': 'hello' }, files: [file] });
      expect(r).toMatchObject({ dropped: true, files: 1, types: expect.arrayContaining(['text/plain', 'Files']) });
      for (let i = 0; i < 20 && ((await evalJson('got.length')) as number) < 4; i++) await new Promise((res) => setTimeout(res, 50));
      expect(await evalJson('got')).toEqual(['dragenter', 'dragover', 'drop:hello:note.txt=text/plain', 'file:file body']);
            expect(await ok('page.drop', { selector: '#plain', data: { 'text/plain': 'x' } })).toMatchObject({ dropped: false });
      expect((await evalJson('got')) as string[]).toEqual(expect.arrayContaining(['plain:dragenter', 'plain:dragover', 'plain:dragleave']));
      expect((await evalJson('got')) as string[]).not.toContain('plain:drop');
    });

    it('refuses a drop onto a covered element, and nothing reaches it', async () => {
            expect(await fails('page.drop', { selector: '#under', data: { 'text/plain': 'x' } })).toMatchObject({ code: 'element_not_actionable', details: { code: 'obscured' } });
      expect(((await evalJson('got')) as string[]).filter((g) => g.startsWith('under:'))).toEqual([]);
    });
  });
}
