import { describe, expect, test } from 'vitest';
import { jsdomPage } from '../testing/jsdom-page';

describe('focus (jsdom)', () => {
  test('for keys, a focusable widget that is not editable takes focus', async () => {
    const page = jsdomPage('<p id="p">Some text</p><span id="handle" tabindex="0">knob</span>');
    const q = await page.call('query', { selector: '#handle', limit: 1 });
    if (!q.ok) throw new Error(q.message);
    const id = q.matches[0]!.id;
    const doc = await page.call('doc');
    // Typing into it is refused: a slider handle takes keys, not text.
    expect(await page.call('focus', doc, id, false)).toMatchObject({ ok: false, code: 'not_editable' });
    expect(await page.call('focus', doc, id, false, true)).toMatchObject({ ok: true });
    expect(page.document.activeElement?.id).toBe('handle');
  });
});
