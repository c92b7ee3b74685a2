import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { refOf, startClient, textOf } from './testing/servers';

/**
 * Video as a person checks it, on every engine: record a page while an action is called out and a
 * chapter card is shown, then open the file in a `<video>` of the same browser (served on loopback)
 * and watch it report a duration and play frames. ffprobe reads the file's brightness per frame: the
 * dimmed chapter card is in the video, and the white page around it too.
 */

const run = promisify(execFile);

/** Paths this test serves: pages as HTML, the recorded videos as they are made. */
const files = new Map<string, { type: string; body: string | Buffer }>();
let origin = '';
let http: Server;

beforeAll(async () => {
  http = createServer((req, res) => {
    const f = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (f === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': f.type, 'cache-control': 'no-store' }).end(f.body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

files.set('/', {
  type: 'text/html',
  body: `<!doctype html><title>Recorded</title><style>body{margin:0;background:#fff;font:20px sans-serif}</style>
<button id="go" style="margin:40px;padding:10px 20px">Press me</button><p id="out">not pressed</p>
<button id="count" style="margin:40px">Count overlays</button><p id="n">-</p>
<script>
go.onclick = () => { out.textContent = 'pressed ' + (+out.dataset.n || 0); out.dataset.n = (+out.dataset.n || 0) + 1; out.textContent = 'pressed ' + out.dataset.n; };
count.onclick = () => { n.textContent = 'overlays ' + document.querySelectorAll('[data-browser-provider-video]').length; };
</script>`,
});

/** A page that plays `src` muted and writes what its video element reports. */
const player = (src: string) => `<!doctype html><title>Player</title>
<video id="v" src="${src}" muted playsinline></video><p id="st">waiting</p>
<script>
const v = document.getElementById('v'), st = document.getElementById('st');
const report = (why) => {
  const q = v.getVideoPlaybackQuality ? v.getVideoPlaybackQuality().totalVideoFrames : -1;
  st.textContent = why + ' duration=' + (isFinite(v.duration) ? v.duration.toFixed(2) : String(v.duration)) + ' time=' + v.currentTime.toFixed(2) + ' frames=' + q + ' size=' + v.videoWidth + 'x' + v.videoHeight;
};
v.addEventListener('error', () => st.textContent = 'error ' + (v.error && v.error.code));
v.addEventListener('loadedmetadata', () => { report('meta'); v.play().catch((e) => st.textContent = 'play refused ' + e.name); });
v.addEventListener('timeupdate', () => { if (v.currentTime > 0.3) report('played'); });
v.addEventListener('ended', () => report('played ended'));
</script>`;

/** Per frame, the mean luma (0–255) ffmpeg's signalstats measures. */
async function lumaPerFrame(path: string): Promise<number[]> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', path, '-vf', 'signalstats,metadata=print:key=lavfi.signalstats.YAVG', '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 });
  return [...stderr.matchAll(/YAVG=([\d.]+)/g)].map((m) => Number(m[1]));
}

/** Where each engine's frames come from (describe's video_capture). */
const CAPTURE = { firefox: 'screenshots', chrome: 'screencast', safari: 'screenshots' } as const;

for (const browser of ['firefox', 'chrome', 'safari'] as const) {
  describeEngine(browser)(`mcp video on ${browser}`, () => {
    let client: Client;
    let stop: () => Promise<unknown>;
    const out = mkdtempSync(join(tmpdir(), 'bp-video-test-'));
    beforeAll(async () => {
      ({ client, stop } = await startClient('stdio', ['--browser', browser, '--caps', 'devtools,config', '--output-dir', out]));
    });
    afterAll(async () => {
      await stop();
      rmSync(out, { recursive: true, force: true });
    });
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
    const ok = async (name: string, args: Record<string, unknown> = {}) => {
      const r = await call(name, args);
      expect(r.isError, textOf(r)).toBeFalsy();
      return r;
    };
    /** Polls the page's outline until `re` matches (a person waiting for the page to say it). */
    const waitText = async (re: RegExp, ms = 20_000) => {
      const until = Date.now() + ms;
      for (;;) {
        const t = textOf(await ok('browser_snapshot'));
        if (re.test(t) || Date.now() > until) return t;
        await new Promise((r) => setTimeout(r, 150));
      }
    };

    it('says in browser_get_config where the video takes its frames from', async () => {
      const config = (await ok('browser_get_config')).structuredContent as { engines: Array<{ family: string; videoCapture?: string }> };
      expect(config.engines.find((e) => e.family === browser)?.videoCapture).toBe(CAPTURE[browser]);
    });

    it('records a video with an action callout and a chapter card that the browser then plays', async () => {
      const snap = textOf(await ok('browser_navigate', { url: `${origin}/` }));
      const started = await ok('browser_start_video', { filename: `rec-${browser}.webm`, fps: 10, size: { width: 400, height: 300 } });
      expect(textOf(started)).toContain(`400×300 at 10 fps from ${CAPTURE[browser]}`);
      await ok('browser_video_show_actions', { duration: 400 });
      await ok('browser_click', { target: refOf(snap, 'Press me'), element: 'Press me' });
      // The card covers the page and takes no input: a click on the button beneath it still lands.
      const chapter = call('browser_video_chapter', { title: 'Second press', description: 'under the card', duration: 1_500 });
      await new Promise((r) => setTimeout(r, 300));
      await ok('browser_click', { target: refOf(snap, 'Press me'), element: 'Press me' });
      expect((await chapter).isError).toBeFalsy();
      expect(await waitText(/pressed 2/)).toContain('pressed 2');
      const saved = await ok('browser_stop_video');
      const s = saved.structuredContent as { files: string[]; frames: number; captures: number; durationMs: number; width: number; screencastFrames?: number };
      // Chromium paints through its screencast: frames arrived from it, not only the first screenshot.
      if (CAPTURE[browser] === 'screencast') expect(s.screencastFrames).toBeGreaterThan(1);
      else expect(s.screencastFrames).toBeUndefined();
      expect(s.width).toBe(400);
      expect(s.captures).toBeGreaterThan(3);
      expect(s.durationMs).toBeGreaterThan(1_500);
      const path = s.files[0] as string;
      expect(path).toMatch(new RegExp(`rec-${browser}\\.webm$`));

      // Every card and callout left the page with the recording.
      await ok('browser_click', { target: refOf(snap, 'Count overlays'), element: 'Count overlays' });
      expect(await waitText(/overlays \d/)).toContain('overlays 0');

      // The chapter card (a dimmed page) is in the video, and so is the white page around it.
      const luma = await lumaPerFrame(path);
      expect(luma.length).toBe(s.frames);
      expect(Math.max(...luma)).toBeGreaterThan(200);
      expect(Math.min(...luma), luma.map(Math.round).join(" ")).toBeLessThan(190);

      // The browser plays it: a duration, a playing clock, decoded frames.
      files.set(`/rec-${browser}.webm`, { type: 'video/webm', body: readFileSync(path) });
      files.set('/player', { type: 'text/html', body: player(`/rec-${browser}.webm`) });
      await ok('browser_navigate', { url: `${origin}/player` });
      const st = await waitText(/played|error|refused/);
      const m = /played(?: ended)? duration=([\d.]+) time=([\d.]+) frames=(-?\d+) size=(\d+)x(\d+)/.exec(st);
      expect(m, st).not.toBeNull();
      const [, duration, time, frames, w] = m as unknown as string[];
      expect(Number(duration)).toBeGreaterThan(1);
      expect(Number(time)).toBeGreaterThan(0.3);
      expect(Number(frames)).toBeGreaterThan(0);
      expect(Number(w)).toBe(400);
    });
  });
}
