import { describe, expect, it } from 'vitest';
import { chordActions, clickActions, keyValue, typeActions } from './input';
import { pngSize } from './png';

const values = (actions: object[]) => (actions[0] as { actions: Array<{ type: string; value: string }> }).actions.map((a) => `${a.type === 'keyDown' ? '+' : '-'}${a.value}`);

describe('input action builders', () => {
  it.each([
    ['Enter', '\uE007'], ['enter', '\uE007'], ['Tab', '\uE004'], ['Escape', '\uE00C'], ['Backspace', '\uE003'],
    ['Delete', '\uE017'], ['ArrowUp', '\uE013'], ['ArrowDown', '\uE015'], ['ArrowLeft', '\uE012'], ['ArrowRight', '\uE014'],
    ['Home', '\uE011'], ['End', '\uE010'], ['PageUp', '\uE00E'], ['PageDown', '\uE00F'], ['Control', '\uE009'],
    ['Shift', '\uE008'], ['Alt', '\uE00A'], ['Meta', '\uE03D'], ['F5', '\uE035'], ['Space', ' '], ['a', 'a'], ['😀', '😀'],
  ])('key %s', (name, value) => expect(keyValue(name)).toBe(value));

  it('refuses unknown multi-character key names with invalid_request', () => {
    expect(() => keyValue('Hyper')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('types one key per code point, newline as Enter, dropping CR', () => {
    expect(values(typeActions('a😀\r\nb'))).toEqual(['+a', '-a', '+😀', '-😀', '+\uE007', '-\uE007', '+b', '-b']);
  });

  it('presses a chord in order and releases it in reverse', () => {
    expect(values(chordActions(['Control', 'Shift', 'k']))).toEqual(['+\uE009', '+\uE008', '+k', '-k', '-\uE008', '-\uE009']);
  });

  it('clicks with a mouse move, down and up at the viewport point', () => {
    expect(clickActions(10.5, 20)).toEqual([
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

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(1280, 16);
    png.writeUInt32BE(7000, 20);
    expect(pngSize(png.toString('base64'))).toEqual({ width: 1280, height: 7000 });
    expect(() => pngSize(Buffer.from('GIF89a....................').toString('base64'))).toThrow();
  });
});
