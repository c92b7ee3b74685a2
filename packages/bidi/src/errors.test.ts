import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@browser-provider/protocol';
import { isW3cError, W3C_ERROR_TABLE } from '@browser-provider/core/toolkit';
import { BIDI_ERROR_TABLE, browserGone, documentReplaced, translateBidiError } from './errors';

/** Every BiDi error code of the spec (https://w3c.github.io/webdriver-bidi/#errors) as of 2025. */
const SPEC_CODES = [
  'invalid argument', 'invalid selector', 'invalid session id', 'invalid web extension', 'move target out of bounds',
  'no such alert', 'no such element', 'no such frame', 'no such handle', 'no such history entry', 'no such intercept',
  'no such node', 'no such request', 'no such script', 'no such storage partition', 'no such user context',
  'no such web extension', 'session not created', 'unable to capture screen', 'unable to close browser',
  'unable to set cookie', 'unable to set file input', 'underspecified storage partition', 'unknown command',
  'unknown error', 'unsupported operation',
];

describe('BiDi error translation', () => {
  // The W3C codes themselves are checked against both backends in apps/cli/src/w3c-errors.test.ts;
  // here: what is BiDi's own, and that a browser's telling message wins over its generic code.
  it.each([
    ['no such frame', '', 'page_not_found', 'frame_detached', false, 'page.snapshot'],
    ['no such node', '', 'element_not_found', 'stale_ref', false, 'page.snapshot'],
    ['no such handle', '', 'element_not_found', 'stale_ref', false, 'page.snapshot'],
    ['no such user context', '', 'session_not_found', 'user_context_gone', false, 'session.ensure'],
    ['no such history entry', '', 'invalid_request', 'no_history_entry', false, undefined],
    ['unknown error', 'boom', 'internal_error', 'browser_error', false, undefined],
    ['unknown error', 'Inspected target navigated or closed', 'not_ready', 'document_replaced', true, 'page.snapshot'],
    ['unknown error', 'Not attached to an active page', 'not_ready', 'document_replaced', true, 'page.snapshot'],
    ['unable to capture screen', 'Unable to capture screenshot with zero dimensions: width=28, height=0', 'invalid_request', 'empty_clip', false, undefined],
    ['unable to capture screen', 'The dimensions of requested screenshot are incorrect, got width: 28 and height: 0.', 'invalid_request', 'empty_clip', false, undefined],
    ['unable to capture screen', 'compositor hiccup', 'internal_error', 'capture_failed', true, undefined],
    ['unknown error', 'net::ERR_CONNECTION_REFUSED', 'invalid_request', 'navigation_failed', false, undefined],
    ['unknown error', 'Error: deniedPortAccess', 'invalid_request', 'navigation_failed', false, undefined],
    ['unknown error', 'navigation canceled by concurrent navigation', 'not_ready', 'navigation_superseded', true, 'page.snapshot'],
    ['a code from the future', '', 'internal_error', 'browser_error', false, undefined],
  ] as const)('%s (%s) → %s/%s', (bidi, message, code, detail, retryable, repair) => {
    const e = translateBidiError({ error: bidi, message }, 'm');
    expect(e.code).toBe(code);
    expect(e.details.code).toBe(detail);
    expect(e.retryable).toBe(retryable);
    expect(e.details.repair?.method).toBe(repair);
    expect(e.details['bidi_error']).toBe(bidi);
    expect(e.message).toContain('m: ');
  });

  it('classifies every spec error code, and the W3C table says which are BiDi\'s', () => {
    expect(SPEC_CODES.filter((c) => !isW3cError('bidi', c))).toEqual([]);
    const bidiSpec = new Set(W3C_ERROR_TABLE.filter((r) => r.spec !== 'classic').map((r) => r.error));
    expect([...bidiSpec].sort()).toEqual([...SPEC_CODES].sort());
  });

  it('keeps only patterned rules and pseudo-codes of its own, with the 14 protocol codes', () => {
    for (const r of BIDI_ERROR_TABLE) {
      expect(ERROR_CODES).toContain(r.code);
      expect(r.messagePattern !== undefined || r.bidi.startsWith('<')).toBe(true);
    }
  });

  it('marks browser loss retryable with a session.ensure repair', () => {
    for (const reason of ['connection_closed', 'process_exited'] as const) {
      const e = browserGone(reason);
      expect(e).toMatchObject({ code: 'browser_not_running', retryable: true, details: { code: reason, repair: { method: 'session.ensure' } } });
    }
    expect(documentReplaced()).toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'document_replaced' } });
  });
});
