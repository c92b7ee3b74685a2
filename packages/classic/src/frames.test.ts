import { describe, expect, it } from 'vitest';
import { ProviderError } from '@browser-provider/core/toolkit';
import { childFrameKey, decodeFrameKey, encodeFrameKey, TOP_FRAME } from './frames';

describe('frame keys', () => {
  it('are JSON paths of iframe ids from the top', () => {
    expect(decodeFrameKey(TOP_FRAME)).toEqual([]);
    const a = childFrameKey(TOP_FRAME, 4);
    const b = childFrameKey(a, 9);
    expect([a, b]).toEqual(['[4]', '[4,9]']);
    expect(decodeFrameKey(b)).toEqual([4, 9]);
    expect(encodeFrameKey(decodeFrameKey(b))).toBe(b);
  });

  it.each(['', 'top', '{}', '[1,"2"]', '[-1]', '[1.5]', 'null'])('refuses the malformed key %j', (key) => {
    expect(() => decodeFrameKey(key)).toThrow(ProviderError);
  });
});
