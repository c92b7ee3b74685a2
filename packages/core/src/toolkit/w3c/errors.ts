import type { ErrorCode, Repair } from '@browser-provider/protocol';
import { ERRORS, repairOf } from '../../catalog';
import { ProviderError } from '../../catalog/errors';

/**
 * The one classifier of W3C WebDriver error codes, for both protocols that use them: WebDriver BiDi
 * (https://w3c.github.io/webdriver-bidi/#errors) and classic WebDriver (§6.6 "Errors",
 * https://w3c.github.io/webdriver/#errors). The codes are a standard, so their meaning for an agent
 * lives here once; a backend keeps only what is its own (message quirks of one browser, transport
 * failures, a process exiting). A row applies to both protocols unless it says `only`, and such a row
 * says `why` the protocols differ. `retryable` is true only when sending the same call again can
 * succeed without the agent changing anything. Repairs name a normalized method; the dispatcher
 * fills in the caller's `session_id` / `page_id`, so `params` carry only what else is needed.
 */

export type WebDriverProtocol = 'bidi' | 'classic';

export interface W3cErrorRule {
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair?: Repair;
  /** What the error means for the agent, in one sentence (the start of the error's message). */
  meaning: string;
}

export interface W3cErrorRow extends W3cErrorRule {
  /** The W3C error code, e.g. `no such frame`. */
  error: string;
  /** Which spec defines the code (for the docs and the spec-coverage tests; the lookup ignores it). */
  spec: 'both' | WebDriverProtocol;
  /** The row applies to this protocol alone; another row covers the other one. */
  only?: WebDriverProtocol;
  /** Why the protocols differ, required with `only`. */
  why?: string;
}

const snapshot = (hint: string): Repair => ({ method: 'page.snapshot', params: {}, hint });
const ensure = (hint: string): Repair => ({ method: 'session.ensure', params: {}, hint });
const WAIT: Repair = { method: 'page.wait', params: { navigation_complete: true }, hint: 'The page is still busy; wait for it to settle, then try again.' };
const STATUS: Repair = { method: 'provider.status', params: {}, hint: 'The browser refused a new automation session; provider.status says what is missing.' };
const GONE = snapshot('The element is gone; take a new snapshot and use a fresh element_ref.');

type Row = W3cErrorRow;
const row = (error: string, spec: Row['spec'], code: ErrorCode, detail: string, retryable: boolean, meaning: string, repair?: Repair, extra: Pick<Row, 'only' | 'why'> = {}): Row =>
  ({ error, spec, code, detail, retryable, meaning, ...(repair ? { repair } : {}), ...extra });

export const W3C_ERROR_TABLE: readonly W3cErrorRow[] = [
  // Elements and frames.
  row('no such element', 'both', 'element_not_found', 'stale_ref', false, 'The element reference no longer resolves.', GONE, {
    only: 'bidi',
    why: 'BiDi raises it only for a shared reference that no longer resolves (locateNodes answers an empty list, never this).',
  }),
  row('no such element', 'both', 'element_not_found', 'no_match', false, 'No element matched.', snapshot('Take a snapshot to see what is on the page, or page.wait for the element first.'), {
    only: 'classic',
    why: 'Classic raises it when Find Element matches nothing (a reference whose node went away is `stale element reference`).',
  }),
  row('stale element reference', 'classic', 'element_not_found', 'stale_ref', false, 'The element is no longer in the page.', GONE),
  row('no such node', 'bidi', 'element_not_found', 'stale_ref', false, 'The shared reference is from another document.', GONE),
  row('no such handle', 'bidi', 'element_not_found', 'stale_ref', false, 'The remote handle was released or its realm destroyed.', GONE),
  row('no such shadow root', 'classic', 'element_not_found', 'no_shadow_root', false, 'The element has no shadow root.', GONE),
  row('detached shadow root', 'classic', 'element_not_found', 'stale_ref', false, 'The shadow root is no longer in the page.', GONE),
  row('no such frame', 'both', 'page_not_found', 'frame_detached', false, 'The frame or tab is gone.', snapshot('The frame or tab is gone; take a new snapshot (or list tabs) and act on what is there now.')),
  row('no such window', 'classic', 'page_not_found', 'window_closed', false, 'The page (window) is closed.', { method: 'tab.list', params: {}, hint: 'That page was closed; list the open tabs and pick another.' }),
  row('invalid selector', 'both', 'invalid_selector', 'syntax', false, 'The selector does not parse.'),
  // Actions.
  // The catalog's cause of the same name, as the driver meets it (an element's point the page moved out of view).
  row('move target out of bounds', 'both', 'element_not_actionable', 'out_of_viewport', false, 'The pointer target is outside the viewport.', repairOf(ERRORS.out_of_viewport, { driver: true })),
  // Something covers the point right now; overlays and animations often go away on their own.
  row('element click intercepted', 'classic', 'element_not_actionable', 'obscured', true, 'Another element covers the click point.', snapshot('Something covers the element; take a new snapshot and act on what is on top.')),
  row('element not interactable', 'classic', 'element_not_actionable', 'not_interactable', false, 'The element cannot be interacted with.', snapshot('The element cannot take this action now; take a new snapshot and check what it is.')),
  row('invalid element state', 'classic', 'element_not_actionable', 'invalid_element_state', false, 'The element is in a state that does not allow this action.', snapshot('Take a new snapshot to see the element as it is now.')),
  row('unable to set file input', 'bidi', 'element_not_actionable', 'file_input', false, 'The browser refused to set the files of the input.'),
  // Dialogs: we answer them ourselves, so a command meeting one is retried after the answer.
  row('unexpected alert open', 'classic', 'not_ready', 'dialog_open', true, 'A JavaScript dialog interrupted the command.', snapshot('A dialog was open; take a new snapshot and act again.')),
  row('no such alert', 'both', 'invalid_request', 'no_dialog', false, 'No dialog is open.', snapshot('No dialog is open; take a snapshot to see the page as it is.')),
  // Scripts and time.
  // Our own injected scripts failing is a provider bug, not the client's.
  row('javascript error', 'classic', 'internal_error', 'javascript_error', false, 'A script failed in the page.'),
  row('script timeout', 'classic', 'not_ready', 'script_timeout', true, 'The page did not answer in time.', WAIT),
  row('timeout', 'classic', 'navigation_timeout', 'browser_timeout', true, 'The browser gave up waiting for the page.', WAIT),
  row('no such script', 'bidi', 'internal_error', 'no_such_script', false, 'A preload script id we hold is unknown.'),
  row('no such history entry', 'bidi', 'invalid_request', 'no_history_entry', false, 'There is nothing to go back or forward to.'),
  // Sessions and the browser.
  // The session ended under us (browser closed or crashed): every later call answers the same, so
  // only a new session helps — not retryable.
  row('invalid session id', 'both', 'browser_not_running', 'session_gone', false, 'The browser session ended.', ensure('The browser session ended; call session.ensure to start a new one.')),
  row('session not created', 'both', 'browser_not_running', 'session_not_created', false, 'The browser refused a new automation session.', STATUS),
  row('no such user context', 'bidi', 'session_not_found', 'user_context_gone', false, "The session's browser context is gone.", ensure("The session's browser context is gone; call session.ensure to get a new one.")),
  row('unable to close browser', 'bidi', 'internal_error', 'close_failed', false, 'The browser refused to close.'),
  row('insecure certificate', 'classic', 'permission_denied', 'insecure_certificate', false, 'The site has an untrusted TLS certificate.'),
  // Unsupported.
  row('unknown command', 'both', 'unsupported_method', 'unknown_command', false, 'This browser does not implement the command.'),
  row('unknown method', 'classic', 'unsupported_method', 'unknown_method', false, 'The driver does not support this HTTP method here.'),
  row('unsupported operation', 'both', 'unsupported_method', 'unsupported_operation', false, 'The browser does not support this use of the command.'),
  row('invalid argument', 'both', 'invalid_request', 'invalid_argument', false, 'The browser refused a parameter (e.g. a malformed URL).'),
  // Screenshots, cookies, network, extensions.
  row('unable to capture screen', 'both', 'internal_error', 'capture_failed', true, 'The browser could not take a screenshot.'),
  row('unable to set cookie', 'both', 'invalid_request', 'cookie_rejected', false, 'The browser refused the cookie.'),
  row('invalid cookie domain', 'classic', 'invalid_request', 'invalid_cookie_domain', false, "The cookie's domain is not the page's."),
  row('no such cookie', 'classic', 'invalid_request', 'no_such_cookie', false, 'No cookie has that name.'),
  row('no such storage partition', 'bidi', 'invalid_request', 'no_such_storage_partition', false, 'The cookie partition is unknown.'),
  row('underspecified storage partition', 'bidi', 'invalid_request', 'underspecified_storage_partition', false, 'The cookie partition is ambiguous.'),
  row('no such intercept', 'bidi', 'invalid_request', 'no_such_intercept', false, 'The network intercept id is unknown.'),
  row('no such request', 'bidi', 'invalid_request', 'no_such_request', false, 'The network request id is unknown.'),
  row('no such web extension', 'bidi', 'invalid_request', 'no_such_extension', false, 'No web extension has that id.'),
  row('invalid web extension', 'bidi', 'invalid_request', 'invalid_extension', false, 'The web extension could not be loaded.'),
  // A failure without a reason is not guessed at.
  row('unknown error', 'both', 'internal_error', 'browser_error', false, 'The browser failed without a reason.'),
];

const key = (protocol: WebDriverProtocol, error: string) => `${protocol}\u0000${error}`;
const BY_KEY = new Map<string, W3cErrorRow>();
for (const r of W3C_ERROR_TABLE) {
  for (const p of r.only ? [r.only] : (['bidi', 'classic'] as const)) BY_KEY.set(key(p, r.error), r);
}

/** Whether `error` is a W3C error code we classify for `protocol`. */
export function isW3cError(protocol: WebDriverProtocol, error: string): boolean {
  return BY_KEY.has(key(protocol, error));
}

/** The rule for a W3C error code; a code we do not know is `unknown error` (a newer spec, a driver's own). */
export function w3cErrorRule(protocol: WebDriverProtocol, error: string): W3cErrorRule {
  return BY_KEY.get(key(protocol, error)) ?? (BY_KEY.get(key(protocol, 'unknown error')) as W3cErrorRow);
}

/** The protocol error for a rule; `message` is what the client reads, `details` go beside `code`. */
export function errorFromRule(rule: Pick<W3cErrorRule, 'code' | 'detail' | 'retryable' | 'repair'>, message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}): ProviderError {
  return new ProviderError(rule.code, message, {
    detail: rule.detail,
    retryable: rule.retryable,
    ...(rule.repair ? { repair: rule.repair } : {}),
    ...(options.details ? { details: options.details } : {}),
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}
