import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@browser-provider/protocol';
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
  it.each([
    ['no such frame', '', 'page_not_found', 'frame_detached', false, 'page.snapshot'],
    ['no such element', '', 'element_not_found', 'stale_ref', false, 'page.snapshot'],
    ['no such node', '', 'element_not_found', 'stale_ref', false, 'page.snapshot'],
    ['stale element reference', '', 'element_not_found', 'stale_ref', false, 'page.snapshot'],
    ['invalid argument', 'bad url', 'invalid_request', 'invalid_argument', false, undefined],
    ['invalid selector', '', 'invalid_selector', 'invalid_selector', false, undefined],
    ['move target out of bounds', '', 'element_not_actionable', 'out_of_viewport', false, 'page.snapshot'],
    ['unknown command', '', 'unsupported_method', 'unknown_command', false, undefined],
    ['unsupported operation', '', 'unsupported_method', 'unsupported_operation', false, undefined],
    ['timeout', '', 'navigation_timeout', 'browser_timeout', true, 'page.wait'],
    ['no such user context', '', 'session_not_found', 'user_context_gone', false, 'session.ensure'],
    ['unknown error', 'boom', 'internal_error', 'browser_error', false, undefined],
    ['unknown error', 'Inspected target navigated or closed', 'not_ready', 'document_replaced', true, 'page.snapshot'],
    ['unknown error', 'Not attached to an active page', 'not_ready', 'document_replaced', true, 'page.snapshot'],
    ['unable to capture screen', 'Unable to capture screenshot with zero dimensions: width=28, height=0', 'invalid_request', 'empty_clip', false, undefined],
    ['unable to capture screen', 'The dimensions of requested screenshot are incorrect, got width: 28 and height: 0.', 'invalid_request', 'empty_clip', false, undefined],
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

  it('covers every spec error code with a rule of its own', () => {
    const covered = new Set(BIDI_ERROR_TABLE.map((r) => r.bidi));
    expect(SPEC_CODES.filter((c) => !covered.has(c))).toEqual([]);
  });

  it('uses only the 14 protocol codes, and has no duplicate un-patterned rule', () => {
    for (const r of BIDI_ERROR_TABLE) expect(ERROR_CODES).toContain(r.code);
    const plain = BIDI_ERROR_TABLE.filter((r) => !r.messagePattern).map((r) => r.bidi);
    expect(new Set(plain).size).toBe(plain.length);
  });

  it('marks browser loss retryable with a session.ensure repair', () => {
    for (const reason of ['connection_closed', 'process_exited'] as const) {
      const e = browserGone(reason);
      expect(e).toMatchObject({ code: 'browser_not_running', retryable: true, details: { code: reason, repair: { method: 'session.ensure' } } });
    }
    expect(documentReplaced()).toMatchObject({ code: 'not_ready', retryable: true, details: { code: 'document_replaced' } });
  });
});
