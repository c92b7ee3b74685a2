import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import type { FrameKey } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';

/** Deepest iframe nesting we follow; deeper documents are left out and said to be. */
export const MAX_FRAME_DEPTH = 8;

export function call<K extends OpName>(page: PageHandle, frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>> {
  return page.backend.call(frame, op, args, signal);
}

/** Resolves the document shown by an iframe element and records how it was reached. */
export async function enterFrame(
  page: PageHandle,
  parent: FrameKey,
  parentDoc: string,
  iframeId: number,
  signal: AbortSignal,
): Promise<FrameKey | null> {
  const child = await page.backend.childFrame(parent, iframeId, signal);
  if (child !== null) page.frames.set(child, { parent, parentDoc, iframeId });
  return child;
}

export const frameDetached = (sessionId: string, pageId: string) =>
  raise(ERRORS.frame_detached, 'The frame that held this element is gone (detached or navigated).', { session_id: sessionId, page_id: pageId });

/**
 * Maps a point in `frame`'s viewport to the top-level viewport, checking in every ancestor that the
 * point lands on the iframe element (nothing covers it there). Returns the cover description otherwise.
 * `hitTest: false` only maps (a frame's offset, for a point given in top-level coordinates).
 */
export async function toTopPoint(
  page: PageHandle,
  sessionId: string,
  frame: FrameKey,
  point: { x: number; y: number },
  signal: AbortSignal,
  o: { hitTest?: boolean } = {},
): Promise<{ ok: true; point: { x: number; y: number } } | { ok: false; cover: string }> {
  let { x, y } = point;
  for (const link of page.ancestry(frame)) {
    const origin = await call(page, link.parent, 'frameOrigin', [link.parentDoc, link.iframeId], signal);
    if (origin === null) throw frameDetached(sessionId, page.id);
    x += origin.x;
    y += origin.y;
    if (o.hitTest === false) continue;
    const hit = await call(page, link.parent, 'hit', [link.parentDoc, link.iframeId, { x, y }], signal);
    if (!hit.ok) return { ok: false, cover: hit.cover };
  }
  return { ok: true, point: { x, y } };
}
