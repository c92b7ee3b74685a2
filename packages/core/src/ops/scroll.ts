import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { staleRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { call } from './frames';
import { resolveTarget } from './targets';

/**
 * `page.scroll` through the page script, so it is the same on every engine: the page (no target) or
 * an element's own scroll box by a delta, or an element into view (the default when a target is
 * given without a delta). Into view also scrolls each ancestor frame's <iframe> into view, so an
 * element inside a frame ends up in the top-level viewport.
 */
export async function scrollPage(session: Session, page: PageHandle, p: ParamsOf<'page.scroll'>, signal: AbortSignal): Promise<ResultOf<'page.scroll'>> {
  const named = [p.element_ref, p.selector, p.text_query].filter((v) => v !== undefined).length;
  if (named > 1) {
    throw raise(ERRORS.invalid_params, 'page.scroll: at most one of element_ref, selector, text_query', undefined, { details: { field: 'element_ref' } });
  }
  const hasDelta = p.delta_x !== undefined || p.delta_y !== undefined;
  const dx = p.delta_x ?? 0;
  const dy = p.delta_y ?? 0;
  if (named === 0) {
    if (p.into_view) {
      throw raise(ERRORS.invalid_params, 'page.scroll: into_view needs an element (element_ref, selector or text_query)', undefined, { details: { field: 'into_view' } });
    }
    if (!hasDelta) {
      throw raise(ERRORS.invalid_params, 'page.scroll: give delta_x/delta_y, or an element to scroll into view', undefined, { details: { field: 'delta_y' } });
    }
    const r = await call(page, page.backend.mainFrame, 'scroll', [null, null, { dx, dy, intoView: false }], signal);
    if (!r.ok) throw raise(ERRORS.page_script_error, `page.scroll failed: ${r.message}`, undefined);
    return { page_id: page.id, scroll_x: r.scrollX, scroll_y: r.scrollY };
  }
  const target = await resolveTarget(session, page, 'page.scroll', p, signal);
  const intoView = p.into_view ?? !hasDelta;
  const r = await call(page, target.frame, 'scroll', [target.doc, target.id, { dx, dy, intoView }], signal);
  if (!r.ok) throw staleRef(session.id, page.id, target.ref, 'it was removed from the page');
  if (!intoView) return { page_id: page.id, scroll_x: r.scrollX, scroll_y: r.scrollY };
  // Innermost frame first: each ancestor then brings the frame that holds the element into its view.
  for (const link of page.ancestry(target.frame)) {
    await call(page, link.parent, 'scroll', [link.parentDoc, link.iframeId, { dx: 0, dy: 0, intoView: true }], signal);
  }
  const m = await call(page, page.backend.mainFrame, 'metrics', [], signal);
  return { page_id: page.id, scroll_x: m.scrollX, scroll_y: m.scrollY };
}
