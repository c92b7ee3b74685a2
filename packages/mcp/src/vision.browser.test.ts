import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { refOf, startClient, textOf } from './testing/servers';

/**
 * `--caps vision` (page.mouse beneath it) as the SDK client sees it, on every installed engine: one
 * server and one page load per engine, the transport alternating so both carry the tools. The page
 * logs what its pad receives (event, button, buttons held, client coordinates), so each tool is shown
 * to act where it was told, and a button pressed in one call is shown held in the next.
 */

const ENGINES = [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
  ['safari', 'stdio'],
] as const;

// Fixed boxes, so a point means the same element on every engine and at every scroll position.
const page = servePage(`<!doctype html><title>Vision</title>
<style>body{margin:0;height:3000px} #pad{position:fixed;left:0;top:0;width:300px;height:150px;background:#eee}
#go{position:fixed;left:320px;top:10px;width:100px;height:40px} #r{position:fixed;left:20px;top:200px;width:200px;margin:0}
#log{position:fixed;left:320px;top:60px;margin:0}</style>
<div id="pad"></div><button id="go">Press me</button>
<input id="r" type="range" min="0" max="100" value="0" aria-label="Level">
<ul id="log"><li id="move">no move</li><li id="level">level 0</li><li id="scrolled">scrolled 0</li></ul>
<script>
const pad = document.getElementById('pad'), log = document.getElementById('log');
const at = (e) => e.button + '/' + e.buttons + ' @' + e.clientX + ',' + e.clientY;
for (const t of ['mousedown', 'mouseup', 'click', 'contextmenu']) pad.addEventListener(t, (e) => { const li = document.createElement('li'); li.textContent = t + ' ' + at(e); log.append(li); e.preventDefault(); });
pad.addEventListener('mousemove', (e) => document.getElementById('move').textContent = 'move ' + at(e));
document.addEventListener('wheel', (e) => { const li = document.createElement('li'); li.textContent = 'wheel ' + e.deltaX + ',' + e.deltaY; log.append(li); });
document.getElementById('go').onclick = () => { const li = document.createElement('li'); li.textContent = 'pressed'; log.append(li); };
document.getElementById('r').oninput = (e) => document.getElementById('level').textContent = 'level ' + e.target.value;
onscroll = () => document.getElementById('scrolled').textContent = 'scrolled ' + (scrollY > 0 ? 'down' : '0');
</script>`);

for (const [browser, transport] of ENGINES) {
  describeEngine(browser)(`mcp --caps vision on ${browser} over ${transport}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    let snap = '';
    beforeAll(async () => {
      ({ client, stop } = await startClient(transport, ['--browser', browser, '--caps', 'vision']));
      snap = textOf(await client.callTool({ name: 'browser_navigate', arguments: { url: `${page.origin()}/` } }));
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
    const pageText = async () => textOf(await call('browser_snapshot'));

    it('clicks at a point, names the element there by its ref, and logs the coordinates it was given', async () => {
      const on = await ok('browser_mouse_click_xy', { x: 370, y: 30 });
      expect(on).toContain(`on <button> [${refOf(snap, 'Press me')}]`);
      await ok('browser_mouse_click_xy', { x: 40, y: 60 });
      const text = await pageText();
      expect(text).toContain('pressed');
      expect(text).toContain('mousedown 0/1 @40,60');
      expect(text).toContain('click 0/0 @40,60');
    });

    it('logs nothing on the pad for a click beside it: the coordinates decide', async () => {
      await ok('browser_mouse_click_xy', { x: 310, y: 140 });
      expect(await pageText()).not.toContain('@310,140');
    });

    it('keeps a button pressed from down to up across calls, and moves there with it held', async () => {
      await ok('browser_mouse_move_xy', { x: 50, y: 50 });
      expect(await ok('browser_mouse_down')).toContain('Held down: left');
      await ok('browser_mouse_move_xy', { x: 200, y: 100 });
      expect(await ok('browser_mouse_up')).not.toContain('Held down');
      const text = await pageText();
      expect(text).toContain('mousedown 0/1 @50,50');
      // buttons 1 on the move of a later call: the press was still held.
      expect(text).toContain('move 0/1 @200,100');
      expect(text).toContain('mouseup 0/0 @200,100');
    });

    it('drags a native range slider, and turns the wheel over the page where the engine does it faithfully', async () => {
      await ok('browser_mouse_drag_xy', { startX: 22, startY: 208, endX: 218, endY: 208 });
      const level = /level (\d+)/.exec(await pageText());
      expect(Number(level?.[1])).toBeGreaterThan(80);
      if (browser === 'safari') {
        // WebKitGTK 2.50 turns a wheel action of 400 into +400 then -400 (see its quirks): refused by name.
        const wheel = await call('browser_mouse_wheel', { deltaY: 400 });
        expect(wheel.isError).toBe(true);
        expect(textOf(wheel)).toContain('action "wheel" is not offered by safari');
        return;
      }
      expect(await ok('browser_mouse_wheel', { deltaY: 400 })).toContain('Turned the wheel by (0, 400)');
      await expect.poll(async () => pageText(), { timeout: 10_000 }).toContain('scrolled down');
      expect(await pageText()).toMatch(/wheel 0,\d+/);
    });

    it('refuses a point outside the viewport, and presses the right button only where the engine does it faithfully', async () => {
      const out = await call('browser_mouse_click_xy', { x: 5000, y: 40 });
      expect(out.isError).toBe(true);
      expect(textOf(out)).toMatch(/out_of_viewport.*outside the viewport, which is \d+×\d+/s);
      const right = await call('browser_mouse_click_xy', { x: 60, y: 70, button: 'right' });
      if (browser === 'safari') {
        expect(right.isError).toBe(true);
        expect(textOf(right)).toContain('unsupported_option');
        expect(textOf(right)).toContain('button "right"');
      } else {
        expect(right.isError, textOf(right)).toBeFalsy();
        expect(await pageText()).toMatch(/contextmenu 2\/\d @60,70/);
      }
    });
  });
}

describe('mcp without --caps vision', () => {
  it('refuses the vision tools by name, with the flag that offers them', async () => {
    const { client, stop } = await startClient('stdio', ['--browser', 'chrome']);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names.filter((n) => n.startsWith('browser_mouse_'))).toEqual([]);
      const off = await client.callTool({ name: 'browser_mouse_click_xy', arguments: { x: 1, y: 1 } });
      expect(off.isError).toBe(true);
      expect(textOf(off)).toMatch(/^Error unsupported_method \(capability_off\): browser_mouse_click_xy is in the opt-in group "vision": start the server with --caps vision/);
    } finally {
      await stop();
    }
  });
});
