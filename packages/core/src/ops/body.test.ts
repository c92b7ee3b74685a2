import { describe, expect, it } from 'vitest';
import { bodyOf } from './body';

/** network.request's bodies: text only when the bytes are text, whatever form the engine handed them in. */
describe('bodyOf', () => {
  const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

  it.each([
    ['base64 PNG bytes', { base64: b64([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1b]) }, 'image/png', { base64: b64([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1b]), size: 6, media_type: 'image/png' }],
    ['base64 bytes that are not UTF-8', { base64: b64([0x61, 0xff, 0xfe]) }, undefined, { base64: b64([0x61, 0xff, 0xfe]), size: 3 }],
    ['base64 UTF-8 text', { base64: Buffer.from('caf\u00e9').toString('base64') }, 'text/plain', { text: 'caf\u00e9', size: 5, media_type: 'text/plain' }],
    // Firefox 153: a text/plain body with a NUL, a byte to a character.
    ['a string of bytes with a NUL', { text: 'a\u0000b\u00ff\u001b[2J' }, 'text/plain', { base64: b64([0x61, 0x00, 0x62, 0xff, 0x1b, 0x5b, 0x32, 0x4a]), size: 8, media_type: 'text/plain' }],
    // Firefox 153 and Chromium 156: a UTF-8 request body, a byte to a character.
    ['UTF-8 read a byte to a character', { text: '{"a":"\u00c3\u00a9"}' }, 'application/json', { text: '{"a":"\u00e9"}', size: 10, media_type: 'application/json' }],
    ['text in a one-byte charset', { text: 'caf\u00e9' }, 'text/plain; charset=iso-8859-1', { text: 'caf\u00e9', size: 5, media_type: 'text/plain; charset=iso-8859-1' }],
    ['text with a terminal escape (shown escaped by the MCP tool, kept here)', { text: 'ok \u001b[2J \u2713' }, undefined, { text: 'ok \u001b[2J \u2713', size: 11 }],
    ['decoded text with a NUL', { text: '\u2713\u0000' }, undefined, { base64: Buffer.from('\u2713\u0000').toString('base64'), size: 4 }],
  ] as const)('%s', (_what, raw, type, want) => {
    expect(bodyOf(raw, type)).toEqual(want);
  });

  it('cuts a long body and says so, with its whole size', () => {
    const r = bodyOf({ text: 'x'.repeat(1_000_010) }, undefined);
    expect(r).toMatchObject({ size: 1_000_010, truncated: true });
    expect(r.text).toHaveLength(1_000_000);
  });
});
