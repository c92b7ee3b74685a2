import type { ErrorCode, Repair } from '@browser-provider/protocol';
import { errorFromRule, isW3cError, ProviderError, w3cErrorRule } from '@browser-provider/core/toolkit';
import { WireError } from './wire';

/**
 * Where classic WebDriver failures become protocol errors. The W3C error codes (WebDriver §6.6) are
 * classified once, for both protocols, in core (`W3C_ERROR_TABLE`); this module adds only what is
 * classic's own: transport failures of the HTTP connection to the driver, and the driver process
 * exiting. `retryable` is set only where repeating the same request can succeed without the client
 * doing anything else.
 */

export interface ClassicErrorRule {
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair?: Repair;
  message: string;
}

const ENSURE: Repair = {
  method: 'session.ensure',
  params: {},
  hint: 'The browser or its driver is gone; call session.ensure to start a new session.',
};
const WAIT: Repair = {
  method: 'page.wait',
  params: { navigation_complete: true },
  hint: 'The page is still busy; wait for it to settle, then retry.',
};

/** Node transport error codes (node:http, see http-json.ts) → protocol error. */
export const TRANSPORT_ERROR_TABLE: Readonly<Record<string, ClassicErrorRule>> = {
  ECONNREFUSED: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server is not running.' },
  ECONNRESET: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server dropped the connection.' },
  EPIPE: { code: 'browser_not_running', detail: 'driver_unreachable', retryable: false, repair: ENSURE, message: 'The WebDriver server dropped the connection.' },
  ETIMEDOUT: { code: 'not_ready', detail: 'driver_timeout', retryable: true, repair: WAIT, message: 'The WebDriver server did not answer in time.' },
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
  if (typeof o.name === 'string' && isW3cError('classic', o.name)) return { name: o.name, message };
  // The `webdriver` client puts the W3C code in `name`; a reply read by our own client is a WireError,
  // whose code is the driver's even when no table knows it (then it is `unknown error`).
  if (e instanceof WireError && e.error !== 'transport') return { name: e.error, message };
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
  const rule = transport ? TRANSPORT_ERROR_TABLE[transport] : undefined;
  if (rule) return fromRule(rule, driverMessage(message), e);
  if (name !== undefined) {
    const w3c = w3cErrorRule('classic', name);
    return errorFromRule(w3c, `${w3c.meaning} (${driverMessage(message)})`, { cause: e });
  }
  return new ProviderError('internal_error', 'The WebDriver client failed unexpectedly; see the server log.', { cause: e });
}
