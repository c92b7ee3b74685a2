import { describe, expect, it } from 'vitest';
import { keyboard, textKeyActions } from '@browser-provider/core/toolkit';
import { keyEvents, keyOf, typedChars } from './keys';

describe('typing over CDP', () => {
  it.each([
    ['a', 'KeyA', 65], ['Z', 'KeyZ', 90], ['7', 'Digit7', 55], ['(', 'Digit9', 57], [' ', 'Space', 32],
    ['-', 'Minus', 189], ['"', 'Quote', 222], ['ä', '', 0], ['😀', '', 0],
  ])('%j is typed with %j (%d)', (ch, code, keyCode) => {
    expect(keyOf(ch)).toEqual({ code, keyCode });
  });

  it('takes plain text, and leaves special keys, pauses and chords to BiDi', () => {
    expect(typedChars([keyboard(textKeyActions('ab😀'))])).toEqual(['a', 'b', '😀']);
    expect(typedChars([keyboard(textKeyActions('a\nb'))])).toBeNull();
    expect(typedChars([keyboard([...textKeyActions('a'), { type: 'pause', duration: 0 }])])).toBeNull();
    expect(typedChars([keyboard([{ type: 'keyDown', value: 'a' }, { type: 'keyDown', value: 'b' }, { type: 'keyUp', value: 'b' }, { type: 'keyUp', value: 'a' }])])).toBeNull();
    expect(typedChars([keyboard([])])).toBeNull();
  });

  it('sends a keyDown carrying the text, then its keyUp, per character', () => {
    expect(keyEvents(['q'])).toEqual([
      { type: 'keyDown', key: 'q', code: 'KeyQ', windowsVirtualKeyCode: 81, nativeVirtualKeyCode: 81, text: 'q', unmodifiedText: 'q' },
      { type: 'keyUp', key: 'q', code: 'KeyQ', windowsVirtualKeyCode: 81, nativeVirtualKeyCode: 81 },
    ]);
  });
});
