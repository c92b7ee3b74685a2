import { jpegSize, pngSize, SCREENSHOT_MEDIA_TYPES, type ParamsOf, type ResultOf, type ScreenshotFormat } from '@browser-provider/protocol';
import type { Rect } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { staleRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { call, frameDetached } from './frames';
import { resolveTarget } from './targets';

/** The element's border box in top-level document coordinates (frames' offsets added). */
async function elementClip(session: Session, page: PageHandle, by: { element_ref: string } | { selector: string }, signal: AbortSignal): Promise<Rect> {
  const target = await resolveTarget(session, page, 'page.screenshot', by, signal);
  const ref = target.ref;
  // Bring it into view first so lazily rendered content is painted.
  await call(page, target.frame, 'prepare', [target.doc, target.id, 'hover'], signal).catch(() => null);
  const rect = await call(page, target.frame, 'rect', [target.doc, target.id], signal);
  if (rect === null) throw staleRef(session.id, page.id, ref, 'it was removed from the page');
  let { x, y } = rect;
  for (const link of page.ancestry(target.frame)) {
    const origin = await call(page, link.parent, 'frameOrigin', [link.parentDoc, link.iframeId], signal);
    if (origin === null) throw frameDetached(session.id, page.id);
    x += origin.x;
    y += origin.y;
  }
  const m = await call(page, page.backend.mainFrame, 'metrics', [], signal);
  return { x: x + m.scrollX, y: y + m.scrollY, width: Math.max(1, rect.width), height: Math.max(1, rect.height) };
}

/** `format` comes from screenshotFormat (./method-options): the session's engine captures it. */
export async function screenshot(session: Session, page: PageHandle, p: ParamsOf<'page.screenshot'>, format: ScreenshotFormat, signal: AbortSignal): Promise<ResultOf<'page.screenshot'>> {
  let clip: Rect | undefined = p.clip;
  if (p.element_ref !== undefined) clip = await elementClip(session, page, { element_ref: p.element_ref }, signal);
  else if (p.selector !== undefined) clip = await elementClip(session, page, { selector: p.selector }, signal);
  const shot = await page.backend.screenshot(
    { ...(p.full_page ? { fullPage: true } : {}), ...(clip ? { clip } : {}), ...(format !== 'png' ? { format } : {}), ...(p.quality !== undefined ? { quality: p.quality } : {}) },
    signal,
  );
  if (p.scale === 'css') await checkCssScale(page, shot.data, format, clip?.width ?? (p.full_page ? undefined : 'viewport'), signal);
  return { page_id: page.id, image: shot.data, media_type: SCREENSHOT_MEDIA_TYPES[format], width: shot.width, height: shot.height };
}

/**
 * `scale: "css"`: the image must have one pixel per CSS pixel. Engines capture device pixels and
 * nothing here resamples, so the capture is measured (its pixel width against the CSS width of what
 * it shows) and refused when the two differ, never answered as if scaled.
 */
async function checkCssScale(page: PageHandle, data: string, format: ScreenshotFormat, cssWidth: number | 'viewport' | undefined, signal: AbortSignal): Promise<void> {
  const m = await call(page, page.backend.mainFrame, 'metrics', [], signal);
  const css = typeof cssWidth === 'number' ? cssWidth : cssWidth === 'viewport' ? m.viewportWidth : m.documentWidth;
  const px = (format === 'jpeg' ? jpegSize(data) : pngSize(data)).width;
  // Rounding and scrollbars move the ratio by a few per cent; a device pixel ratio other than 1 by 25 % or more.
  if (css > 0 && Math.abs(px / css - 1) > 0.1) {
    throw raise(ERRORS.css_scale, `page.screenshot scale "css": this page's device pixel ratio is ${m.devicePixelRatio}, the engine captured ${px} pixels for ${Math.round(css)} CSS pixels, and nothing here resamples an image.`, undefined, {
      details: { device_pixel_ratio: m.devicePixelRatio },
    });
  }
}
