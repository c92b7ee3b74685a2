import { describe, expect, it } from 'vitest';
import { chordActions, clickActions, typeActions } from './input';

const values = (actions: object[]) => (actions[0] as { actions: Array<{ type: string; value: string }> }).actions.map((a) => `${a.type === 'keyDown' ? '+' : '-'}${a.value}`);

describe('input action builders', () => {
  it('types one key per code point, newline as Enter, dropping CR', () => {
    expect(values(typeActions('a😀\r\nb'))).toEqual(['+a', '-a', '+😀', '-😀', '+\uE006', '-\uE006', '+b', '-b']);
  });

  it('presses a chord in order and releases it in reverse', () => {
    expect(values(chordActions(['Control', 'Alt', 'k']))).toEqual(['+\uE009', '+\uE00A', '+k', '-k', '-\uE00A', '-\uE009']);
  });

  it('clicks with a mouse move, down and up at the viewport point', () => {
    expect(clickActions({ x: 10.5, y: 20 })).toEqual([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', x: 10.5, y: 20, origin: 'viewport', duration: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
  });
});
