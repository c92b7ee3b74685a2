import type { Match } from '@browser-provider/page-script';
import type { MethodName } from '@browser-provider/protocol';
import type { FrameKey } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { revMismatch, staleRef, unknownRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { call, enterFrame, MAX_FRAME_DEPTH } from './frames';

export interface TargetParams {
  element_ref?: string | undefined;
  selector?: string | undefined;
  text_query?: string | undefined;
  rev?: number | undefined;
}

/** One element of one document, as actions address it. */
export interface Target {
  frame: FrameKey;
  doc: string;
  id: number;
  ref: string;
}

const MAX_CANDIDATES = 10;

/** The methods that address one element by ref, selector or text query. */
export type TargetMethod = Extract<MethodName, 'page.click' | 'page.type' | 'page.hover' | 'page.drag' | 'page.press' | 'page.select' | 'page.scroll' | 'upload.set_files' | 'page.screenshot' | 'page.highlight' | 'page.hide_highlight' | 'page.drop'>;

interface FoundMatch {
  frame: FrameKey;
  doc: string;
  match: Match;
}

/** Runs a selector or text query in every frame of the page, top first. */
async function queryFrames(page: PageHandle, q: { selector?: string; text?: string }, signal: AbortSignal): Promise<FoundMatch[]> {
  const found: FoundMatch[] = [];
  const visit = async (frame: FrameKey, depth: number): Promise<void> => {
    const r = await call(page, frame, 'query', [{ ...q, limit: MAX_CANDIDATES + 1 }], signal);
    if (!r.ok) {
      throw raise(ERRORS.syntax, `Invalid selector ${JSON.stringify(q.selector)}: ${r.message}`, undefined, { details: { selector: q.selector } });
    }
    for (const match of r.matches) found.push({ frame, doc: r.doc, match });
    if (depth >= MAX_FRAME_DEPTH || found.length > MAX_CANDIDATES) return;
    for (const iframeId of r.iframes) {
      const child = await enterFrame(page, frame, r.doc, iframeId, signal).catch(() => null);
      if (child !== null) await visit(child, depth + 1);
    }
  };
  await visit(page.backend.mainFrame, 0);
  return found;
}

/**
 * Turns a ref, selector or text query into one element. A ref is checked against the session's
 * registry (and `rev` in strict mode); a query must match exactly one element, else `ambiguous`
 * with candidates to choose from. The element's liveness is checked by the action itself.
 */
export async function resolveTarget(session: Session, page: PageHandle, method: TargetMethod, p: TargetParams, signal: AbortSignal): Promise<Target> {
  if (p.rev !== undefined && p.rev !== page.rev) throw revMismatch(session.id, page.id, p.rev, page.rev);
  if (p.element_ref !== undefined) {
    const ref = p.element_ref;
    const t = session.refs.resolve(ref);
    if (t === undefined) {
      if (session.refs.wasIssued(ref)) throw staleRef(session.id, page.id, ref, 'its document was replaced or its page closed');
      throw unknownRef(session.id, page.id, ref);
    }
    if (t.pageId !== page.id) {
      throw raise(ERRORS.wrong_page, `Element ${ref} belongs to page ${t.pageId}, not ${page.id}.`, { session_id: session.id, page_id: t.pageId, element_ref: ref }, { details: { element_ref: ref, page_id: t.pageId } });
    }
    return { frame: t.frame, doc: t.doc, id: t.id, ref };
  }
  const q = p.selector !== undefined ? { selector: p.selector } : { text: p.text_query ?? '' };
  const what = p.selector !== undefined ? `selector ${JSON.stringify(p.selector)}` : `text ${JSON.stringify(p.text_query)}`;
  let found = await queryFrames(page, q, signal);
  if (found.length > 1 && q.text !== undefined) {
    // A nameless container that happens to contain the words is no help to choose between.
    const named = found.filter((f) => f.match.name.trim() !== '' && f.match.role !== 'generic');
    if (named.length > 0) found = named;
    const wanted = q.text.trim().toLowerCase();
    const exact = found.filter((f) => f.match.name.trim().toLowerCase() === wanted);
    if (exact.length === 1) found = exact;
  }
  const mint = (f: FoundMatch) => session.refs.mint({ pageId: page.id, frame: f.frame, doc: f.doc, id: f.match.id });
  if (found.length === 0) {
    throw raise(ERRORS.no_match, `No element matches ${what}.`, { session_id: session.id, page_id: page.id });
  }
  if (found.length > 1) {
    const candidates = found.slice(0, MAX_CANDIDATES).map((f) => ({ element_ref: mint(f), role: f.match.role, name: f.match.name }));
    throw raise(
      ERRORS.ambiguous,
      `${found.length > MAX_CANDIDATES ? 'More than 10' : found.length} elements match ${what}; pick one by element_ref.`,
      { method, params: { ...p, session_id: session.id, page_id: page.id }, element_ref: candidates[0]?.element_ref },
      { details: { candidates } },
    );
  }
  const only = found[0] as FoundMatch;
  return { frame: only.frame, doc: only.doc, id: only.match.id, ref: mint(only) };
}
