import { describe, expect, it } from 'vitest';
import { urlMatcher } from './wait';
import { callerGlob, callerRegex, callerUrlGlob } from './pattern';

/**
 * Caller patterns run on RE2. `/(a+)+$/` over 40 a's and a "!" takes V8's backtracking engine
 * about 2^40 steps (hours); here it answers at once, so these cases finish at all only on RE2.
 */
const STALL = `${'a'.repeat(40)}!`;

describe('caller patterns', () => {
  it.each([
    ['(a+)+$', '', STALL, false],
    ['(a+)+!', '', STALL, true],
    ['^(\\w+\\s?)*$', '', `${'word '.repeat(30)}!`, false],
    ['hello', 'i', 'Say HELLO', true],
    ['^b', 'm', 'a\nb', true],
    ['a.b', 's', 'a\nb', true],
    ['a.b', '', 'a\nb', false],
    ['(?<word>ab)/c', 'g', 'xab/c', true],
  ])('%s /%s on %j is %s', (source, flags, input, want) => {
    expect(callerRegex(source, flags)(input)).toBe(want);
  });

  it('refuses what has no linear-time form, and unknown flags, by name', () => {
    expect(() => callerRegex('(a)\\1')).toThrow(/no backreferences or lookahead/);
    expect(() => callerRegex('(?=a)b')).toThrow(/no backreferences or lookahead/);
    expect(() => callerRegex('a', 'x')).toThrow(/unknown flag "x"/);
    expect(() => callerRegex('(')).toThrow(/missing closing \)/);
  });

  it('matches a glob over the whole input, its other characters literally', () => {
    expect(callerGlob('https://*.example/*')('https://a.example/b?c')).toBe(true);
    expect(callerGlob('https://*.example/*')('https://a.example.org/')).toBe(false);
    expect(callerGlob('a.b*')('axb')).toBe(false);
    expect(callerGlob(`${'*a'.repeat(20)}*b`)('a'.repeat(5_000))).toBe(false);
  });

  it('runs page.wait url_matches on RE2: regex, glob and substring', () => {
    expect(urlMatcher('/(a+)+$/')(`http://x/${STALL}`)).toBe(false);
    expect(urlMatcher('/\\/done$/i')('http://x/DONE')).toBe(true);
    expect(() => urlMatcher('/(a)\\1/')).toThrow(/url_matches: invalid regular expression/);
    expect(urlMatcher('*/done')('http://x/done')).toBe(true);
    expect(urlMatcher('/done')('http://x/done?y')).toBe(true);
  });

  it.each([
    ['**/api/users', 'http://x:1/api/users', true],
    ['**/api/users', 'http://x:1/api/users?page=2', false],
    ['**/api/*', 'http://x/api/a/b', false],
    ['**/api/**', 'http://x/api/a/b', true],
    ['**/*.{png,jpg}', 'http://x/i/a.jpg', true],
    ['**/*.{png,jpg}', 'http://x/i/a.gif', false],
    ['http://x/a?b=*', 'http://x/a?b=1', true],
    ['http://x/a.b', 'http://x/aXb', false],
    [`${'**a'.repeat(20)}**b`, 'a'.repeat(5_000), false],
  ])('URL glob %s on %s is %s', (glob, url, want) => {
    expect(callerUrlGlob(glob)(url)).toBe(want);
  });

  it('refuses an unclosed brace in a URL glob', () => {
    expect(() => callerUrlGlob('**/{a,b')).toThrow(/unclosed/);
  });
});
