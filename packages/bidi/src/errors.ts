import type { ErrorCode, Repair } from '@browser-provider/protocol';
import { errorFromRule, ProviderError, w3cErrorRule } from '@browser-provider/core/toolkit';

/**
 * Where WebDriver BiDi failures become protocol errors. The W3C error codes are classified once, for
 * both protocols, in core (`W3C_ERROR_TABLE`); this table holds only what is BiDi's own: browsers that
 * report a distinct failure as a generic code with a telling message (tried first), and failures we
 * detect ourselves (`<connection_closed>`, …). The table is data so the docs can render it.
 */

export interface ErrorRule {
  /** BiDi error code, or a pseudo-code for failures we detect ourselves (`<connection_closed>`, …). */
  bidi: string;
  /** A regular expression (source) the error message must match. */
  messagePattern?: string;
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair?: Repair;
  /** Why this mapping, for the generated docs. */
  note: string;
}

const snapshot = (hint: string): Repair => ({ method: 'page.snapshot', params: {}, hint });
const ensure = (hint: string): Repair => ({ method: 'session.ensure', params: {}, hint });

export const BIDI_ERROR_TABLE: readonly ErrorRule[] = [
  // A clip that misses the document: Chrome 156 "… with zero dimensions: width=28, height=0", Firefox 153
  // "The dimensions of requested screenshot are incorrect, got width: 28 and height: 0".
  { bidi: 'unable to capture screen', messagePattern: 'zero dimensions|dimensions of requested screenshot are incorrect', code: 'invalid_request', detail: 'empty_clip', retryable: false, note: 'The clip rectangle does not overlap the document, so there is nothing to capture.' },
  // Chrome 156 (chromium-bidi): a script awaiting a promise when its document goes away; any command
  // (seen: browsingContext.reload) while the tab is between renderers ("Not attached to an active page").
  { bidi: 'unknown error', messagePattern: 'Inspected target navigated or closed|Execution context was destroyed|Cannot find context with specified id|Not attached to an active page', code: 'not_ready', detail: 'document_replaced', retryable: true, repair: snapshot('The page navigated while the operation ran; take a new snapshot and act on the new page.'), note: 'The document was replaced during the call, or the tab was between documents.' },
  // Chrome 156 reports a superseded navigation as `unknown error`; Firefox 153 as well, with another text.
  { bidi: 'unknown error', messagePattern: 'navigation canceled by concurrent navigation|navigation was aborted|NS_BINDING_ABORTED', code: 'not_ready', detail: 'navigation_superseded', retryable: true, repair: snapshot('Another navigation replaced this one; take a new snapshot to see where the page is.'), note: 'A newer navigation of the same tab won.' },
  // Network failures: Chrome 156 `net::ERR_*`, Firefox 153 `NS_ERROR_*` or `Error: <reason>` (e.g. deniedPortAccess).
  { bidi: 'unknown error', messagePattern: 'net::ERR_|NS_ERROR_|deniedPortAccess|dnsNotFound|connectionFailure|netTimeout|netReset|netOffline|malformedURI|unknownProtocolFound', code: 'invalid_request', detail: 'navigation_failed', retryable: false, note: 'The URL could not be loaded (DNS, refused connection, blocked port, bad scheme).' },
  { bidi: '<connection_closed>', code: 'browser_not_running', detail: 'connection_closed', retryable: true, repair: ensure('The connection to the browser was lost; call session.ensure to start it again.'), note: 'The BiDi WebSocket closed.' },
  { bidi: '<document_replaced>', code: 'not_ready', detail: 'document_replaced', retryable: true, repair: snapshot('The page navigated while the operation ran; take a new snapshot and act on the new page.'), note: 'Firefox 153 never answers a script awaiting a promise whose document went away; we detect the commit of a new document instead.' },
  { bidi: '<process_exited>', code: 'browser_not_running', detail: 'process_exited', retryable: true, repair: ensure('The browser process exited; call session.ensure to start it again.'), note: 'The launched browser process died.' },
];

const OWN = new Map(BIDI_ERROR_TABLE.filter((r) => !r.messagePattern).map((r) => [r.bidi, r]));
const PATTERNS = BIDI_ERROR_TABLE.filter((r) => r.messagePattern).map((r) => ({ rule: r, re: new RegExp(r.messagePattern!) }));

function fromRule(rule: ErrorRule, message: string, details?: Record<string, unknown>): ProviderError {
  return errorFromRule(rule, message, details ? { details } : {});
}

/** Translates a BiDi error reply to a command `method`: a browser's telling message first, then the W3C code. */
export function translateBidiError(reply: { error: string; message: string }, method: string): ProviderError {
  const text = reply.message ? `${method}: ${reply.error}: ${reply.message}` : `${method}: ${reply.error}`;
  const details = { bidi_error: reply.error };
  const quirk = PATTERNS.find((p) => p.rule.bidi === reply.error && p.re.test(reply.message))?.rule;
  if (quirk) return fromRule(quirk, text, details);
  return errorFromRule(w3cErrorRule('bidi', reply.error), text, { details });
}

export type GoneReason = 'connection_closed' | 'process_exited';

/** The error every pending and later command gets once the browser or its socket is gone. */
export function browserGone(reason: GoneReason): ProviderError {
  const rule = OWN.get(`<${reason}>`)!;
  const message =
    reason === 'process_exited' ? 'The browser process exited.' : 'The connection to the browser closed.';
  return fromRule(rule, message);
}

/** The page's document went away while a script call awaited it (see `<document_replaced>`). */
export function documentReplaced(): ProviderError {
  return fromRule(OWN.get('<document_replaced>')!, 'The document was replaced (navigation or frame removal) while the operation ran.');
}

/** Whether `e` is the BiDi error `code` after translation (e.g. to treat `no such frame` on close as done). */
export function isBidiError(e: unknown, bidi: string): boolean {
  return e instanceof ProviderError && e.details['bidi_error'] === bidi;
}
