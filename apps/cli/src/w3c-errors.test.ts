import { describe, expect, it } from 'vitest';
import { translateBidiError } from '@browser-provider/bidi';
import { translateWebDriverError, WireError } from '@browser-provider/classic';
import { ProviderError, W3C_ERROR_TABLE, type WebDriverProtocol } from '@browser-provider/core';
import { ERROR_CODES } from '@browser-provider/protocol';

/**
 * The same W3C error codes through both backends' entry points: a BiDi error reply and a classic
 * WebDriver error reply must come out as the same protocol error, except where core's table says
 * the protocols differ (and why). The rows are written by hand, not read from the table.
 */

type Want = [code: string, detail: string, retryable: boolean, repair: string | undefined];
type Row = [error: string, both: Want] | [error: string, bidi: Want, classic: Want];

const ROWS: Row[] = [
  // The disagreements this table settled (issue 14):
  ['no such element', ['element_not_found', 'stale_ref', false, 'page.snapshot'], ['element_not_found', 'no_match', false, 'page.snapshot']],
  ['invalid session id', ['browser_not_running', 'session_gone', false, 'session.ensure']],
  ['no such alert', ['invalid_request', 'no_dialog', false, 'page.snapshot']],
  ['invalid selector', ['invalid_selector', 'syntax', false, undefined]],
  ['timeout', ['navigation_timeout', 'browser_timeout', true, 'page.wait']],
  ['unknown error', ['internal_error', 'browser_error', false, undefined]],
  // The rest both protocols define, or that both have been seen to send:
  ['stale element reference', ['element_not_found', 'stale_ref', false, 'page.snapshot']],
  ['no such frame', ['page_not_found', 'frame_detached', false, 'page.snapshot']],
  ['invalid argument', ['invalid_request', 'invalid_argument', false, undefined]],
  ['move target out of bounds', ['element_not_actionable', 'out_of_viewport', false, 'page.snapshot']],
  ['session not created', ['browser_not_running', 'session_not_created', false, 'provider.status']],
  ['unable to capture screen', ['internal_error', 'capture_failed', true, undefined]],
  ['unable to set cookie', ['invalid_request', 'cookie_rejected', false, undefined]],
  ['unknown command', ['unsupported_method', 'unknown_command', false, undefined]],
  ['unsupported operation', ['unsupported_method', 'unsupported_operation', false, undefined]],
];

const ENTRY: Record<WebDriverProtocol, (error: string, message: string) => unknown> = {
  bidi: (error, message) => translateBidiError({ error, message }, 'script.callFunction'),
  classic: (error, message) => translateWebDriverError(new WireError(error, message, 500)),
};

const cases = ROWS.flatMap((r) =>
  (['bidi', 'classic'] as const).map((p) => ({ protocol: p, error: r[0], want: (r.length === 2 ? r[1] : p === 'bidi' ? r[1] : r[2]) as Want })),
);

describe('W3C error codes through both backends', () => {
  it.each(cases)('$protocol: $error', ({ protocol, error, want }) => {
    const e = ENTRY[protocol](error, 'the driver says why');
    expect(e).toBeInstanceOf(ProviderError);
    const pe = e as ProviderError;
    expect([pe.code, pe.details.code, pe.retryable, pe.details.repair?.method]).toEqual(want);
    expect(pe.message).toContain('the driver says why');
  });

  it('gives a code no table knows the same answer on both', () => {
    for (const p of ['bidi', 'classic'] as const) {
      expect(ENTRY[p]('a code from the future', 'x')).toMatchObject({ code: 'internal_error', details: { code: 'browser_error' } });
    }
  });

  it('says why wherever the protocols differ, and has one row per code and protocol', () => {
    const seen = new Set<string>();
    for (const r of W3C_ERROR_TABLE) {
      expect(ERROR_CODES).toContain(r.code);
      if (r.only) expect(r.why?.length ?? 0, r.error).toBeGreaterThan(20);
      for (const p of r.only ? [r.only] : ['bidi', 'classic']) {
        expect(seen.has(`${p}/${r.error}`), `${p}/${r.error}`).toBe(false);
        seen.add(`${p}/${r.error}`);
      }
    }
  });

  it('names, in every repair, a method an agent can call with the params given', () => {
    for (const r of W3C_ERROR_TABLE) {
      if (r.repair?.method === 'page.wait') expect(Object.keys(r.repair.params).length, r.error).toBeGreaterThan(0);
    }
  });
});
