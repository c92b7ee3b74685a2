import { describe, expect, it } from 'vitest';
import { jsonLine } from './json-line';

const reference = (v: unknown) => Buffer.from(`${JSON.stringify(v)}\n`, 'utf8');

const node = (i: number) => ({ node_id: `n${i}`, role: i % 3 ? 'link' : 'text', name: `Row "${i}" ü`, ...(i % 2 ? { element_ref: `e${i}` } : {}) });

class WithToJson {
  toJSON() {
    return { replaced: true };
  }
}

describe('jsonLine', () => {
  const cases: [string, unknown][] = [
    ['an empty object', {}],
    ['a small envelope', { protocol_version: '0.1', id: 'a1', ok: true, result: { x: 1 }, warnings: [] }],
    ['a null id', { protocol_version: '0.1', id: null, ok: false, error: { code: 'invalid_request', message: 'no' } }],
    ['undefined, functions and symbols are left out', { a: undefined, b: () => 1, c: Symbol('s'), d: 1, e: [undefined, () => 1] }],
    ['a first property that is left out', { a: undefined, b: 2 }],
    ['only left-out properties', { a: undefined }],
    ['toJSON and Dates', { w: new WithToJson(), d: new Date(0), deep: { deeper: { deepest: { x: new WithToJson() } } } }],
    ['integer-like keys first, as JSON.stringify orders them', { b: 1, 2: 'two', a: 3, 1: 'one' }],
    // Small values take one JSON.stringify; these put the same edge cases on the batched path.
    ['left-out properties and toJSON beside a long array', { a: undefined, w: new WithToJson(), b: () => 1, n: Array.from({ length: 70 }, (_, i) => i), c: undefined, 2: 'two', 1: 'one' }],
    ['only a long array after left-out properties', { a: undefined, b: Symbol('s'), n: Array.from({ length: 64 }, (_, i) => ({ i, u: undefined })) }],
    ['a long array, in batches', { result: { nodes: Array.from({ length: 1000 }, (_, i) => node(i)) } }],
    ['arrays at the batch edges', { a: Array.from({ length: 63 }, (_, i) => i), b: Array.from({ length: 64 }, (_, i) => i), c: Array.from({ length: 129 }, (_, i) => [i]), d: Array.from({ length: 256 }, (_, i) => `s${i}`) }],
    ['holes and undefined in a long array', { a: Object.assign(new Array(200), { 3: 1, 150: undefined }) }],
    ['non-ASCII: Latin-1, BMP, astral and lone surrogates', { t: 'ü … × 😀 \ud800 x\udc00', n: Array.from({ length: 300 }, (_, i) => `é${i}😀`) }],
    ['strings to escape, short and long, beside a long array', { n: Array.from({ length: 80 }, (_, i) => ['q"', 'back\\slash', 'tab\t', 'nl\n', '\u0000\u001f\u007f', 'x'.repeat(i) + '"', 'y'.repeat(i) + 'ü', 'plain '.repeat(i)]) }],
    ['a long text full of escapes, past the first buffer', { n: Array.from({ length: 64 }, (_, i) => i), text: '"\\\n\u0001'.repeat(40_000) }],
    // Six bytes for each character: the buffer grows mid-string to just what the escapes left need.
    ['a long text of control characters only', { n: Array.from({ length: 64 }, (_, i) => i), text: '\u0001'.repeat(100_000) }],
    ['numbers JSON writes its own way, beside a long array', { n: [NaN, Infinity, -Infinity, -0, 0.1, 1e21, 1e-7, 2 ** 53, -5, ...Array.from({ length: 64 }, (_, i) => i / 3)] }],
    ['getters, non-enumerable and inherited properties beside a long array', { n: Array.from({ length: 64 }, (_, i) => Object.defineProperties(Object.create({ inherited: i }) as object, { g: { get: () => i, enumerable: true }, hidden: { value: i, enumerable: false } })) }],
    ['keys to escape, past ASCII, long and empty, first and not, beside a long array', { n: Array.from({ length: 64 }, (_, i) => ({ [`q"${i}`]: 1, plain: 2, 'back\\slash': 3, 'tab\t': 4, 'ü': 5, '\u007f': 6, ['k'.repeat(40 + i)]: 7, '': 8 })), 'é first': { 'x"': 1 } }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { a: 1, b: [1, 2] })],
    ['nesting deeper than the walk', { a: { b: { c: { d: { e: { f: Array.from({ length: 100 }, (_, i) => i) } } } } } }],
    ['a top-level array', Array.from({ length: 500 }, (_, i) => ({ i }))],
    ['a string', 'plain "string"'],
    ['a number', 42],
  ];
  it.each(cases)('%s: the bytes of JSON.stringify and a newline', (_, value) => {
    expect(jsonLine(value).equals(reference(value))).toBe(true);
  });

  it('throws where JSON.stringify throws', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = { again: cyclic };
    expect(() => jsonLine(cyclic)).toThrow();
    expect(() => jsonLine({ n: 1n })).toThrow();
    const deep: Record<string, unknown> = { n: Array.from({ length: 64 }, (_, i) => i) };
    deep.again = { back: deep };
    expect(() => jsonLine(deep)).toThrow(TypeError);
    expect(() => jsonLine({ n: Array.from({ length: 64 }, () => 1n) })).toThrow(TypeError);
  });
});
