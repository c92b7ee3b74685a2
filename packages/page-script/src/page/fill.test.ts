import { describe, expect, test } from 'vitest';
import { jsdomPage } from '../testing/jsdom-page';

/** The fill op's checks and setting under jsdom (no layout; the engines' own pickers are tested in fill.browser.test.ts). */
describe('fill (jsdom)', () => {
  const page = jsdomPage(`<input id="date" type="date" min="2025-01-01" value="2025-03-01"><input id="range" type="range" min="0" max="10" step="2" value="4">
    <input id="color" type="color"><input id="n" type="number"><input id="t" type="text"><input id="box" type="checkbox">`);
  const fill = async (id: string, text: string) => {
    const q = await page.call('query', { selector: `#${id}`, limit: 1 });
    if (!q.ok) throw new Error(q.message);
    return page.call('fill', await page.call('doc'), q.matches[0]!.id, text, true);
  };
  const events: string[] = [];
  for (const el of Array.from(page.document.querySelectorAll('input'))) for (const t of ['input', 'change']) el.addEventListener(t, () => events.push(`${el.id}:${t}`));

  test('sets a picker kind through its value and fires input then change; types a text kind', async () => {
    expect(await fill('date', ' 2025-06-15 ')).toEqual({ ok: true, by: 'value', value: '2025-06-15' });
    expect(await fill('range', '6')).toEqual({ ok: true, by: 'value', value: '6' });
    expect(await fill('color', '#AABBCC')).toEqual({ ok: true, by: 'value', value: '#aabbcc' });
    expect(events).toEqual(['date:input', 'date:change', 'range:input', 'range:change', 'color:input', 'color:change']);
    expect(await fill('t', 'hello')).toEqual({ ok: true, by: 'keys', exact: true });
    expect(await fill('n', '4')).toMatchObject({ ok: true, by: 'keys' });
    expect(await fill('box', 'x')).toMatchObject({ ok: false, code: 'not_editable' });
  });

  test('refuses text out of format, range or step with the format, and keeps the value', async () => {
    const refused = async (id: string, text: string) => {
      const r = await fill(id, text);
      return r.ok ? 'taken' : r.code === 'value_rejected' ? `${r.format} | ${r.hint} | ${r.value}` : r.code;
    };
    expect(await refused('date', '15/06/2025')).toBe('date YYYY-MM-DD 2025-01-01.. | It takes a date as YYYY-MM-DD (e.g. 2025-06-15), 2025-01-01 or later. | 2025-06-15');
    expect(await refused('range', '11')).toBe('range 0..10 step 2 | It takes a number from 0 to 10 in steps of 2 (e.g. 6). | 6');
    expect(await refused('range', '5')).toMatch(/^range 0\.\.10 step 2 \| .* \| 6$/);
    expect(await refused('color', 'blue')).toBe('colour #rrggbb | It takes a colour as #rrggbb (e.g. #3366cc). | #aabbcc');
    expect(await refused('n', '12abc')).toMatch(/^number \| It takes a number/);
  });
});
