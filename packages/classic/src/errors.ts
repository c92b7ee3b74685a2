import type { ErrorCode, Repair } from '@browser-provider/protocol';
import { ProviderError } from '@browser-provider/core';

/**
 * The one place where classic WebDriver failures become protocol errors. Every W3C error code
 * (WebDriver §6.6 "Errors"), every transport failure of the HTTP connection to the driver, and the
 * driver process exiting map to exactly one protocol code with a finer `detail`. `retryable` is set
 * only where repeating the same request can succeed without the client doing anything else.
 */

export interface ClassicErrorRule {
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair?: Repair;
  message: string;
}

const SNAPSHOT: Repair = {
  method: 'page.snapshot',
  params: {},
  hint: 'The page changed; take a fresh snapshot and use the new element refs.',
};
const ENSURE: Repair = {
  method: 'session.ensure',
  params: {},
  hint: 'The browser or its driver is gone; call session.ensure to start a new session.',
};
const STATUS: Repair = {
  method: 'provider.status',
  params: {},
  hint: 'The browser could not be started; provider.status lists what is missing.',
};
const TABS: Repair = { method: 'tab.list', params: {}, hint: 'That page was closed; list the open tabs and pick another.' };
const WAIT: Repair = {
  method: 'page.wait',
  params: { navigation_complete: true },
  hint: 'The page is still busy; wait for it to settle, then retry.',
};

/** W3C error string → protocol error. Exported as data so docs and tests can read it. */
export const WEBDRIVER_ERROR_TABLE: Readonly<Record<string, ClassicErrorRule>> = {
  'no such element': { code: 'element_not_found', detail: 'no_such_element', retryable: false, repair: SNAPSHOT, message: 'No element matched.' },
  'stale element reference': { code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: SNAPSHOT, message: 'The element is no longer in the page.' },
  'no such shadow root': { code: 'element_not_found', detail: 'no_shadow_root', retryable: false, repair: SNAPSHOT, message: 'The element has no shadow root.' },
  'detached shadow root': { code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: SNAPSHOT, message: 'The shadow root is no longer in the page.' },
  'no such frame': { code: 'page_not_found', detail: 'frame_detached', retryable: false, repair: SNAPSHOT, message: 'The frame is gone.' },
  'no such window': { code: 'page_not_found', detail: 'window_closed', retryable: false, repair: TABS, message: 'The page (window) is closed.' },
  'invalid argument': { code: 'invalid_request', detail: 'invalid_argument', retryable: false, message: 'The driver rejected an argument.' },
  'invalid selector': { code: 'invalid_selector', detail: 'invalid_selector', retryable: false, message: 'The selector is not valid.' },
  'invalid element state': { code: 'element_not_actionable', detail: 'invalid_element_state', retryable: false, repair: SNAPSHOT, message: 'The element is in a state that does not allow this action.' },
  // Something covers the point right now; overlays and animations often go away on their own.
  'element click intercepted': { code: 'element_not_actionable', detail: 'obscured', retryable: true, repair: SNAPSHOT, message: 'Another element covers the click point.' },
  'element not interactable': { code: 'element_not_actionable', detail: 'not_interactable', retryable: false, repair: SNAPSHOT, message: 'The element cannot be interacted with.' },
  'move target out of bounds': {
    code: 'element_not_actionable',
    detail: 'out_of_viewport',
    retryable: false,
    repair: { method: 'page.snapshot', params: {}, hint: 'The point is outside the viewport; target the element by element_ref so it is scrolled into view.' },
    message: 'The pointer target is outside the viewport.',
  },
  // Our own injected scripts failing is a provider bug, not the client's.
  'javascript error': { code: 'internal_error', detail: 'javascript_error', retryable: false, message: 'A script failed in the page.' },
  'script timeout': { code: 'not_ready', detail: 'script_timeout', retryable: true, repair: WAIT, message: 'The page did not answer in time.' },
  timeout: { code: 'navigation_timeout', detail: 'page_load_timeout', retryable: true, repair: WAIT, message: 'The page did not finish loading in time.' },
  'unknown command': { code: 'unsupported_method', detail: 'unknown_command', retryable: false, message: 'The driver does not know this command.' },
  'unknown method': { code: 'unsupported_method', detail: 'unknown_method', retryable: false, message: 'The driver does not support this HTTP method here.' },
  'unsupported operation': { code: 'unsupported_method', detail: 'unsupported_operation', retryable: false, message: 'The driver does not support this operation.' },
  // The driver's session ended under us (browser closed or crashed): only a new session helps.
  'invalid session id': { code: 'browser_not_running', detail: 'session_gone', retryable: false, repair: ENSURE, message: 'The browser session ended.' },
  'session not created': { code: 'browser_not_running', detail: 'session_not_created', retryable: false, repair: STATUS, message: 'The driver could not start a browser session.' },
  // WebKit's default prompt behaviour is "dismiss and notify": the dialog is already gone when this arrives.
  'unexpected alert open': { code: 'not_ready', detail: 'dialog_open', retryable: true, repair: SNAPSHOT, message: 'A JavaScript dialog interrupted the command.' },
  'no such alert': { code: 'not_ready', detail: 'no_dialog', retryable: false, message: 'No dialog is open.' },
  'no such cookie': { code: 'invalid_request', detail: 'no_such_cookie', retryable: false, message: 'No cookie has that name.' },
  'unable to set cookie': { code: 'invalid_request', detail: 'cookie_rejected', retryable: false, message: 'The browser refused the cookie.' },
  'unable to capture screen': { code: 'internal_error', detail: 'capture_failed', retryable: true, message: 'The browser could not take a screenshot.' },
  'insecure certificate': { code: 'permission_denied', detail: 'insecure_certificate', retryable: false, message: 'The site has an untrusted TLS certificate.' },
  'unknown error': { code: 'internal_error', detail: 'unknown_error', retryable: false, message: 'The driver failed with an unknown error.' },
};

/** Node/undici transport error codes → protocol error. */
export const TRANSPORT_ERROR_TABLE: Readonly<Record<string, ClassicErrorRule>> = {
  ECONNREFUSED: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server is not running.' },
  ECONNRESET: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server dropped the connection.' },
  EPIPE: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server dropped the connection.' },
  UND_ERR_SOCKET: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server closed the socket.' },
  ETIMEDOUT: { code: 'not_ready', detail: 'driver_timeout', retryable: true, repair: WAIT, message: 'The WebDriver server did not answer in time.' },
  UND_ERR_HEADERS_TIMEOUT: { code: 'not_ready', detail: 'driver_timeout', retryable: true, repair: WAIT, message: 'The WebDriver server did not answer in time.' },
};

export const DRIVER_EXITED_RULE: ClassicErrorRule = {
  code: 'browser_not_running',
  detail: 'driver_exited',
  retryable: false,
  repair: ENSURE,
  message: 'The WebDriver server exited.',
};

export function fromRule(rule: ClassicErrorRule, extra?: string, cause?: unknown): ProviderError {
  const message = extra ? `${rule.message} (${extra})` : rule.message;
  return new ProviderError(rule.code, message, {
    detail: rule.detail,
    retryable: rule.retryable,
    ...(rule.repair ? { repair: rule.repair } : {}),
    cause,
  });
}

export function driverExited(how: string): ProviderError {
  return fromRule(DRIVER_EXITED_RULE, how);
}

/** Pulls the W3C `error` string (or a transport code) out of whatever the client threw. */
export function webdriverErrorName(e: unknown): { name?: string; transport?: string; message: string } {
  if (typeof e !== 'object' || e === null) return { message: String(e) };
  const o = e as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  const message = typeof o.message === 'string' ? o.message : String(e);
  const cause = o.cause as { code?: unknown } | undefined;
  const transport = typeof o.code === 'string' ? o.code : typeof cause?.code === 'string' ? cause.code : undefined;
  if (transport && transport in TRANSPORT_ERROR_TABLE) return { transport, message };
  if (typeof o.name === 'string' && o.name in WEBDRIVER_ERROR_TABLE) return { name: o.name, message };
  // The `webdriver` client puts the W3C code in `name`; raw replies arrive as `{error, message}`.
  const raw = (e as { error?: unknown }).error;
  if (typeof raw === 'string' && raw in WEBDRIVER_ERROR_TABLE) return { name: raw, message };
  return { message };
}

/** Strips the client's "when running … with method …" suffix and caps the length for the client. */
function driverMessage(message: string): string {
  const trimmed = message.replace(/^WebDriverError: /, '').replace(/ when running "[^"]*" with method "\w+".*$/s, '');
  return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
}

/**
 * Translates anything a classic command threw. ProviderErrors and abort reasons pass through; an
 * unrecognised throwable becomes `internal_error` without a repair (no guessing).
 */
export function translateWebDriverError(e: unknown): unknown {
  if (e instanceof ProviderError) return e;
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError' || e.name === 'DeadlineExceeded')) return e;
  const { name, transport, message } = webdriverErrorName(e);
  const rule = transport ? TRANSPORT_ERROR_TABLE[transport] : name ? WEBDRIVER_ERROR_TABLE[name] : undefined;
  if (rule) return fromRule(rule, driverMessage(message), e);
  return new ProviderError('internal_error', 'The WebDriver client failed unexpectedly; see the server log.', { cause: e });
}
