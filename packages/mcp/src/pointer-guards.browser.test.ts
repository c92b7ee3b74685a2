import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { refOf, startClient, textOf } from './testing/servers';

/**
 * What issue 31's attack found in the pointer tools, on every installed engine: a fractional or tiny
 * point left for the wheel (engines want integers there), a wheel delta no engine takes, the viewport
 * guard on a page without a doctype (quirks mode, where the root element is as tall as the document),
 * and a highlight whose client style asks for pointer events.
 */

const ENGINES = [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
  ['safari', 'stdio'],
] as const;

// No doctype: quirks mode. The document is 3000px tall; the viewport is what the window shows.
const quirks = servePage(`<html><head><title>Quirks</title></head><body style="margin:0">
<div style="height:3000px">Tall</div>
<button id="low" style="position:fixed;left:0;bottom:0;width:200px;height:30px">Low</button>
<p id="size" style="position:fixed;left:300px;top:0;margin:0"></p>
<ul id="log" style="position:fixed;left:300px;top:40px;margin:0"></ul>
<script>
document.getElementById('size').textContent = document.compatMode + ' inner ' + innerWidth + 'x' + innerHeight;
document.getElementById('low').onclick = () => { const li = document.createElement('li'); li.textContent = 'low clicked'; document.getElementById('log').append(li); };
document.addEventListener('wheel', (e) => { const li = document.createElement('li'); li.textContent = 'wheel ' + e.deltaY; document.getElementById('log').append(li); });
</script></body></html>`);

const standard = servePage(`<!doctype html><title>Highlight</title>
<style>body{margin:0} #b{position:fixed;left:20px;top:20px;width:160px;height:60px}</style>
<button id="b">Count</button><p id="n" style="position:fixed;left:20px;top:120px">clicks 0</p>
<script>let n = 0; document.getElementById('b').onclick = () => { document.getElementById('n').textContent = 'clicks ' + (++n); };</script>`);

for (const [browser, transport] of ENGINES) {
  describeEngine(browser)(`pointer guards on ${browser} over ${transport}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      ({ client, stop } = await startClient(transport, ['--browser', browser, '--caps', 'vision,devtools']));
    });
    afterAll(async () => {
      await stop();
    });
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
    const ok = async (name: string, args: Record<string, unknown> = {}) => {
      const r = await call(name, args);
      expect(r.isError, textOf(r)).toBeFalsy();
      return textOf(r);
    };

    it('guards the viewport the window shows on a quirks-mode page, not the document height', async () => {
      const snap = await ok('browser_navigate', { url: `${quirks.origin()}/` });
      const m = /BackCompat inner (\d+)x(\d+)/.exec(snap);
      expect(m, snap).not.toBeNull();
      const innerHeight = Number(m?.[2]);
      expect(innerHeight).toBeLessThan(1500);
      // Below the window but inside the 3000px document: outside the viewport, refused by our guard with the window's size.
      const out = await call('browser_mouse_click_xy', { x: 50, y: innerHeight + 100 });
      expect(out.isError, textOf(out)).toBe(true);
      const said = /out_of_viewport.*outside the viewport, which is (\d+)×(\d+)/s.exec(textOf(out));
      expect(said, textOf(out)).not.toBeNull();
      const h = Number(said?.[2]);
      expect(h).toBeLessThanOrEqual(innerHeight);
      expect(h).toBeGreaterThan(innerHeight - 30);
      // The bottom row of the viewport is inside, and the fixed button there takes the click.
      expect(await ok('browser_mouse_click_xy', { x: 100, y: h - 10 })).toContain(`on <button> [${refOf(snap, 'Low')}]`);
      expect(await ok('browser_snapshot')).toContain('low clicked');
    });

    it('turns the wheel after a fractional or tiny point, and a fractional delta', async () => {
      await ok('browser_navigate', { url: `${quirks.origin()}/` });
      expect(await ok('browser_mouse_move_xy', { x: 40.5, y: 60.75 })).toMatch(/^Moved the mouse at \(40, 60\)/);
      if (browser === 'safari') return; // WebKitGTK's wheel is refused by name (vision.browser.test.ts).
      expect(await ok('browser_mouse_wheel', { deltaY: 100 })).toContain('at (40, 60)');
      await ok('browser_mouse_move_xy', { x: 1e-7, y: 5e-324 });
      expect(await ok('browser_mouse_wheel', { deltaY: 50.5 })).toContain('at (0, 0)');
      await expect.poll(async () => ok('browser_snapshot'), { timeout: 10_000 }).toMatch(/wheel \d+[\s\S]*wheel \d+/);
    });

    it('refuses a wheel delta no engine takes, naming the field, before anything is sent', async () => {
      await ok('browser_navigate', { url: `${quirks.origin()}/` });
      for (const args of [{ deltaY: 1e308 }, { deltaX: -200_000 }]) {
        const r = await call('browser_mouse_wheel', args);
        expect(r.isError).toBe(true);
        expect(textOf(r)).toMatch(new RegExp(`^Error invalid_request \\(invalid_params\\): browser_mouse_wheel: ${Object.keys(args)[0]}: Too (big|small)`));
      }
      expect(await ok('browser_snapshot')).not.toContain('wheel');
    });

    it('keeps a highlight from taking clicks whatever style the client gives it', async () => {
      const snap = await ok('browser_navigate', { url: `${standard.origin()}/` });
      const b = refOf(snap, 'Count');
      await ok('browser_highlight', { target: b, style: 'pointer-events: auto !important; background: rgba(255,0,0,.5) !important' });
      // A ref click checks what is at the point first: the outline must not cover the button.
      await ok('browser_click', { target: b });
      expect(await ok('browser_mouse_click_xy', { x: 100, y: 50 })).toContain(`on <button> [${b}]`);
      expect(await ok('browser_snapshot')).toContain('clicks 2');
      expect(await ok('browser_hide_highlight')).toBe('Removed 1 highlight.');
    });
  });
}
