import { describe, expect, it } from 'vitest';
import { cut, newestWithin } from './limits';

describe('answer limits', () => {
  it('cuts a string past its limit and says how much went', () => {
    expect(cut('abcdef', 6)).toBe('abcdef');
    expect(cut('abcdef', 2)).toBe('ab… [4 more characters cut]');
  });

  it('keeps the newest entries that fit the budget, oldest first, and counts the rest', () => {
    const all = ['aaaa', 'bbbb', 'cccc', 'dd'];
    expect(newestWithin(all, 100, (s) => s.length)).toEqual({ kept: all, omitted: 0 });
    expect(newestWithin(all, 6, (s) => s.length)).toEqual({ kept: ['cccc', 'dd'], omitted: 2 });
    expect(newestWithin(all, 5, (s) => s.length)).toEqual({ kept: ['dd'], omitted: 3 });
    // The newest is kept even alone over the budget: it was cut already, and an empty answer says nothing.
    expect(newestWithin(['x'.repeat(10)], 3, (s) => s.length)).toEqual({ kept: ['x'.repeat(10)], omitted: 0 });
    expect(newestWithin([], 3, (s: string) => s.length)).toEqual({ kept: [], omitted: 0 });
  });
});
