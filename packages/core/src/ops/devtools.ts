import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DropPayload } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import { staleRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { actionPoint } from './actionability';
import { call } from './frames';
import { resolveTarget } from './targets';
import { allowedPath } from '../toolkit/paths';

/**
 * `page.highlight`, `page.hide_highlight` and `page.drop`: what the provider does in the page itself
 * (the page script draws the outline and makes the drag events), so every engine has them alike.
 */

/** Bytes a drop carries into the page: they travel as one script argument, base64. */
export const MAX_DROP_BYTES = 10 * 1024 * 1024;

export async function highlight(session: Session, page: PageHandle, p: ParamsOf<'page.highlight'>, signal: AbortSignal): Promise<ResultOf<'page.highlight'>> {
  const target = await resolveTarget(session, page, 'page.highlight', p, signal);
  const drawn = await call(page, target.frame, 'highlight', [target.doc, target.id, p.style ?? null], signal);
  if (!drawn) throw staleRef(session.id, page.id, target.ref, 'it was removed from the page');
  return { page_id: page.id, highlighted: true };
}

export async function hideHighlight(session: Session, page: PageHandle, p: ParamsOf<'page.hide_highlight'>, signal: AbortSignal): Promise<ResultOf<'page.hide_highlight'>> {
  if (p.element_ref === undefined && p.selector === undefined && p.text_query === undefined) {
    // Every outline of the page: the top document's and each known frame's.
    let removed = 0;
    for (const frame of [page.backend.mainFrame, ...page.frames.keys()]) removed += await call(page, frame, 'hideHighlight', [null, null], signal).catch(() => 0);
    return { page_id: page.id, removed };
  }
  const target = await resolveTarget(session, page, 'page.hide_highlight', p, signal);
  return { page_id: page.id, removed: await call(page, target.frame, 'hideHighlight', [target.doc, target.id], signal) };
}

export async function drop(provider: Provider, session: Session, page: PageHandle, p: ParamsOf<'page.drop'>, signal: AbortSignal): Promise<ResultOf<'page.drop'>> {
  const payload = await dropPayload(provider, p);
  const target = await resolveTarget(session, page, 'page.drop', p, signal);
  // The drop target gets a hover's checks (attached, visible, stable, the hit-test at its point lands
  // on it): nothing is dispatched when one fails.
  const point = await actionPoint(session, page, target, 'hover', signal);
  const r = await call(page, target.frame, 'drop', [target.doc, target.id, payload], signal);
  if (!r.ok) throw staleRef(session.id, page.id, target.ref, 'it was removed from the page');
  return { page_id: page.id, dropped: r.dropped, point, files: r.files, types: r.types };
}

/** The files (read from under --upload-root, or inline) and data of a drop, checked before anything is dispatched. */
async function dropPayload(provider: Provider, p: ParamsOf<'page.drop'>): Promise<DropPayload> {
  const roots = provider.options.uploadRoots ?? [];
  let bytes = 0;
  const files: DropPayload['files'] = [];
  for (const [i, f] of (p.files ?? []).entries()) {
    const file =
      'path' in f
        ? { name: basename(f.path), type: '', base64: (await readFile(allowedPath(roots, f.path, `files.${i}.path`, { method: 'page.drop' }))).toString('base64') }
        : { name: f.name, type: f.mime_type ?? '', base64: f.data_base64.replace(/\s+/g, '') };
    bytes += Math.floor((file.base64.length * 3) / 4);
    if (bytes > MAX_DROP_BYTES) {
      throw raise(ERRORS.payload_too_large, `files: more than ${MAX_DROP_BYTES} bytes in one drop`, undefined, { details: { field: 'files', limit_bytes: MAX_DROP_BYTES } });
    }
    files.push(file);
  }
  return { files, data: p.data ?? {} };
}
