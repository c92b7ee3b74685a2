import { describe, expect, test } from 'vitest';
import { RefRegistry } from './refs';

const at = (pageId: string, frame: string, doc: string, id: number) => ({ pageId, frame, doc, id });

describe('RefRegistry', () => {
  test('the same element keeps its ref; a ref is never issued twice', () => {
    const refs = new RefRegistry();
    const a = refs.mint(at('p1', 'f', 'd1', 1));
    const b = refs.mint(at('p1', 'f', 'd1', 2));
    // Interleaving documents must not confuse the last-document shortcut.
    const c = refs.mint(at('p1', 'g', 'd1', 1));
    expect(refs.mint(at('p1', 'f', 'd1', 1))).toBe(a);
    expect(refs.mint(at('p1', 'g', 'd1', 1))).toBe(c);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(refs.resolve(b)).toEqual(at('p1', 'f', 'd1', 2));
  });

  test('mintIn issues what mint issues for the same element, and resolves to its target', () => {
    const refs = new RefRegistry();
    const a = refs.mintIn('p1', 'f', 'd1', 7);
    expect(refs.mint(at('p1', 'f', 'd1', 7))).toBe(a);
    expect(refs.mintIn('p1', 'f', 'd1', 8)).not.toBe(a);
    expect(refs.resolve(a)).toEqual(at('p1', 'f', 'd1', 7));
  });

  test('a dropped document forgets its refs, and its elements get new ones', () => {
    const refs = new RefRegistry();
    const old = refs.mint(at('p1', 'f', 'd1', 1));
    const other = refs.mint(at('p1', 'f', 'd2', 1));
    refs.dropDocument('p1', 'f', 'd1');
    expect(refs.resolve(old)).toBeUndefined();
    expect(refs.wasIssued(old)).toBe(true);
    expect(refs.resolve(other)).toEqual(at('p1', 'f', 'd2', 1));
    const again = refs.mint(at('p1', 'f', 'd1', 1));
    expect(again).not.toBe(old);
    expect(refs.wasIssued('e999')).toBe(false);
  });

  test('dropping a page forgets every document of that page only', () => {
    const refs = new RefRegistry();
    const a = refs.mint(at('p1', 'f', 'd1', 1));
    const b = refs.mint(at('p1', 'g', 'd2', 1));
    const c = refs.mint(at('p10', 'f', 'd1', 1));
    refs.dropPage('p1');
    expect([refs.resolve(a), refs.resolve(b)]).toEqual([undefined, undefined]);
    expect(refs.resolve(c)).toEqual(at('p10', 'f', 'd1', 1));
    expect(refs.mint(at('p10', 'f', 'd1', 1))).toBe(c);
  });
});
