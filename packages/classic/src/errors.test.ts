import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@browser-provider/protocol';
import { isW3cError, ProviderError, W3C_ERROR_TABLE, w3cErrorRule } from '@browser-provider/core/toolkit';
import { driverExited, translateWebDriverError, TRANSPORT_ERROR_TABLE } from './errors';
import { WireError } from './wire';

/** Every W3C error code of WebDriver §6.6 must be classified. */
const W3C_ERRORS = [
  'element click intercepted', 'element not interactable', 'insecure certificate', 'invalid argument',
  'invalid cookie domain', 'invalid element state', 'invalid selector', 'invalid session id', 'javascript error',
  'move target out of bounds', 'no such alert', 'no such cookie', 'no such element', 'no such frame',
  'no such window', 'no such shadow root', 'script timeout', 'session not created', 'stale element reference',
  'detached shadow root', 'timeout', 'unable to set cookie', 'unable to capture screen', 'unexpected alert open',
  'unknown command', 'unknown error', 'unknown method', 'unsupported operation',
];

function clientError(name: string): Error {
  // The shape the `webdriver` client throws: W3C code in `name`, message with its own suffix.
  const e = new Error(`WebDriverError: boom when running "execute/sync" with method "POST"`);
  e.name = name;
  return e;
}

// The W3C codes themselves are checked against both backends in apps/cli/src/w3c-errors.test.ts;
// here: that classic reads them out of what its client throws, and what is classic's own.
describe('classic WebDriver errors', () => {
  it('classifies every W3C code of §6.6, and the W3C table says which are classic\'s', () => {
    expect(W3C_ERRORS.filter((c) => !isW3cError('classic', c))).toEqual([]);
    const classicSpec = new Set(W3C_ERROR_TABLE.filter((r) => r.spec !== 'bidi').map((r) => r.error));
    expect([...classicSpec].sort()).toEqual([...W3C_ERRORS].sort());
  });

  it.each(W3C_ERRORS)('reads "%s" from the client\'s error and strips its suffix', (name) => {
    const rule = w3cErrorRule('classic', name);
    expect(ERROR_CODES).toContain(rule.code);
    const pe = translateWebDriverError(clientError(name)) as ProviderError;
    expect(pe).toBeInstanceOf(ProviderError);
    expect([pe.code, pe.details.code, pe.retryable]).toEqual([rule.code, rule.detail, rule.retryable]);
    expect(pe.message).toContain('boom');
    expect(pe.message).not.toContain('when running');
  });

  it('marks as retryable only failures that can pass on a plain retry', () => {
    const retryable = W3C_ERRORS.filter((n) => w3cErrorRule('classic', n).retryable).sort();
    expect(retryable).toEqual(['element click intercepted', 'script timeout', 'timeout', 'unable to capture screen', 'unexpected alert open']);
  });

  it('reads W3C codes from raw wire errors too', () => {
    const pe = translateWebDriverError(new WireError('no such element', 'nothing here', 404)) as ProviderError;
    expect(pe).toMatchObject({ code: 'element_not_found', details: { code: 'no_match' } });
  });

  it.each(Object.keys(TRANSPORT_ERROR_TABLE))('classifies transport failure %s', (code) => {
    const e = Object.assign(new Error('Request failed with error code ' + code), { code });
    const pe = translateWebDriverError(e) as ProviderError;
    expect(pe.code).toBe(TRANSPORT_ERROR_TABLE[code]!.code);
  });

  it('classifies connection refused (undici cause) as browser_not_running with session.ensure', () => {
    const e = new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    expect(translateWebDriverError(e)).toMatchObject({ code: 'browser_not_running', retryable: false, details: { code: 'driver_unreachable', repair: { method: 'session.ensure', params: {} } } });
  });

  it('reports a driver exit as browser_not_running', () => {
    expect(driverExited('signal SIGKILL')).toMatchObject({ code: 'browser_not_running', details: { code: 'driver_exited' } });
  });

  it('passes ProviderErrors and abort reasons through, and does not guess the unknown', () => {
    const pe = new ProviderError('not_ready', 'x');
    expect(translateWebDriverError(pe)).toBe(pe);
    const abort = new DOMException('aborted', 'AbortError');
    expect(translateWebDriverError(abort)).toBe(abort);
    const unknown = translateWebDriverError(new Error('weird')) as ProviderError;
    expect(unknown.code).toBe('internal_error');
    expect(unknown.details.repair).toBeUndefined();
  });
});
