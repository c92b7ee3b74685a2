import { ERRORS, raise } from '.';

/**
 * The errors about sessions, pages and refs that core raises from several places, each a call of its
 * catalog entry (./catalog) with the message for this case.
 */

export const sessionNotFound = (sessionId: string, why?: string) =>
  why !== undefined
    ? raise(ERRORS.session_closed, `No open session ${JSON.stringify(sessionId)} (${why}).`, undefined)
    : raise(ERRORS.unknown_session, `No open session ${JSON.stringify(sessionId)}.`, undefined);

export const pageNotFound = (sessionId: string, pageId: string, why?: string) =>
  raise(why !== undefined ? ERRORS.page_closed : ERRORS.unknown_page, `No open page ${JSON.stringify(pageId)} in this session${why !== undefined ? ` (${why})` : ''}.`, { session_id: sessionId });

export const noPage = (sessionId: string) => raise(ERRORS.no_page, 'This session has no open page.', { session_id: sessionId });

export const staleRef = (sessionId: string, pageId: string, ref: string, why: string) =>
  raise(ERRORS.stale_ref, `Element ${ref} is no longer on the page (${why}).`, { session_id: sessionId, page_id: pageId }, { details: { element_ref: ref } });

export const unknownRef = (sessionId: string, pageId: string, ref: string) =>
  raise(ERRORS.unknown_ref, `Element ref ${JSON.stringify(ref)} was not issued by this session for this page.`, { session_id: sessionId, page_id: pageId }, { details: { element_ref: ref } });

export const revMismatch = (sessionId: string, pageId: string, asked: number, current: number) =>
  raise(ERRORS.rev_mismatch, `The page was re-snapshotted since rev ${asked} (now rev ${current}).`, { session_id: sessionId, page_id: pageId }, { details: { rev: current } });
