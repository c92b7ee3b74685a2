import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@browser-provider/protocol';
import { ProviderError } from '@browser-provider/core';
import { driverExited, translateWebDriverError, TRANSPORT_ERROR_TABLE, WEBDRIVER_ERROR_TABLE } from './errors';
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

describe('classic WebDriver error table', () => {
  it.each(W3C_ERRORS.filter((n) => n !== 'invalid cookie domain'))('classifies "%s"', (name) => {
    const rule = WEBDRIVER_ERROR_TABLE[name];
    expect(rule, name).toBeDefined();
    expect(ERROR_CODES).toContain(rule!.code);
    const pe = translateWebDriverError(clientError(name)) as ProviderError;
    expect(pe).toBeInstanceOf(ProviderError);
    expect(pe.code).toBe(rule!.code);
    expect(pe.details.code).toBe(rule!.detail);
    expect(pe.retryable).toBe(rule!.retryable);
    expect(pe.message).toContain('boom');
    expect(pe.message).not.toContain('when running');
  });

  it('marks as retryable only failures that can pass on a plain retry', () => {
    const retryable = Object.entries(WEBDRIVER_ERROR_TABLE).filter(([, r]) => r.retryable).map(([k]) => k).sort();
    expect(retryable).toEqual(['element click intercepted', 'script timeout', 'timeout', 'unable to capture screen', 'unexpected alert open']);
  });

  it('maps the key cases to the intended codes and repairs', () => {
    const t = (n: string) => translateWebDriverError(clientError(n)) as ProviderError;
    expect(t('stale element reference')).toMatchObject({ code: 'element_not_found', details: { code: 'stale_ref', repair: { method: 'page.snapshot' } } });
    expect(t('no such frame')).toMatchObject({ code: 'page_not_found', details: { code: 'frame_detached' } });
    expect(t('no such window')).toMatchObject({ code: 'page_not_found', details: { repair: { method: 'tab.list' } } });
    expect(t('invalid session id')).toMatchObject({ code: 'browser_not_running', details: { repair: { method: 'session.ensure' } } });
    expect(t('unknown command').code).toBe('unsupported_method');
    expect(t('javascript error').details.repair).toBeUndefined();
  });

  it('reads W3C codes from raw wire errors too', () => {
    const pe = translateWebDriverError(new WireError('no such element', 'nothing here', 404)) as ProviderError;
    expect(pe).toMatchObject({ code: 'element_not_found', details: { code: 'no_such_element' } });
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
