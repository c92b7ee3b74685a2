import { Dispatcher, Provider } from '@browser-provider/core';
import { jpegSize, pngSize, type ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * `page.screenshot` `format: "jpeg"` and `scale`: a real JPEG (its SOI marker and frame header) of the same size
 * as the PNG, where BiDi captures one; classic WebDriver (WebKitGTK) captures PNG only, so there it is
 * refused by name and describe does not list it.
 */

const site = servePage(`<!doctype html><title>Shot</title><body style="margin:0;background:linear-gradient(90deg,#c00,#00c)"><h1>Shot</h1>
${Array.from({ length: 40 }, (_, i) => `<p style="color:hsl(${i * 9},80%,40%)">line ${i} of noisy text to give the encoder something to do</p>`).join('')}`);

const JPEG_ENGINES = new Set(['firefox', 'chrome']);

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`page.screenshot format on ${browser}`, () => {
    it(JPEG_ENGINES.has(browser) ? 'captures a JPEG of the PNG’s size, smaller at a lower quality' : 'refuses JPEG by name, and describe lists PNG only', async () => {
      // allowDebug: bidi.send sets a device pixel ratio of 2 below, which no normalized method does.
      const d = new Dispatcher(new Provider({ backend, log: () => undefined, allowDebug: true }));
      let n = 0;
      const call = (method: string, params: Record<string, unknown>): Promise<ResponseEnvelope> => d.handle({ protocol_version: '0.1', id: `s${++n}`, method, params: { timeout_ms: 60_000, ...params } });
      const ok = async (method: string, params: Record<string, unknown>) => {
        const env = await call(method, params);
        if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
        return env.result as Record<string, any>;
      };
      try {
        const { session_id } = await ok('session.ensure', {});
        await ok('page.open', { session_id, url: `${site.origin()}/` });
        const described = (await ok('provider.describe', {})).capabilities.method_options['page.screenshot'];
        const png = await ok('page.screenshot', { session_id });
        expect(png.media_type).toBe('image/png');
        expect(pngSize(png.image)).toEqual({ width: png.width, height: png.height });
        if (JPEG_ENGINES.has(browser)) {
          expect(described).toEqual({ format: ['png', 'jpeg'] });
          const high = await ok('page.screenshot', { session_id, format: 'jpeg', quality: 95 });
          const low = await ok('page.screenshot', { session_id, format: 'jpeg', quality: 5 });
          for (const shot of [high, low]) {
            expect(shot.media_type).toBe('image/jpeg');
            expect(Buffer.from(shot.image, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
            expect(jpegSize(shot.image)).toEqual({ width: png.width, height: png.height });
          }
          expect(low.image.length).toBeLessThan(high.image.length);
          // scale: at device pixel ratio 1 "css" and "device" are the same image; at 2, "css" is refused by name, never resampled.
          expect(pngSize((await ok('page.screenshot', { session_id, scale: 'css' })).image).width).toBe(png.width);
          const tree = (await ok('bidi.send', { session_id, method: 'browsingContext.getTree', params: {} })).result as { contexts: Array<{ context: string; url: string }> };
          const context = tree.contexts.find((c) => c.url.startsWith(site.origin()))?.context;
          await ok('bidi.send', { session_id, method: 'browsingContext.setViewport', params: { context, devicePixelRatio: 2 } });
          const device = await ok('page.screenshot', { session_id, scale: 'device' });
          expect(pngSize(device.image).width).toBe(png.width * 2);
          const css = await call('page.screenshot', { session_id, scale: 'css' });
          expect(css.ok ? 'ok' : css.error).toMatchObject({ code: 'unsupported_target', details: { code: 'css_scale', device_pixel_ratio: 2, repair: { method: 'page.screenshot', params: { scale: 'device' } } } });
        } else {
          expect(described).toEqual({ format: ['png'] });
          const refused = await call('page.screenshot', { session_id, format: 'jpeg' });
          expect(refused.ok ? 'ok' : refused.error).toMatchObject({ code: 'unsupported_target', details: { code: 'unsupported_option', field: 'format', value: 'jpeg' } });
        }
      } finally {
        await backend.shutdown();
      }
    });
  });
}
