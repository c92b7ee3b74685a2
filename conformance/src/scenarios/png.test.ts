import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../testing/fake-png';
import { decodeBase64, readPngHeader } from './png';

// The header reader's table is protocol's (packages/protocol/src/png.test.ts); here it reads what
// the fake provider's encoder writes.
describe('readPngHeader on real PNGs', () => {
  it('reads the size of any PNG the fake provider makes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (w, h) => {
        expect(readPngHeader(solidPng(w, h))).toEqual({ width: w, height: h });
      }),
      { numRuns: 30 },
    );
  });
});

describe('decodeBase64', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), (bytes) => {
        expect(decodeBase64(Buffer.from(bytes).toString('base64'))).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it.each(['', 'abc', 'ab$d', 'data:image/png;base64,AAAA'])('refuses %j', (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });
});
