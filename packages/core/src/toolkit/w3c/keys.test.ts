import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../catalog/errors';
import { chordKeyActions, keyValue, lookupKey, textKeyActions } from './keys';

const flat = (actions: Array<{ type: string; value: string }>) => actions.map((a) => `${a.type === 'keyDown' ? '+' : '-'}${a.value}`);

describe('the one key table', () => {
  it.each([
    ['Enter', '\uE006'], ['enter', '\uE006'], ['Return', '\uE006'], ['Tab', '\uE004'], ['Escape', '\uE00C'], ['Esc', '\uE00C'],
    ['Backspace', '\uE003'], ['Delete', '\uE017'], ['Del', '\uE017'], ['ArrowUp', '\uE013'], ['ArrowDown', '\uE015'],
    ['ArrowLeft', '\uE012'], ['left', '\uE012'], ['ArrowRight', '\uE014'], ['Home', '\uE011'], ['End', '\uE010'],
    ['PageUp', '\uE00E'], ['PageDown', '\uE00F'], ['Control', '\uE009'], ['Ctrl', '\uE009'], ['Shift', '\uE008'],
    ['Alt', '\uE00A'], ['Option', '\uE00A'], ['Meta', '\uE03D'], ['Cmd', '\uE03D'], ['super', '\uE03D'], ['F5', '\uE035'],
    ['F12', '\uE03C'], ['Space', '\uE00D'], ['space', '\uE00D'], [' ', ' '], ['a', 'a'], ['A', 'A'], ['+', '+'], ['😀', '😀'],
  ])('%j → %j', (name, value) => {
    expect(keyValue(name)).toBe(value);
    expect(lookupKey(name)).toBe(value);
  });

  it.each(['Hyper', 'NotAKey', 'ab', ''])('refuses %j with invalid_request naming the key param', (name) => {
    expect(lookupKey(name)).toBeUndefined();
    let thrown: unknown;
    try {
      keyValue(name);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(thrown).toMatchObject({ code: 'invalid_request', details: { code: 'unknown_key', field: 'key' } });
  });

  it('types one key per code point, newline as Enter, tab as Tab, dropping CR', () => {
    expect(flat(textKeyActions('a😀\r\nb\t'))).toEqual(['+a', '-a', '+😀', '-😀', '+\uE006', '-\uE006', '+b', '-b', '+\uE004', '-\uE004']);
  });

  it('presses a chord in order and releases it in reverse', () => {
    expect(flat(chordKeyActions(['Control', 'Alt', 'k']))).toEqual(['+\uE009', '+\uE00A', '+k', '-k', '-\uE00A', '-\uE009']);
  });

  it('sends a letter under Shift as its capital, as a keyboard types it', () => {
    expect(flat(chordKeyActions(['Control', 'Shift', 'k']))).toEqual(['+\uE009', '+\uE008', '+K', '-K', '-\uE008', '-\uE009']);
    expect(flat(chordKeyActions(['shift', '1']))).toEqual(['+\uE008', '+1', '-1', '-\uE008']);
  });
});
