import { describe, expect, it } from 'vitest';
import { ProviderError } from '@browser-provider/core';
import { childFrameKey, decodeFrameKey, encodeFrameKey, TOP_FRAME } from './frames';
import { chordActions, keyValue, textActions } from './keys';

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

describe('keys', () => {
  it('maps named keys to W3C key values and passes single characters', () => {
    expect(keyValue('Enter')).toBe('\uE007');
    expect(keyValue('enter')).toBe('\uE007');
    expect(keyValue('Ctrl')).toBe('\uE009');
    expect(keyValue('ArrowLeft')).toBe('\uE012');
    expect(keyValue('PageDown')).toBe('\uE00F');
    expect(keyValue('Meta')).toBe('\uE03D');
    expect(keyValue('a')).toBe('a');
    expect(keyValue('😀')).toBe('😀');
    expect(keyValue('NotAKey')).toBeUndefined();
  });

  it('types characters and turns newlines into Enter', () => {
    expect(textActions('a\n').map((a) => `${a.type}:${a.value}`)).toEqual(['keyDown:a', 'keyUp:a', 'keyDown:\uE007', 'keyUp:\uE007']);
  });

  it('presses chords in order and releases them in reverse', () => {
    expect(chordActions(['\uE009', 'a']).map((a) => `${a.type}:${a.value}`)).toEqual(['keyDown:\uE009', 'keyDown:a', 'keyUp:a', 'keyUp:\uE009']);
  });
});
