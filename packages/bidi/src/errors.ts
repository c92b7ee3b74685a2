import type { ErrorCode, Repair } from '@browser-provider/protocol';
import { ProviderError } from '@browser-provider/core';

/**
 * The one place where WebDriver BiDi failures become protocol errors. Every BiDi error code
 * (https://w3c.github.io/webdriver-bidi/#errors), a closed socket and an exited browser map to exactly
 * one top-level code plus a finer `details.code`. `retryable` is true only when sending the same call
 * again can succeed without the agent changing anything. Repairs name a normalized method; core fills
 * in `session_id` / `page_id`, so `params` stay empty here.
 *
 * The table is data so the docs can render it (`BIDI_ERROR_TABLE`).
 */

export interface ErrorRule {
  /** BiDi error code, or a pseudo-code for failures we detect ourselves (`<connection_closed>`, …). */
  bidi: string;
  /**
   * A regular expression (source) the error message must match. Browsers report some distinct
   * failures only as `unknown error` with a telling message; rules with a pattern are tried first.
   */
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
const status = (hint: string): Repair => ({ method: 'provider.status', params: {}, hint });

export const BIDI_ERROR_TABLE: readonly ErrorRule[] = [
  { bidi: 'no such frame', code: 'page_not_found', detail: 'frame_detached', retryable: false, repair: snapshot('The frame or tab is gone; take a new snapshot (or list tabs) and act on what is there now.'), note: 'The browsing context was closed or the iframe was removed.' },
  { bidi: 'no such element', code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: snapshot('The element is gone; take a new snapshot and use a fresh element_ref.'), note: 'A shared reference no longer resolves.' },
  { bidi: 'no such node', code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: snapshot('The element is gone; take a new snapshot and use a fresh element_ref.'), note: 'A shared reference from another document.' },
  { bidi: 'stale element reference', code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: snapshot('The element was removed from the page; take a new snapshot.'), note: 'The node was detached.' },
  { bidi: 'no such handle', code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: snapshot('The element handle was released; take a new snapshot.'), note: 'A remote handle was released or its realm destroyed.' },
  { bidi: 'invalid selector', code: 'invalid_selector', detail: 'invalid_selector', retryable: false, note: 'browsingContext.locateNodes got a selector it cannot parse.' },
  { bidi: 'invalid argument', code: 'invalid_request', detail: 'invalid_argument', retryable: false, note: 'The browser refused a parameter (e.g. a malformed URL).' },
  { bidi: 'move target out of bounds', code: 'element_not_actionable', detail: 'out_of_viewport', retryable: false, repair: snapshot('The point is outside the viewport; scroll the element into view or take a new snapshot.'), note: 'Pointer target outside the viewport.' },
  { bidi: 'unknown command', code: 'unsupported_method', detail: 'unknown_command', retryable: false, note: 'This browser version does not implement the BiDi command.' },
  { bidi: 'unsupported operation', code: 'unsupported_method', detail: 'unsupported_operation', retryable: false, note: 'The command exists but this browser does not support this use of it.' },
  { bidi: 'timeout', code: 'navigation_timeout', detail: 'browser_timeout', retryable: true, repair: { method: 'page.wait', params: {}, hint: 'The browser timed out; wait for the page and try again.' }, note: 'The browser gave up waiting.' },
  { bidi: 'no such user context', code: 'session_not_found', detail: 'user_context_gone', retryable: false, repair: ensure('The session\'s browser context is gone; call session.ensure to get a new one.'), note: 'The user context was removed.' },
  { bidi: 'invalid session id', code: 'browser_not_running', detail: 'bidi_session_ended', retryable: true, repair: ensure('The browser session ended; call session.ensure to start a new one.'), note: 'The BiDi session was ended.' },
  { bidi: 'session not created', code: 'browser_not_running', detail: 'session_not_created', retryable: false, repair: status('The browser refused a new automation session; check provider.status.'), note: 'e.g. Firefox allows one BiDi session per process.' },
  { bidi: 'no such history entry', code: 'invalid_request', detail: 'no_history_entry', retryable: false, note: 'Nothing to go back/forward to.' },
  // A clip that misses the document: Chrome 156 "… with zero dimensions: width=28, height=0", Firefox 153
  // "The dimensions of requested screenshot are incorrect, got width: 28 and height: 0".
  { bidi: 'unable to capture screen', messagePattern: 'zero dimensions|dimensions of requested screenshot are incorrect', code: 'invalid_request', detail: 'empty_clip', retryable: false, note: 'The clip rectangle does not overlap the document, so there is nothing to capture.' },
  { bidi: 'unable to capture screen', code: 'internal_error', detail: 'capture_failed', retryable: true, note: 'Transient compositor failure.' },
  { bidi: 'no such script', code: 'internal_error', detail: 'no_such_script', retryable: false, note: 'A preload script id we hold is unknown.' },
  { bidi: 'no such intercept', code: 'invalid_request', detail: 'no_such_intercept', retryable: false, note: 'Network intercept id unknown.' },
  { bidi: 'no such request', code: 'invalid_request', detail: 'no_such_request', retryable: false, note: 'Network request id unknown.' },
  { bidi: 'no such storage partition', code: 'invalid_request', detail: 'no_such_storage_partition', retryable: false, note: 'Cookie partition unknown.' },
  { bidi: 'underspecified storage partition', code: 'invalid_request', detail: 'underspecified_storage_partition', retryable: false, note: 'Cookie partition ambiguous.' },
  { bidi: 'unable to set cookie', code: 'invalid_request', detail: 'cookie_rejected', retryable: false, note: 'The browser refused the cookie.' },
  { bidi: 'unable to set file input', code: 'element_not_actionable', detail: 'file_input', retryable: false, note: 'input.setFiles refused.' },
  { bidi: 'unable to close browser', code: 'internal_error', detail: 'close_failed', retryable: false, note: 'browser.close refused.' },
  { bidi: 'no such web extension', code: 'invalid_request', detail: 'no_such_extension', retryable: false, note: 'webExtension.uninstall with an unknown id.' },
  { bidi: 'invalid web extension', code: 'invalid_request', detail: 'invalid_extension', retryable: false, note: 'webExtension.install could not load the archive.' },
  { bidi: 'no such alert', code: 'invalid_request', detail: 'no_such_prompt', retryable: false, note: 'No user prompt is open.' },
  // Chrome 156 (chromium-bidi): a script awaiting a promise when its document goes away; any command
  // (seen: browsingContext.reload) while the tab is between renderers ("Not attached to an active page").
  { bidi: 'unknown error', messagePattern: 'Inspected target navigated or closed|Execution context was destroyed|Cannot find context with specified id|Not attached to an active page', code: 'not_ready', detail: 'document_replaced', retryable: true, repair: snapshot('The page navigated while the operation ran; take a new snapshot and act on the new page.'), note: 'The document was replaced during the call, or the tab was between documents.' },
  // Chrome 156 reports a superseded navigation as `unknown error`; Firefox 153 as well, with another text.
  { bidi: 'unknown error', messagePattern: 'navigation canceled by concurrent navigation|navigation was aborted|NS_BINDING_ABORTED', code: 'not_ready', detail: 'navigation_superseded', retryable: true, repair: snapshot('Another navigation replaced this one; take a new snapshot to see where the page is.'), note: 'A newer navigation of the same tab won.' },
  // Network failures: Chrome 156 `net::ERR_*`, Firefox 153 `NS_ERROR_*` or `Error: <reason>` (e.g. deniedPortAccess).
  { bidi: 'unknown error', messagePattern: 'net::ERR_|NS_ERROR_|deniedPortAccess|dnsNotFound|connectionFailure|netTimeout|netReset|netOffline|malformedURI|unknownProtocolFound', code: 'invalid_request', detail: 'navigation_failed', retryable: false, note: 'The URL could not be loaded (DNS, refused connection, blocked port, bad scheme).' },
  { bidi: 'unknown error', code: 'internal_error', detail: 'browser_error', retryable: false, note: 'The browser failed without a reason; not guessed at.' },
  { bidi: '<connection_closed>', code: 'browser_not_running', detail: 'connection_closed', retryable: true, repair: ensure('The connection to the browser was lost; call session.ensure to start it again.'), note: 'The BiDi WebSocket closed.' },
  { bidi: '<document_replaced>', code: 'not_ready', detail: 'document_replaced', retryable: true, repair: snapshot('The page navigated while the operation ran; take a new snapshot and act on the new page.'), note: 'Firefox 153 never answers a script awaiting a promise whose document went away; we detect the commit of a new document instead.' },
  { bidi: '<process_exited>', code: 'browser_not_running', detail: 'process_exited', retryable: true, repair: ensure('The browser process exited; call session.ensure to start it again.'), note: 'The launched browser process died.' },
];

const BY_BIDI = new Map(BIDI_ERROR_TABLE.filter((r) => !r.messagePattern).map((r) => [r.bidi, r]));
const PATTERNS = BIDI_ERROR_TABLE.filter((r) => r.messagePattern).map((r) => ({ rule: r, re: new RegExp(r.messagePattern!) }));
const UNKNOWN = BY_BIDI.get('unknown error')!;

function fromRule(rule: ErrorRule, message: string, extra: Record<string, unknown> = {}): ProviderError {
  return new ProviderError(rule.code, message, {
    detail: rule.detail,
    retryable: rule.retryable,
    ...(rule.repair ? { repair: rule.repair } : {}),
    details: extra,
  });
}

/** Translates a BiDi error reply to a command `method`. Unlisted codes fall back to `unknown error`. */
export function translateBidiError(reply: { error: string; message: string }, method: string): ProviderError {
  const rule = PATTERNS.find((p) => p.rule.bidi === reply.error && p.re.test(reply.message))?.rule ?? BY_BIDI.get(reply.error) ?? UNKNOWN;
  const text = reply.message ? `${method}: ${reply.error}: ${reply.message}` : `${method}: ${reply.error}`;
  return fromRule(rule, text, { bidi_error: reply.error });
}

export type GoneReason = 'connection_closed' | 'process_exited';

/** The error every pending and later command gets once the browser or its socket is gone. */
export function browserGone(reason: GoneReason): ProviderError {
  const rule = BY_BIDI.get(`<${reason}>`)!;
  const message =
    reason === 'process_exited' ? 'The browser process exited.' : 'The connection to the browser closed.';
  return fromRule(rule, message);
}

/** The page's document went away while a script call awaited it (see `<document_replaced>`). */
export function documentReplaced(): ProviderError {
  return fromRule(BY_BIDI.get('<document_replaced>')!, 'The document was replaced (navigation or frame removal) while the operation ran.');
}

/** Whether `e` is the BiDi error `code` after translation (e.g. to treat `no such frame` on close as done). */
export function isBidiError(e: unknown, bidi: string): boolean {
  return e instanceof ProviderError && e.details['bidi_error'] === bidi;
}
