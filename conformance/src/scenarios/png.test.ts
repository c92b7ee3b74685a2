import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../testing/fake-png';
import { decodeBase64, readPngHeader } from './png';

describe('readPngHeader', () => {
  it('reads the size of any PNG', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (w, h) => {
        expect(readPngHeader(solidPng(w, h))).toEqual({ width: w, height: h });
      }),
      { numRuns: 30 },
    );
  });

  it.each([
    ['too short', Buffer.from([0x89, 0x50]), 'only 2 bytes'],
    ['a JPEG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]), 'no PNG signature'],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([solidPng(2, 2).subarray(0, 12), Buffer.from('IDAT'), Buffer.alloc(12)]), 'the first chunk is not IHDR'],
  ])('refuses %s', (_name, bytes, reason) => {
    expect(readPngHeader(bytes)).toBe(reason);
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
