import { describe, expect, test } from 'vitest';
import { jsdomPage } from './testing/jsdom-page';
import { thrownText } from './thrown';

describe('a thrown value always names a cause (issue 21: internal_error "undefined")', () => {
  test.each([
    ['an Error', new TypeError('x is not a function'), 'x is not a function'],
    ['an Error without a message', new RangeError(), 'a thrown RangeError with no message'],
    ['undefined', undefined, 'a thrown undefined (no Error object, so no reason was given)'],
    ['null', null, 'a thrown null (no Error object, so no reason was given)'],
    ['a string', 'boom', 'boom'],
    ['an empty string', '', 'a thrown empty string'],
    ['a number', 42, 'a thrown number: 42'],
    ['a plain object', { code: 7 }, 'a thrown object that is not an Error: [object Object]'],
    ['an object whose message getter throws', Object.defineProperty({}, 'message', { get() { throw new Error('no'); } }), 'a thrown object that cannot be read'],
  ])('%s', (_kind, value, text) => {
    expect(thrownText(value)).toBe(text);
  });

  test('a page op that meets a thrown undefined answers with that cause, not "undefined"', async () => {
    const page = jsdomPage('<p>x</p>');
    Object.defineProperty(page.window, 'devicePixelRatio', { configurable: true, get() { throw undefined; } });
    const reply = JSON.parse(await page.raw('metrics', '[]')) as { ok: boolean; error?: string };
    expect(reply).toEqual({ ok: false, error: 'a thrown undefined (no Error object, so no reason was given)' });
  });
});
