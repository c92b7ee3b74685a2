import type { DriverClient } from './client';
import type { Rect, Screenshot } from '@browser-provider/core/backend';
import { pngSize } from '@browser-provider/protocol';
import { blankImage, blit, crop, decodePng, encodePng, type RgbaImage } from './png';

/**
 * Screenshots over classic WebDriver. Take Screenshot (§19.1) captures only the top-level viewport,
 * so a clip is cropped from a viewport capture, and a region larger than the viewport (a full page,
 * a tall clip) is STITCHED: the page is scrolled tile by tile, each viewport is captured and pasted
 * into one image, and the scroll position is restored. Stitching is honest about what it is: fixed
 * and sticky elements appear once per tile, and content that changes while scrolling (lazy images,
 * scroll-driven effects) shows each tile's moment. All sizes in the result are CSS pixels; the PNG
 * itself has device pixels (`devicePixelRatio` × CSS).
 */

/** Largest stitched region, in CSS pixels per side: beyond this the capture is cut (memory bound). */
export const MAX_STITCH_CSS_PX = 16_384;

interface View {
  sx: number;
  sy: number;
  vw: number;
  vh: number;
  dw: number;
  dh: number;
}

const READ_VIEW = `const d = document.documentElement, b = document.body;
return { sx: scrollX, sy: scrollY, vw: innerWidth, vh: innerHeight,
  dw: Math.max(d.scrollWidth, b ? b.scrollWidth : 0, innerWidth),
  dh: Math.max(d.scrollHeight, b ? b.scrollHeight : 0, innerHeight) };`;

/** Scrolls instantly (overriding CSS smooth scrolling) and waits two frames so the tile is painted. */
const SCROLL_TO = `window.scrollTo({ left: arguments[0], top: arguments[1], behavior: 'instant' });
return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
  resolve({ sx: scrollX, sy: scrollY }))));`;

async function viewport(client: DriverClient): Promise<RgbaImage> {
  return decodePng(Buffer.from(await client.takeScreenshot(), 'base64'));
}

function result(img: RgbaImage, scale: number): Screenshot {
  return {
    data: encodePng(img).toString('base64'),
    width: Math.round(img.width / scale),
    height: Math.round(img.height / scale),
  };
}

export async function captureScreenshot(
  client: DriverClient,
  opts: { fullPage?: boolean; clip?: Rect },
  signal: AbortSignal,
): Promise<Screenshot> {
  const view = (await client.executeScript(READ_VIEW, [])) as View;
  if (!opts.fullPage && !opts.clip) {
    const raw = await client.takeScreenshot();
    // The header gives the size: no need to decode the viewport case.
    const size = pngSize(raw);
    const scale = size.width / view.vw || 1;
    return { data: raw, width: Math.round(size.width / scale), height: Math.round(size.height / scale) };
  }
  const region: Rect = opts.clip ?? { x: 0, y: 0, width: view.dw, height: view.dh };
  const r = {
    x: Math.floor(region.x),
    y: Math.floor(region.y),
    width: Math.min(MAX_STITCH_CSS_PX, Math.ceil(region.width)),
    height: Math.min(MAX_STITCH_CSS_PX, Math.ceil(region.height)),
  };
  const inView = r.x >= view.sx && r.y >= view.sy && r.x + r.width <= view.sx + view.vw && r.y + r.height <= view.sy + view.vh;
  if (inView) {
    const img = await viewport(client);
    const scale = img.width / view.vw || 1;
    return result(crop(img, (r.x - view.sx) * scale, (r.y - view.sy) * scale, r.width * scale, r.height * scale), scale);
  }
  let out: RgbaImage | undefined;
  let scale = 1;
  try {
    for (let ty = r.y; ty < r.y + r.height; ty += view.vh) {
      for (let tx = r.x; tx < r.x + r.width; tx += view.vw) {
        signal.throwIfAborted();
        const at = (await client.executeScript(SCROLL_TO, [tx, ty])) as { sx: number; sy: number };
        const tile = await viewport(client);
        if (!out) {
          scale = tile.width / view.vw || 1;
          out = blankImage(Math.round(r.width * scale), Math.round(r.height * scale));
        }
        // The browser clamps scrolling at the document's end: paste the tile where it really is.
        blit(tile, 0, 0, tile.width, tile.height, out, Math.round((at.sx - r.x) * scale), Math.round((at.sy - r.y) * scale));
      }
    }
  } finally {
    await client.executeScript(SCROLL_TO, [view.sx, view.sy]);
  }
  return result(out ?? blankImage(1, 1), scale);
}
