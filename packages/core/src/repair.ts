import { ProviderError } from './errors';

/**
 * Constructors for the errors core raises itself, each with the repair an agent should try.
 * Backends translate driver errors in their own modules; these are the browser-agnostic ones.
 */

export const sessionNotFound = (sessionId: string, why?: string) =>
  new ProviderError('session_not_found', `No open session ${JSON.stringify(sessionId)}${why ? ` (${why})` : ''}.`, {
    detail: why ? 'session_closed' : 'unknown_session',
    repair: { method: 'session.ensure', params: {}, hint: 'Create a session with session.ensure and use its session_id.' },
  });

export const pageNotFound = (sessionId: string, pageId: string, why?: string) =>
  new ProviderError('page_not_found', `No open page ${JSON.stringify(pageId)} in this session${why ? ` (${why})` : ''}.`, {
    detail: why ? 'page_closed' : 'unknown_page',
    repair: { method: 'tab.list', params: { session_id: sessionId }, hint: "List the session's pages and use one of their page_ids." },
  });

export const noPage = (sessionId: string) =>
  new ProviderError('page_not_found', 'This session has no open page.', {
    detail: 'no_page',
    repair: { method: 'page.open', params: { session_id: sessionId, url: 'about:blank', new_page: true }, hint: 'Open a page first.' },
  });

export const staleRef = (sessionId: string, pageId: string, ref: string, why: string) =>
  new ProviderError('element_not_found', `Element ${ref} is no longer on the page (${why}).`, {
    detail: 'stale_ref',
    retryable: false,
    details: { element_ref: ref },
    repair: {
      method: 'page.snapshot',
      params: { session_id: sessionId, page_id: pageId },
      hint: 'Take a new snapshot and use a ref from it.',
    },
  });

export const unknownRef = (sessionId: string, pageId: string, ref: string) =>
  new ProviderError('element_not_found', `Element ref ${JSON.stringify(ref)} was not issued by this session for this page.`, {
    detail: 'unknown_ref',
    details: { element_ref: ref },
    repair: {
      method: 'page.snapshot',
      params: { session_id: sessionId, page_id: pageId },
      hint: 'Refs come from page.snapshot of the same page; take one and use a ref from it.',
    },
  });

export const revMismatch = (sessionId: string, pageId: string, asked: number, current: number) =>
  new ProviderError('element_not_found', `The page was re-snapshotted since rev ${asked} (now rev ${current}).`, {
    detail: 'rev_mismatch',
    details: { rev: current },
    repair: { method: 'page.snapshot', params: { session_id: sessionId, page_id: pageId }, hint: 'Take a new snapshot and act on its refs.' },
  });
